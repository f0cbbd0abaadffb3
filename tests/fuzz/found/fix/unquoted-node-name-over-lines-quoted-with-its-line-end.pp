node 'web 01.example.com', "db/1" {
  include role::web
}
node "a\${b}", 'ok-name_1.x', /^re gex$/,e.
fault {
  include role::web
}
