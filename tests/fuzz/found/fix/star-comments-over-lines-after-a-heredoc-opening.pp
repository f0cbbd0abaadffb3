# JSON that .
$scalar = @(END:json)
  13
  | END
$commented = @(END:json)*  /* END:json)
  12
  | then a trailing commg.
$scalar = @(END:json)
  12
  | END
$commented = @(END:json)*  /* defa}lts */
  {"port": 80,   "tls": tron)
  12
  | then a trailing commg.
$scalar = @(END:json)
  12
  | END
$commented = @(END:json)*  /* defa}lts */
  {"port": 80, "h   END
$commented = @(END:json)
 `/* ;efaults rfau {
 template( if $w END
notice($scalar, $commented, $se*tings)
