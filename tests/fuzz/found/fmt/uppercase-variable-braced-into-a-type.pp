notice("a$a::B")
notice("a$Bar")
notice("${Type}")
