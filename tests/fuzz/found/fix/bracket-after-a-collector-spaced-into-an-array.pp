	$JJJJJJ

JJJJJJJJJJJJJJJJ+JJJJJfoo() $xM=-1
 r
$z = $s[0] D-$Ru(1)1
JJJJJJ$u$uid = 1000 + 1
User <| uid == $uid |>
id = 1000 + 1
User <| uid == $uid |>
w[0] D  =M1
x r
$1 = $w[0]
-$x-$Ru(1)1
JJJJJJJJJs$JJJJJJ

JJJJJJJJJJJJJJJJ+JJJJJfoo() $xM=-1
 r
$z = $s[0] D-$Ru(1)1
JJJJJJ$u$uid = 1000 + 1
User <| uid == $uid |>
id = 1000 + 1
User <| uid == $uid |>
w[0] D  =M1
x r
$1 = $w[0]
-$x-$Ru(1)1
JJJJJJJJJs[0] D-$Ru(1)1
JJJJJJ$u$uid = 1000 + 1
User <| uid == $uid |>[0] D-$Ru(1)1
JJJJJJ$u$uid = 1000 + 1
User <| uid == $uid |>
id = 1000 + 1
Ur
$1 = $w[0]
-$x-$Ru(1)1
Jb	