class base {
  include base::params
  $mode = $base::params::mode
  file { '/etc/base': mode => $mode }
  if $facts['os'] == 'x' {
    include base::extra
  }
  $n = $top_var
  base::item { 'one': }
  $typed = Base::Port
}
#---
class base::params {
  $mode = '0644'
  $count = 1
}
#---
class base::extra {
  file { '/etc/extra': }
}
#---
define base::item() {
  file { "/etc/item/${title}": }
}
#---
type Base::Port = Integer[1, 65535]
#---
class app::a {
  include base
  file { '/etc/base': }
}
#---
class app::b {
  include base
  $y = $base::params::count + 'a'
  $q = assert_type($base::typed, 0)
}
#---
$top_var = 'set'
include base
app::d { 'x': }
define app::d() {
  include base
  file { '/etc/item/one': }
}
