$x=2
;# fmt: skip
$gric
$c = { 'a' => 1 } path=2
;# fmt: skip
$gric
$c = { 'a' => 1 } path has.
inc# '1' ;+ b$1
 = has.
inc# '1' ;+ b$1
 =ude no_class
