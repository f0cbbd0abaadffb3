# Site manifest for a small web farm: a base profile on every node, a web role on the
# front ends and a database role on the back end. Written for rein's README.

# Defaults for every file resource.
File {
  owner => 'root',
  group => 'root',
}

# @summary Base profile: time servers and time zone for every node.
class profile::base (
  Array[String] $ntp_servers = ['0.pool.ntp.org', '1.pool.ntp.org'],
  String        $timezone    = 'UTC',
  Boolean       $manage_motd = true,
) {
  package { ['ntp', 'curl', 'vim']:
    ensure => installed,
  }

  file { '/etc/ntp.conf':
    ensure  => file,
    mode    => '0644',
    content => epp('profile/ntp.conf.epp', { 'servers' => $ntp_servers }),
    require => Package['ntp'],
    notify  => Service['ntp'],
  }

  service { 'ntp':
    ensure => running,
    enable => true,
  }

  if $manage_motd {
    $os = $facts['os']['name']
    file { '/etc/motd':
      ensure  => file,
      content => @("MOTD"/L)
        Welcome to ${trusted['certname']} (${os}).
        Time zone: ${timezone}. \
        Managed by Puppet: local changes will be overwritten.
        | MOTD
    }
  }

  exec { 'set-timezone':
    command => "/usr/bin/timedatectl set-timezone ${timezone}",
    unless  => "/usr/bin/timedatectl show --property=Timezone --value | grep -qx ${timezone}",
  }
}

# @summary One web site: its document root and virtual host.
define profile::vhost (
  String            $docroot,
  Integer[1, 65535] $port    = 80,
  Optional[String]  $ssl_cert = undef,
) {
  $conf = "/etc/nginx/sites-enabled/${title}.conf"

  file { $docroot:
    ensure => directory,
    mode   => '0755',
  }

  file { $conf:
    ensure  => file,
    content => template('profile/vhost.conf.erb'),
    notify  => Service['nginx'],
  }

  if $ssl_cert =~ NotUndef {
    file { "/etc/ssl/certs/${title}.pem":
      ensure => file,
      source => "puppet:///modules/profile/certs/${ssl_cert}",
    }
  }
}

# @summary Web server role: the base profile and one vhost per site.
class role::web (
  Hash[String, Hash] $sites = {},
) {
  include profile::base

  package { 'nginx':
    ensure => installed,
  }
  -> service { 'nginx':
    ensure => running,
    enable => true,
  }

  $sites.each |String $name, Hash $options| {
    profile::vhost { $name:
      * => $options,
    }
  }
}

# @summary Database server role.
class role::db {
  include profile::base

  $memory_mb = $facts['memory']['system']['total_bytes'] / (1024 * 1024)
  $buffer_mb = $memory_mb > 4096 ? {
    true    => $memory_mb / 4,
    default => 512,
  }

  case $facts['os']['family'] {
    'Debian': { $package = 'postgresql' }
    'RedHat': { $package = 'postgresql-server' }
    default:  { fail("Unsupported OS family: ${facts['os']['family']}") }
  }

  package { $package:
    ensure => installed,
  }

  file { '/etc/postgresql/tuning.conf':
    ensure  => file,
    content => "shared_buffers = ${buffer_mb}MB\n",
  }
}

node /^web\d+\.example\.com$/ {
  class { 'role::web':
    sites => {
      'www'   => { 'docroot' => '/srv/www', 'ssl_cert' => 'www' },
      'admin' => { 'docroot' => '/srv/admin', 'port' => 8080 },
    },
  }
}

node 'db1.example.com' {
  include role::db
}

node default {
  include profile::base
}
