# fmt: off
$d = 3
$e = 4 +
# fmt: on
5
