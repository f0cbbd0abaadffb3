# Manages one NTP server entry.

$d = "$x"erver {
}
