class web {
  web::site { 'main': }
  file { '/etc/web': }
  Package['httpd'] -> File['/etc/web']
}
#---
define web::site(String $root = '/srv') {
  include web
  file { "${root}/${title}": }
}
#---
class web::pkg {
  package { 'httpd': }
  notify { 'n': require => File['/nowhere'] }
}
#---
class app::h {
  include web::pkg
  include web
  file { '/etc/web': }
}
#---
web::site { 'main': }
include web::pkg
#---
class app::i {
  app::i::w { 'x': }
  app::i::w { 'y': }
}
define app::i::w() {
  include web
  include web::pkg
  file { '/srv/main': }
}
