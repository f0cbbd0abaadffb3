$a =   1 $b =   2 # fmt: skip
