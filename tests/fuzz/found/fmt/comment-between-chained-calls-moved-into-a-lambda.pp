$joined = $facts # interfaces
  .keys
  .filter |$name| { $name =~ /^eth/ }
  .sort
