# frozen_string_literal: true

# Comparison-only puppet-lint plugin: the three checks that puppet-lint 4.3.0 has and
# Debian's puppet-lint 3.0.1 lacks (top_scope_facts, legacy_facts, space_before_arrow),
# written for rein's lint oracle from their documented behaviour (see README.md here).
# Only detection is reproduced (no `fix`): the oracle compares findings, never fixes.
#
# Loaded before puppet-lint's own command line by the `puppet-lint` wrapper next to this file.

require 'set'
require 'puppet-lint'

# Data and helpers shared by the three checks.
module ReinOracle4x
  VARIABLE_TOKENS = Set[:VARIABLE, :UNENC_VARIABLE].freeze
  COMMENT_TOKENS = Set[:COMMENT, :SLASH_COMMENT, :MLCOMMENT].freeze
  KEY_TOKENS = Set[:STRING, :SSTRING, :NAME].freeze

  # Legacy facts that have exactly one structured-fact replacement (4.3.0 knows 68).
  MAPPED_FACTS = %w[
    architecture augeasversion
    bios_release_date bios_vendor bios_version
    boardassettag boardmanufacturer boardproductname boardserialnumber
    chassisassettag chassistype
    domain fqdn gid hardwareisa hardwaremodel hostname id ipaddress ipaddress6
    lsbdistcodename lsbdistdescription lsbdistid lsbdistrelease lsbmajdistrelease
    lsbminordistrelease lsbrelease
    macaddress macosx_buildversion macosx_productname macosx_productversion
    macosx_productversion_major macosx_productversion_minor manufacturer
    memoryfree memorysize netmask netmask6 network network6
    operatingsystem operatingsystemmajrelease operatingsystemrelease osfamily
    physicalprocessorcount processorcount productname
    rubyplatform rubysitedir rubyversion
    selinux selinux_config_mode selinux_config_policy selinux_current_mode
    selinux_enforced selinux_policyversion serialnumber
    swapencrypted swapfree swapsize system32
    uptime uptime_days uptime_hours uptime_seconds uuid xendomains zonename
  ].to_set.freeze

  # Legacy facts that 4.3.0 reports but cannot rewrite (11).
  UNMAPPED_FACTS = %w[
    memoryfree_mb memorysize_mb swapfree_mb swapsize_mb
    blockdevices interfaces zones
    sshfp_dsa sshfp_ecdsa sshfp_ed25519 sshfp_rsa
  ].to_set.freeze

  # Families of legacy facts whose names embed a device, interface, index or zone (7).
  FACT_FAMILIES = Regexp.union(
    /\Ablockdevice_.*_(?:model|size|vendor)\z/,
    /\A(?:ipaddress|ipaddress6|macaddress|mtu|netmask|netmask6|network|network6)_.*\z/,
    /\Aprocessor[0-9]+\z/,
    /\Asp_.*\z/,
    /\Assh(?:dsa|ecdsa|ed25519|rsa)key\z/,
    /\Aldom_.*\z/,
    /\Azone_.*_(?:brand|iptype|name|uuid|id|path|status)\z/,
  )

  # top_scope_facts leaves these alone; the names are matched as PREFIXES of the variable
  # name after `::` (4.3.0 builds an unanchored alternation), so `$::fqdn_custom` is allowed
  # because it starts with `fqdn`. `PuppetLint.configuration.top_scope_variables` adds names.
  def self.top_scope_allowed
    extra = PuppetLint.configuration.top_scope_variables || []
    names = ['trusted', 'facts'] + MAPPED_FACTS.to_a + extra.map(&:to_s)
    /\A::(?:#{names.map { |n| Regexp.escape(n) }.join('|')})/
  end

  def self.legacy?(name)
    MAPPED_FACTS.include?(name) || UNMAPPED_FACTS.include?(name) || FACT_FAMILIES.match?(name)
  end

  # The fact name a variable token reads, as 4.3.0's legacy_facts sees it, or nil.
  # puppet-lint's lexer keeps a `['key']` suffix in the VARIABLE token in code (`$facts['os']`
  # is one token `facts['os']`) but splits it inside `${...}` (`facts`, `[`, `'os'`, `]`).
  #   $::osfamily -> osfamily;  $facts['osfamily'] / $::facts['osfamily'] -> osfamily
  #   "${facts['osfamily']}" / "${facts["osfamily"]}" / "${facts[osfamily]}" -> osfamily
  # In code, `$facts["osfamily"]` and `$facts[osfamily]` are not recognised (as upstream).
  def self.fact_read_by(token)
    value = token.value
    if value.start_with?('::facts[', "facts['")
      quoted_key(value)
    elsif value == 'facts'
      key_after(token)
    elsif value.start_with?('::')
      value.delete_prefix('::')
    end
  end

  # `facts['a']['b']` -> "a']['b" (everything between the first `['` and the last `']`, which
  # is a legacy fact only for a single key).
  def self.quoted_key(value)
    first = value.index("['")
    last = value.rindex("']")
    first && last && last >= first + 2 ? value[(first + 2)...last] : nil
  end

  def self.key_after(token)
    bracket = token.next_code_token
    return nil unless bracket && bracket.type == :LBRACK

    key = bracket.next_code_token
    key && KEY_TOKENS.include?(key.type) ? key.value : nil
  end
end

# puppet-lint 3.0.1 has no `top_scope_variables` setting; give the configuration one so that
# an rc file or -l file can allow-list names as with 4.3.0.
unless PuppetLint.configuration.respond_to?(:top_scope_variables)
  PuppetLint.configuration.class.send(:attr_accessor, :top_scope_variables)
end

PuppetLint.new_check(:top_scope_facts) do
  def check
    allowed = ReinOracle4x.top_scope_allowed
    tokens.each do |token|
      next unless ReinOracle4x::VARIABLE_TOKENS.include?(token.type)
      next unless token.value.start_with?('::')
      next if allowed.match?(token.value)
      # a qualified variable ($::apache::params::user) is not a fact; 4.3.0 needs a first
      # segment of at least two characters starting with [a-z0-9_]
      next if /\A::[a-z0-9_][a-zA-Z0-9_]+::/.match?(token.value)

      notify :warning,
             message: 'top scope fact instead of facts hash',
             line: token.line,
             column: token.column,
             token: token
    end
  end
end

PuppetLint.new_check(:legacy_facts) do
  def check
    tokens.each do |token|
      next unless ReinOracle4x::VARIABLE_TOKENS.include?(token.type)

      name = ReinOracle4x.fact_read_by(token)
      next unless name && ReinOracle4x.legacy?(name)

      notify :warning,
             message: "legacy fact '#{name}'",
             line: token.line,
             column: token.column,
             token: token,
             fact_name: name
    end
  end
end

PuppetLint.new_check(:space_before_arrow) do
  def check
    resource_indexes.each do |resource|
      arrows = resource[:tokens].select { |t| t.type == :FARROW }
      next if arrows.empty?
      # resources whose arrows span several lines are arrow_alignment's business
      next unless arrows.first.line == arrows.last.line

      arrows.each do |arrow|
        before = arrow.prev_token
        next if before.nil? || before.value == ' '

        notify :warning,
               message: "there should be a single space before '=>' on line #{before.line}, column #{before.column}",
               line: before.line,
               column: before.column,
               token: before
      end
    end
  end
end
