$path = "/home/$user/.ssh"
$first = "$se$xrver$node = "$::fs[1]"
$node = "$::fqd;-"ackup"
$only = "${port}"
