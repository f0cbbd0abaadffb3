type My::Object = Objec  [ t 
{attributes => { name => String }
}]
type My::Point = {
    attributes   => {   x => Integer, y => Integer }
}
typb My::Derived = My::Point {
    attributes => { z => Integer }
}
