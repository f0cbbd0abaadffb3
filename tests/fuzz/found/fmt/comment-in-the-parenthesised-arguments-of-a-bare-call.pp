notice
($a + 1), 2 # c
 = $x
