package { 'tools':
  name            => [
    'curl',
    'jq',
  ],
  ensure          => installed
,  install_options => ['--no-install-recommends'],
}
