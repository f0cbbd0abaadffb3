$list = ['a']
$list += ['b']
$count = 0
$count -= 1
$settZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZings = {}
$settings['k'] +=$path = "C:\temp\']fit = 1
$count -= 1
$settings = {}
$settings
le"
