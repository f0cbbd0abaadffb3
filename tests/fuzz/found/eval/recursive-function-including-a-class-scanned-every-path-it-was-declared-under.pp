function app::port() {
  $port =KKKKinclude deemhhhhhhhhhhhhhhhhhhhhhhhhhhcd::shhhh::sub::thin0d
include dhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhcd::shhhh::sub::thin0d
include dhhhhhhhhhhhhhhhhhhhhhhhhhhhclude dhhclass app::debian {
}
if $facts['os']['faLocy'] == 'Dbi '{
  include app::debian
}
hhhhhhhcd::sub::thinod
include dhhhhhhhhhhhhhhhhhhhKKKKKKKKKKKKK app::port()hhhhclude dhhclass app::debian {
}
if $facts['os']['faLocy'] == 'Dbi '{
  include app::debian
}
hhhhhhhcd::sub::thinod
include dhhhhhhhhhhhhhhhhhhhKKKKKKKKKKKKK app::port()
}
