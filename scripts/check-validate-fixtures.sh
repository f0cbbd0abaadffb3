#!/usr/bin/env bash
# Re-runs `puppet parser validate` on every validator fixture (tests/fixtures/validate/**.pp)
# and checks that the `puppet:` lines recorded in its `.expect` file are what Puppet says
# today. `--bless` rewrites the `puppet:` part instead (keeping the `rein:` and `apply:` lines).
# Fixtures below `modules/` are validated with `--modulepath tests/fixtures/validate/modules`
# (Puppet checks definition locations only under the module path).
# Needs `puppet` (Debian package puppet-agent).
set -euo pipefail
cd "$(dirname "$0")/.."
root=tests/fixtures/validate
bless=0
[ "${1:-}" = --bless ] && bless=1
fail=0
count=0
while IFS= read -r -d '' pp; do
  count=$((count + 1))
  expect="${pp%.pp}.expect"
  abs=$(cd "$(dirname "$pp")" && pwd)/$(basename "$pp")
  args=()
  case "$pp" in "$root"/modules/*) args=(--modulepath "$PWD/$root/modules") ;; esac
  out=$(puppet parser validate --color false "${args[@]}" "$abs" 2>&1 | sed "s#$PWD/$root/##g") || true
  [ -z "$out" ] && out=accepts
  want=$(printf 'puppet: %s\n' "$out")
  if [ "$bless" = 1 ]; then
    rest=$(grep -E '^(rein|apply):' "$expect" 2>/dev/null || true)
    { printf '%s\n' "$want"; [ -n "$rest" ] && printf '%s\n' "$rest"; } >"$expect"
    continue
  fi
  have=$(awk '/^(rein|apply):/{p=0} /^puppet:/{p=1} p' "$expect" 2>/dev/null || true)
  if [ "$have" != "$want" ]; then
    echo "== $pp: Puppet now says:" >&2
    printf '%s\n' "$want" >&2
    echo "-- recorded:" >&2
    printf '%s\n' "$have" >&2
    fail=1
  fi
done < <(find "$root" -name '*.pp' -print0 | sort -z)
echo "validator fixtures checked against puppet: $count"
exit $fail
