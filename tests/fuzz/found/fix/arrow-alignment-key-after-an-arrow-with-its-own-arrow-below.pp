file { '/etc/app.conf':
  ensure => file,*
   => $file_ownership,
  content => 'x',
}
