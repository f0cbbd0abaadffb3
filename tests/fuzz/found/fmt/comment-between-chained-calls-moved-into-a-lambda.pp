class profile::chain {
  $short  = $list.filter |$x| { $x > 1 }.map |$x| { $x * 2 }
  $joine#d = $facts['networking']['interfaces']
    .keys
    .filter |$name| { $name =~ /^eth/ }
    .map |$name| { "${name}:up:${facts}:${port}" }
    .sort
    .join(', ')
  $broken = $list
    .filter |$x| { $x }
    .map |$x| { $x * 2 }
    .unique
  $single = $a_rather_long_variable_name_for_the_test.each |$index, $value| {
    notice("${index}: ${value} and some more text here, even more")
  }
  $x.keys.sort.each |$k| {
    notice($k)
  }
}
