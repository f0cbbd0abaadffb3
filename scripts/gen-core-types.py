#!/usr/bin/env python3
"""Generates src/eval/core_types.json, the schemas of Puppet's core resource types, from
`puppet describe` (Debian's puppet-agent).

Core types are the types puppet-agent itself ships plus those of the modules Puppet 7 vendors
that Debian packages as puppet-module-puppetlabs-*-core (cron, host, mount, augeas, selinux,
sshkeys, mailalias). For each type the file lists its attributes (parameters and properties,
as `puppet describe` prints them, plus `provider` for a type with providers; every type also
takes `name`, which names its namevar), its namevars, and the values an attribute accepts when
`puppet describe` lists them ("Valid values are ..."); it also lists the metaparameters every
type accepts.

Usage: scripts/gen-core-types.py [OUT]   (default src/eval/core_types.json)
"""
import json, os, re, subprocess, sys, tempfile

VENDORED = ['augeas_core', 'cron_core', 'host_core', 'mount_core', 'selinux_core',
            'sshkeys_core', 'mailalias']
MODULES = '/usr/share/puppet/modules'


def describe(args, modulepath):
    r = subprocess.run(['puppet', 'describe', '--modulepath', modulepath] + args,
                       capture_output=True, text=True, check=True)
    return r.stdout


def parse_type(text):
    attrs, namevars, values = [], [], {}
    section, current, collecting = None, None, None
    # A blank line ends the "Valid values are ..." paragraph, which may wrap.
    for line in text.splitlines() + ['']:
        if line in ('Parameters', 'Providers', 'Meta Parameters', 'Features'):
            section = line
            # A type with providers takes the `provider` parameter.
            if line == 'Providers' and 'provider' not in attrs:
                attrs.append('provider')
            continue
        if section not in ('Parameters', 'Meta Parameters'):
            continue
        m = re.match(r'^- \*\*(\w+)\*\*( \(\*namevar\*\))?', line)
        if m:
            current = m.group(1)
            attrs.append(current)
            if m.group(2):
                namevars.append(current)
            continue
        m = re.match(r'^\s*Valid values are (.*)$', line)
        if m and current:
            collecting = m.group(1)
        elif collecting is not None and line.strip():
            collecting += ' ' + line.strip()
        elif collecting is not None:
            values[current] = re.findall(r'`([^`]*)`', collecting)
            collecting = None
    return attrs, namevars, values


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), '..', 'src', 'eval', 'core_types.json')
    version = subprocess.run(['puppet', '--version'], capture_output=True, text=True,
                             check=True).stdout.strip()
    with tempfile.TemporaryDirectory() as mp:
        for m in VENDORED:
            if os.path.isdir(os.path.join(MODULES, m)):
                os.symlink(os.path.join(MODULES, m), os.path.join(mp, m))
        listing = describe(['--list'], mp)
        names = [l.split()[0] for l in listing.splitlines()[1:] if l.strip()]
        types = {}
        for name in names:
            attrs, namevars, values = parse_type(describe([name], mp))
            types[name] = {
                'attributes': sorted(attrs),
                'namevars': namevars,
                'values': dict(sorted(values.items())),
            }
        meta, _, _ = parse_type(describe(['--meta', 'notify'], mp))
        own = set(types['notify']['attributes'])
        metaparams = sorted(a for a in meta if a not in own)
    doc = {
        'generated_by': f'scripts/gen-core-types.py from `puppet describe` (Puppet {version})',
        'metaparameters': metaparams,
        'types': types,
    }
    with open(out, 'w') as f:
        json.dump(doc, f, indent=1, sort_keys=False)
        f.write('\n')
    print(f'{out}: {len(types)} types, {len(metaparams)} metaparameters')


if __name__ == '__main__':
    main()
