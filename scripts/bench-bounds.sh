#!/usr/bin/env bash
# Resource bounds (issues 16 item 3 and 19 item 4): CPU seconds and peak memory of
# `rein check` and `rein fmt` on generated inputs at two sizes each (half and whole), so
# that growth can be read off (time should grow linearly with the size; peak memory should
# stay under 20x the largest file plus a bounded index). At SCALE 1, the issue's sizes:
#   - one 50 MB manifest: real manifests concatenated (and a 25 MB one);
#   - one 1,000,000-line manifest (and one of 500,000 lines);
#   - one 10 MB single-line string with 2 M interpolations (and a 5 MB one);
#   - 100,000 small files (and 50,000).
# Every size is multiplied by SCALE: mind the memory of the machine (at about 140 bytes
# per source byte, SCALE 1 needs some 7 GB); SCALE 0.05 runs in a minute.
# Prints, per run: CPU s, wall s, peak MB, and peak / input size.
#
# Usage: scripts/bench-bounds.sh [CORPUS] [SCALE]   (default /usr/share/puppet/modules.available, 1)
set -euo pipefail
DIR=${1:-/usr/share/puppet/modules.available}
SCALE=${2:-1}
# scaled N: N times SCALE, as an integer.
scaled() { awk -v n="$1" -v s="$SCALE" 'BEGIN { printf "%d", n * s }'; }
cd "$(dirname "$0")/.."
cargo build --release --quiet
REIN=$PWD/target/release/rein
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"

# run LABEL INPUT_BYTES CMD...: CPU, wall and peak memory of CMD (output discarded).
run() {
  local label=$1 bytes=$2
  shift 2
  /usr/bin/time -f '%U %S %e %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err" || true
  read -r u s e m < <(tail -n 1 "$tmp/time")
  awk -v l="$label" -v u="$u" -v s="$s" -v e="$e" -v m="$m" -v b="$bytes" 'BEGIN {
    printf "%-52s %7.2f s CPU %7.2f s wall %8.1f MB peak  %6.1fx input\n", l, u + s, e, m / 1024, m * 1024 / b }'
}

# Real manifests that parse, concatenated.
find -L "$DIR" -name '*.pp' -type f -not -path '*/spec/*' | sort >"$tmp/list"
xargs -a "$tmp/list" -d '\n' cat >"$tmp/corpus.pp"
# grow FILE BYTES: the corpus repeated (in classes renamed per copy) up to BYTES.
grow() {
  local out=$1 want=$2 k=0
  : >"$out"
  while [ "$(stat -c %s "$out")" -lt "$want" ]; do
    k=$((k + 1))
    sed "s/^class \([a-z_:]*\)/class \1_c$k/" "$tmp/corpus.pp" >>"$out"
  done
  truncate -s "$want" "$out"
  printf '\n' >>"$out"
}
# lines FILE N: the corpus repeated up to N lines.
lines() {
  local out=$1 n=$2
  : >"$out"
  while [ "$(wc -l <"$out")" -lt "$n" ]; do cat "$tmp/corpus.pp" >>"$out"; done
  head -n "$n" "$out" >"$out.tmp" && mv "$out.tmp" "$out"
}
size() { stat -c %s "$1"; }

both() { # LABEL FILE
  local f=$2 b
  b=$(size "$f")
  run "check $1 ($((b / 1024)) KB)" "$b" "$REIN" check --no-cache --format concise "$f"
  run "fmt - $1" "$b" sh -c "'$REIN' fmt - <'$f'"
}

echo "one big manifest (real code, concatenated):"
for kb in $(scaled 25600) $(scaled 51200); do
  grow "$tmp/big$kb.pp" $((kb * 1024))
  both "$kb KB manifest" "$tmp/big$kb.pp"
  rm -f "$tmp/big$kb.pp"
done

echo "one long manifest:"
for n in $(scaled 500000) $(scaled 1000000); do
  lines "$tmp/lines$n.pp" "$n"
  both "$n-line manifest" "$tmp/lines$n.pp"
  rm -f "$tmp/lines$n.pp"
done

echo "one single-line string with interpolations:"
for n in $(scaled 1000000) $(scaled 2000000); do
  awk -v n="$n" 'BEGIN { printf "$a = 1\n$s = \""; for (i = 0; i < n; i++) printf "${a}x"; print "\"" }' >"$tmp/str$n.pp"
  both "string, $n interpolations" "$tmp/str$n.pp"
  rm -f "$tmp/str$n.pp"
done

echo "many small files:"
for n in $(scaled 50000) $(scaled 100000); do
  mkdir -p "$tmp/many$n"
  awk -v n="$n" -v d="$tmp/many$n" 'BEGIN {
    for (i = 0; i < n; i++) {
      f = sprintf("%s/f%06d.pp", d, i)
      printf "# @summary c%d\nclass c%d (String $p = \"x\") {\n  file { \"/tmp/c%d\": ensure => file, content => $p }\n}\n", i, i, i > f
      close(f)
    } }'
  largest=$(find "$tmp/many$n" -type f -printf '%s\n' | sort -n | tail -1)
  run "check $n files (largest $largest bytes)" "$largest" "$REIN" check --no-cache --format concise "$tmp/many$n"
  run "fmt --check $n files" "$largest" "$REIN" fmt --check "$tmp/many$n"
  rm -rf "$tmp/many$n"
done
