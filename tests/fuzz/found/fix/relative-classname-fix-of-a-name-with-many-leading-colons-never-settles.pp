class { ':::::::::::::::::::::::::::::deepmod':
  greeting => 'hello',
}
deepmod::site { 'main':
  port => 8080,
}
