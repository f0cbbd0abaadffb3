define web::site() {
  include web
}
#---
web::site { 'main': }
define app::w() {
  include web
}
