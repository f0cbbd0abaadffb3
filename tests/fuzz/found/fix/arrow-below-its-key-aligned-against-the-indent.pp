class { 'app':
  settings  


























































     => {
    'port'        => 8080,
    'max_workers' => 4,
  },
  manage_service => true,
}
