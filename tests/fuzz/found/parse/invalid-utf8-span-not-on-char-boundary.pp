# The string on line 3 holds a byte that is not UTF-8.
$a = 1
$b = 'café'
