# Prints Puppet's own tree of EPP templates: for each FILE, one JSON line
# {"file":…,"json":…} (the PN tree as `rein dump --format json` prints it) or
# {"file":…,"error":…}. `puppet parser dump` cannot do this (it always uses the .pp
# grammar), so this calls Puppet's EPP parser and PN transformer through its Ruby API
# (shared/notes/pn-forms.md, Appendix A). Usage: ruby scripts/epp-dump.rb FILE...
require 'puppet'
require 'json'
Puppet.initialize_settings([])
require 'puppet/pops'
require 'puppet/pops/pn'
ARGV.each do |f|
  src = File.read(f, encoding: 'utf-8')
  begin
    model = Puppet::Pops::Parser::EppParser.new.parse_string(src)
    pn = Puppet::Pops::Model::PNTransformer.transform(model)
    puts JSON.dump({ 'file' => f, 'json' => JSON.dump(pn.to_data) })
  rescue => e
    puts JSON.dump({ 'file' => f, 'error' => e.message })
  end
end
