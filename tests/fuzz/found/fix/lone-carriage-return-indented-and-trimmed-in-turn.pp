node''inherits''{
b
}