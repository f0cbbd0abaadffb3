#!/usr/bin/env bash
# Runs `puppet apply --noop --strict_variables` on every deep-check fixture
# (tests/fixtures/deep/*.pp, with tests/fixtures/deep/modules as the module path) and checks
# that the `apply:` lines recorded in its `.expect` file are what Puppet says today (its
# `Error:`/`Warning:` lines, paths made relative, Facter's noise dropped; `apply: clean`
# when it says nothing). `--bless` rewrites the `apply:` part instead, keeping `rein:` lines.
# Needs `puppet` (Debian package puppet-agent). Runs two fixtures at a time.
set -euo pipefail
cd "$(dirname "$0")/.."
root=tests/fixtures/deep
export bless=0
[ "${1:-}" = --bless ] && bless=1
one() {
  pp=$1
  expect="${pp%.pp}.expect"
  here=$PWD
  abs=$here/$pp
  # Puppet names the node (this machine's certname) in some messages: made neutral.
  out=$(cd /tmp && puppet apply --noop --strict_variables --color false \
    --modulepath "$here/$root/modules" "$abs" 2>&1 |
    grep -E '^(Error|Warning):' | grep -v -i facter |
    sed -e "s#$here/$root/##g" -e "s/ for $node (file:/ for NODE (file:/" \
      -e 's/ on node [^ ]*$//' || true)
  [ -z "$out" ] && out=clean
  want=$(printf '%s\n' "$out" | sed 's/^/apply: /')
  if [ "$bless" = 1 ]; then
    rest=$(grep -E '^rein:' "$expect" 2>/dev/null || true)
    { printf '%s\n' "$want"; [ -n "$rest" ] && printf '%s\n' "$rest"; } >"$expect"
    return 0
  fi
  have=$(grep -E '^apply:' "$expect" 2>/dev/null || true)
  if [ "$have" != "$want" ]; then
    printf '== %s: Puppet now says:\n%s\n-- recorded:\n%s\n' "$pp" "$want" "$have" >&2
    return 1
  fi
}
node=$(puppet config print certname 2>/dev/null || hostname)
export -f one
export root node
count=$(find "$root" -maxdepth 1 -name '*.pp' | wc -l)
if find "$root" -maxdepth 1 -name '*.pp' -print0 | sort -z | xargs -0 -n1 -P2 bash -c 'one "$0"'; then
  echo "deep fixtures checked against puppet apply: $count"
else
  echo "deep fixtures: puppet apply disagrees with the recorded results" >&2
  exit 1
fi
