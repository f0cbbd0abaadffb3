notice
($a + 1)+ 8
notice
($a)[0], 2 # c
