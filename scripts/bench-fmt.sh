#!/usr/bin/env bash
# Times `rein fmt` (release build): the whole corpus (every .pp file formatted through a copy
# with `rein fmt --check`, which formats and verifies without writing), and one ~3,000-line
# manifest formatted from stdin (best of 5 runs).
#
# Usage: scripts/bench-fmt.sh [DIR]
#   DIR  manifests (default /usr/share/puppet/modules.available)
set -euo pipefail

DIR=${1:-/usr/share/puppet/modules.available}
cd "$(dirname "$0")/.."

cargo build --release --quiet
REIN=$PWD/target/release/rein

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }

# Corpus: one process over a copy of the corpus (symlinks resolved), check mode.
cp -rL "$DIR" "$tmp/corpus" 2>/dev/null || true
files=$(find "$tmp/corpus" -name '*.pp' -type f | wc -l)
lines=$(find "$tmp/corpus" -name '*.pp' -type f -print0 | xargs -0 cat | wc -l)
t0=$(now)
"$REIN" fmt --check "$tmp/corpus" >/dev/null || true
t1=$(now)
awk -v f="$files" -v l="$lines" -v a="$t0" -v b="$t1" \
  'BEGIN { printf "corpus: %d files, %d lines: %.2f s (%.0f lines/s)\n", f, l, b - a, l / (b - a) }'

# One ~3,000-line file: the largest manifests concatenated until 3,000 lines.
big="$tmp/big.pp"
: >"$big"
for f in $(find "$tmp/corpus" -name '*.pp' -type f -size +20k | sort); do
  "$REIN" check "$f" >/dev/null 2>&1 || continue
  cat "$f" >>"$big"
  printf '\n' >>"$big"
  [ "$(wc -l <"$big")" -ge 3000 ] && break
done
"$REIN" check "$big" >/dev/null 2>&1 || { echo "concatenated file does not parse"; exit 1; }
n=$(wc -l <"$big")
best=999
for _ in 1 2 3 4 5; do
  t0=$(now)
  "$REIN" fmt - <"$big" >/dev/null
  t1=$(now)
  best=$(awk -v a="$t0" -v b="$t1" -v c="$best" 'BEGIN { d = b - a; print (d < c ? d : c) }')
done
awk -v n="$n" -v t="$best" 'BEGIN { printf "one file from stdin: %d lines: %.1f ms (best of 5)\n", n, t * 1000 }'
