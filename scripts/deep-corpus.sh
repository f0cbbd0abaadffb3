#!/usr/bin/env bash
# The deep rules on real code: runs `rein check` (release build) over a corpus of modules
# (default: Debian's puppet-module-* packages) once as a whole and once module by module,
# prints the deep findings per rule for both, and checks that every error-level deep finding
# is one of the confirmed real bugs listed in tests/deep-corpus/confirmed.txt (each group
# there says what the bug is and how it was confirmed). An error that is not listed is a
# false alarm until someone confirms it: the script fails.
#
# Usage: scripts/deep-corpus.sh [DIR]      (--list prints the current findings in the
#        format of confirmed.txt instead of checking them)
set -euo pipefail
cd "$(dirname "$0")/.."
list=0
[ "${1:-}" = --list ] && { list=1; shift; }
DIR=${1:-/usr/share/puppet/modules.available}
cargo build --release --quiet
REIN=$PWD/target/release/rein
deep=$("$REIN" rule --format json |
  python3 -c 'import json, sys; print("|".join(r["name"] for r in json.load(sys.stdin) if r["category"] == "deep"))')
whole=$(mktemp)
each=$(mktemp)
trap 'rm -f "$whole" "$each"' EXIT
"$REIN" check --format concise "$DIR" >"$whole" 2>/dev/null || true
for m in "$DIR"/*/; do
  "$REIN" check --format concise "$m" 2>/dev/null || true
done >"$each"
found() {
  grep -E ": (error|warning)\[($deep)\]" "$1" | sed "s#^$DIR/##" || true
}
errors() {
  found "$1" | grep -E ": error\[" | sed -E 's/^([^:]+:[0-9]+):[0-9]+: error\[([a-z_]+)\].*/\1 \2/' || true
}
if [ "$list" = 1 ]; then
  { errors "$whole"; errors "$each"; } | sort -u
  exit 0
fi
for run in whole each; do
  f=$whole
  [ "$run" = each ] && f=$each
  echo "deep findings, $([ "$run" = whole ] && echo "the corpus as one run" || echo "each module on its own"):"
  found "$f" | grep -oE '(error|warning)\[[a-z_]+\]' | sort | uniq -c | sort -rn || true
done
confirmed=tests/deep-corpus/confirmed.txt
unconfirmed=$(comm -23 <({ errors "$whole"; errors "$each"; } | sort -u) \
  <(grep -vE '^(#|$)' "$confirmed" | sort -u))
gone=$(comm -13 <({ errors "$whole"; errors "$each"; } | sort -u) \
  <(grep -vE '^(#|$)' "$confirmed" | sort -u))
total=$({ errors "$whole"; errors "$each"; } | sort -u | wc -l)
echo "error-level deep findings: $total distinct, all confirmed: $([ -z "$unconfirmed" ] && echo yes || echo no)"
if [ -n "$gone" ]; then
  echo "listed in $confirmed but no longer reported:"
  printf '%s\n' "$gone"
fi
if [ -n "$unconfirmed" ]; then
  echo "error-level deep findings not confirmed in $confirmed:" >&2
  printf '%s\n' "$unconfirmed" >&2
  exit 1
fi
