#!/usr/bin/env bash
# Instructions executed (valgrind's callgrind: user space only, the same on a loaded
# machine as on an idle one) by `rein check` on a corpus: cold (`--no-cache`), the run that
# fills the cache, and warm (nothing changed). For before/after comparisons of a change
# where CPU seconds are too noisy; pass two binaries to compare them.
#
# Usage: scripts/bench-callgrind.sh [CORPUS] [REIN...]
#   (default /usr/share/puppet/modules.available and target/release/rein, built here)
set -euo pipefail
DIR=${1:-/usr/share/puppet/modules.available}
shift || true
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  cargo build --release --quiet
  set -- "$PWD/target/release/rein"
fi
command -v valgrind >/dev/null || { echo "valgrind not installed (apt-get install -y valgrind)"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# irefs LABEL CMD...: the instructions CMD executed (output discarded).
irefs() {
  local label=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$@" >/dev/null 2>"$tmp/err" || true
  printf '%-40s %15s instructions\n' "$label" "$(sed -n 's/.*refs: *//p' "$tmp/err")"
}
for rein in "$@"; do
  echo "$rein:"
  rm -rf "$tmp/cache"
  irefs "  check --no-cache (cold)" "$rein" check --no-cache --format concise "$DIR"
  irefs "  check, filling the cache" "$rein" check --cache-dir "$tmp/cache" --format concise "$DIR"
  irefs "  check, warm" "$rein" check --cache-dir "$tmp/cache" --format concise "$DIR"
done
