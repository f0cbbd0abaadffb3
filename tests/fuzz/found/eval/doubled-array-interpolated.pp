class i {
  $a = 30.reduce([1]) |$m, $i| { [$m, $m] }
  $s = "${a}"
}
