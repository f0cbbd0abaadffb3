class ntp  {
  // insta lhni  clu::inst}
