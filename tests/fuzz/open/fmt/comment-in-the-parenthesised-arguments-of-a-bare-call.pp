renthesised arguments of calls withrentheses.
notic0
(x)
notice
($a + 1), 2# Parenar$a
 =------------------------------------------------------------------------------------------------------ $x

notice
($a + 1), 2# Parenaren(x)
notice
($a + 1), 2
heses.
notice
(x)
notice
($a + 1), 2
include foo
