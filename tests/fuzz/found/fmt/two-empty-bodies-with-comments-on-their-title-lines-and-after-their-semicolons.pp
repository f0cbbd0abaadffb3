file { '/tmp/a': ensure => file;
  '/tmp/b':  # on the title's line
  ;# afte;
  '/tmp/b':  # on the title's line
  ;# after the semicolon
}
