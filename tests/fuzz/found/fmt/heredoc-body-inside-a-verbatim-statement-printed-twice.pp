$x = @(E) ct
text
E
{
}
