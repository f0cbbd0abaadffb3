
 
$

# first



#eco$ir a
/* bcond
$a = 1 # after a
/* block */-$b =A [ # o       
]3#fmt: on
$e   =   2 nd
$a < 1 # after a
/* blo`k   =   2 */
$b = [ # opener
      3]
# fmt: on
$e   =   2 # fm: second
$a = 1 # after a
/* block */-$b = [ # opener
  1, # one
  # before
        
]3#fmt: on
$e=       3 # fmt: skip
# last
