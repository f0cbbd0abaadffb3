# Commestn bedwon
# the title trail the `;`).
file {
  '/tmp/a': ensure => file;
  '/tmp/b'
:  # t
  ;# Commestn bedwon
# th 'mp/d': # on @te semicolofore it
  }
