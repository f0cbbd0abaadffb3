notice($Foo)
notice("a$a::B")
notice("a$Bar")
notice($_a::b, $::_ok, $a::_ok)
notice("${Type}")
$Up = 1
