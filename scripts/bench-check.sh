#!/usr/bin/env bash
# Times `rein check` (release build), puppet-lint and `puppet parser validate` on the same
# manifests and prints wall time and lines per second for each. rein is timed five ways:
# parser only (`--ignore all`: syntax errors only), with the default rules, with the default
# rules but not the deep ones (`--ignore deep`: no evaluation), with every rule
# (`--select all`), and with puppet-lint's checks only (`--only-checks` every puppet-lint
# check: the same work as puppet-lint with every check on).
#
# Usage: scripts/bench-check.sh [DIR] [BATCH]
#   DIR    manifests to check (default /usr/share/puppet/modules.available)
#   BATCH  files per `puppet parser validate` call (default 200). Puppet aborts a whole
#          batch on some errors (e.g. a duplicate definition of a type), so a failed batch
#          is retried file by file; those files are counted as failed.
set -euo pipefail

DIR=${1:-/usr/share/puppet/modules.available}
BATCH=${2:-200}
cd "$(dirname "$0")/.."

cargo build --release --quiet
REIN=$PWD/target/release/rein

list=$(mktemp)
trap 'rm -f "$list"' EXIT
# The files rein checks: .pp files, without spec/fixtures and vendor copies.
find -L "$DIR" -name '*.pp' -type f -not -path '*/spec/fixtures/*' -not -path '*/vendor/*' \
  | sort >"$list"
files=$(wc -l <"$list")
lines=$(tr '\n' '\0' <"$list" | xargs -0 cat | wc -l)
echo "corpus: $DIR: $files files, $lines lines"

now() { date +%s.%N; }
rate() { awk -v l="$1" -v t="$2" 'BEGIN { if (t > 0) printf "%.0f", l / t; else print "inf" }'; }

# rein: best of 3 runs of each.
time_rein() {
  local label=$1 best= t t0 t1
  shift
  for _ in 1 2 3; do
    t0=$(now)
    "$REIN" check --format concise "$@" "$DIR" >/dev/null || true
    t1=$(now)
    t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  printf '%-24s wall %ss  %s lines/s  (best of 3, %s cores)\n' "$label" "$best" "$(rate "$lines" "$best")" "$(nproc)"
}
time_rein "rein check (parser):" --ignore all
time_rein "rein check (default):"
time_rein "rein (default - deep):" --ignore deep
time_rein "rein check (all rules):" --select all
time_rein "rein (puppet-lint mode):" --only-checks "$("$REIN" rule --format json | python3 -c 'import json, sys; print(",".join(r["puppet_lint"] for r in json.load(sys.stdin) if r["puppet_lint"]))')"

# puppet-lint with every built-in check on, on the same files (it takes files, not a tree:
# with a directory it checks only the first argument).
if command -v puppet-lint >/dev/null; then
  t0=$(now)
  xargs -a "$list" -n "$BATCH" puppet-lint --80chars-check --code_on_top_scope-check \
    --class_inherits_from_params_class-check --quoted_booleans-check >/dev/null 2>&1 || true
  t1=$(now)
  t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
  echo "puppet-lint $(puppet-lint --version | awk '{print $2}'):       wall ${t}s  $(rate "$lines" "$t") lines/s  (every check, batches of $BATCH)"
else
  echo "puppet-lint not installed: skipping it"
fi

if ! command -v puppet >/dev/null; then
  echo "puppet not installed: skipping puppet parser validate"
  exit 0
fi
failed=0
t0=$(now)
while mapfile -t -n "$BATCH" -u 3 chunk && [ "${#chunk[@]}" -gt 0 ]; do
  if ! puppet parser validate --color false "${chunk[@]}" >/dev/null 2>&1; then
    for f in "${chunk[@]}"; do
      puppet parser validate --color false "$f" >/dev/null 2>&1 || failed=$((failed + 1))
    done
  fi
done 3<"$list"
t1=$(now)
t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
echo "puppet parser validate:  wall ${t}s  $(rate "$lines" "$t") lines/s  (batches of $BATCH; $failed files rejected)"
