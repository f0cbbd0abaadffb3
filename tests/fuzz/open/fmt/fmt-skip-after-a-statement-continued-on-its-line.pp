# first

# second
$a = 1 # after a
/* block */
$b = [ # opener
  1, # one
  # before two
  2,
  # dangling
]
$c = foo(
  1, # arg
  2
)
# fmt: off
$d   =    [1,2,
        3]e   =   2% # fmt: skip
# l
# fmt: on
$e   =   2 # fmt: skip,
# last
