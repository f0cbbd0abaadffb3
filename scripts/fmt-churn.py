#!/usr/bin/env python3
"""Prints the share of lines `rein fmt` changes on a corpus of manifests.

Usage: scripts/fmt-churn.py [--rein PATH] [--jobs N] [--top N] [DIR...]
       (default DIR: /usr/share/puppet/modules.available, Debian's Puppet modules;
        default rein: target/release/rein, built first with `cargo build --release`)

Every `.pp` file under the given directories (symbolic links followed, `spec/fixtures/`
and `vendor/` skipped) is formatted with `rein fmt -` (nothing is written). A line of the
original counts as changed when it is not kept as is in the output (Python's difflib
matching of the two line lists). The changed lines are sorted by what changed (line by
line where a run of lines is replaced by as many, else for the run): indentation only, spacing inside the lines, line breaks (the same text over
other lines, commas added or removed), commas, quotes, a removed empty line, or more. Files rein refuses (syntax
errors) are counted apart.

Prints `files: N, changed: M (x%)`, `lines: L, changed: C (y%)`, the breakdown, and with
--top the files with the most changed lines.
"""

import argparse
import concurrent.futures as cf
import difflib
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'fmt_corpus'))
from files import pp_files  # noqa: E402

KINDS = ['indentation', 'spacing in the line', 'line breaks', 'commas', 'quotes',
         'empty lines removed', 'other']


def squeeze(lines):
    return re.sub(r'\s+', '', ''.join(lines))


def kind(old, new):
    """What changed between the lines `old` and the lines `new` that replace them."""
    if not new:
        return 'empty lines removed' if all(not x.strip() for x in old) else 'other'
    if squeeze(old) == squeeze(new):
        if len(old) != len(new):
            return 'line breaks'
        if all(a.strip() == b.strip() for a, b in zip(old, new)):
            return 'indentation'
        return 'spacing in the line'
    if squeeze(old).replace(',', '') == squeeze(new).replace(',', ''):
        return 'commas' if len(old) == len(new) else 'line breaks'
    if squeeze(old).replace('"', "'") == squeeze(new).replace('"', "'"):
        return 'quotes'
    return 'other'


def churn(rein, path):
    with open(path, 'rb') as f:
        data = f.read()
    r = subprocess.run([rein, 'fmt', '-', '--stdin-filepath', path], input=data,
                       capture_output=True)
    old = data.decode('utf-8', 'replace').splitlines()
    if r.returncode != 0:
        return path, len(old), None, {}
    new = r.stdout.decode('utf-8', 'replace').splitlines()
    changed = 0
    kinds = {}
    sm = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == 'equal' or i1 == i2:
            continue
        changed += i2 - i1
        if i2 - i1 == j2 - j1:
            # As many lines: each one against the line that replaces it.
            runs = [([a], [b]) for a, b in zip(old[i1:i2], new[j1:j2])]
        else:
            runs = [(old[i1:i2], new[j1:j2])]
        for a, b in runs:
            k = kind(a, b)
            kinds[k] = kinds.get(k, 0) + len(a)
    return path, len(old), changed, kinds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('dirs', nargs='*', default=['/usr/share/puppet/modules.available'])
    ap.add_argument('--rein', help='the rein binary (default: build target/release/rein)')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--top', type=int, default=0, help='list the N files with most changes')
    args = ap.parse_args()
    rein = args.rein
    if rein is None:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        subprocess.run(['cargo', 'build', '--release', '--quiet'], cwd=root, check=True)
        rein = os.path.join(root, 'target', 'release', 'rein')
    paths = list(pp_files(args.dirs))
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(lambda p: churn(rein, p), paths))
    files = len(results)
    refused = [r for r in results if r[2] is None]
    done = [r for r in results if r[2] is not None]
    changed_files = sum(1 for r in done if r[2])
    lines = sum(r[1] for r in done)
    changed = sum(r[2] for r in done)
    totals = {k: 0 for k in KINDS}
    for r in done:
        for k, n in r[3].items():
            totals[k] += n

    def pct(a, b):
        return f'{100 * a / b:.2f}%' if b else '-'
    print(f'files: {files}, changed: {changed_files} ({pct(changed_files, len(done))}), '
          f'refused: {len(refused)}')
    print(f'lines: {lines}, changed: {changed} ({pct(changed, lines)})')
    for k in KINDS:
        if totals[k]:
            print(f'  {k:22} {totals[k]:>7} ({pct(totals[k], lines)} of all lines)')
    if args.top:
        print('most changed files:')
        for r in sorted(done, key=lambda r: -r[2])[:args.top]:
            print(f'  {r[2]:>5} of {r[1]:>5}  {r[0]}')
    for r in refused:
        print(f'refused: {r[0]}', file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
