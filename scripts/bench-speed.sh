#!/usr/bin/env bash
# CPU seconds (user + system, of the process and its children) of rein (release build),
# puppet-lint and `puppet parser validate`, side by side in one run on the same manifests:
#   - `rein check` cold (`--no-cache`) on the directory and with every file named as an
#     argument from that directory (as pre-commit calls it from a repository's root), warm
#     (cache filled, nothing changed; the mean of 20 runs, with concise and with the
#     default output), and warm after touching one file;
#   - `rein fmt --check` on a copy of the corpus;
#   - one ~3,000-line file: `rein fmt -` from stdin, `rein check` on it;
#   - puppet-lint 3.0.1 (every check on, batches of 200 files) and `puppet parser validate`
#     (batches of 200 files) on the same files, and on the single file;
#   - linearity: one generated manifest with 50,000 and 100,000 findings, and 1,000 and
#     2,000 files named as arguments: the CPU per finding and per file should stay flat;
#   - one core (`taskset -c 0`) and two: lines per second, and the scaling;
#   - a synthetic control repo of over 1,000,000 lines (scripts/gen-control-repo.sh: the
#     corpus copied 7 times with its modules renamed): CPU and peak memory per line against
#     the corpus's (within 10% is linear).
# Peak memory (max RSS) is shown for the rein runs. The load average is printed: the CPU
# seconds of a loaded machine are higher (see scripts/bench-callgrind.sh for instruction
# counts, which do not depend on the load).
#
# Usage: scripts/bench-speed.sh [DIR]   (default /usr/share/puppet/modules.available)
set -euo pipefail
DIR=${1:-/usr/share/puppet/modules.available}
cd "$(dirname "$0")/.."
cargo build --release --quiet
REIN=$PWD/target/release/rein
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

list=$tmp/list
find -L "$DIR" -name '*.pp' -type f -not -path '*/spec/fixtures/*' -not -path '*/vendor/*' \
  | sort >"$list"
files=$(wc -l <"$list")
lines=$(tr '\n' '\0' <"$list" | xargs -0 cat | wc -l)
echo "corpus: $DIR: $files files, $lines lines; $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"

# cpu LABEL CMD...: runs CMD (output discarded), prints its CPU seconds and peak memory,
# and keeps the CPU seconds in $CPU.
cpu() {
  local label=$1
  shift
  /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >/dev/null 2>&1 || true
  read -r u s m < <(tail -n 1 "$tmp/time")
  CPU=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
  printf '%-44s %7.2f s CPU  %7.1f MB peak\n' "$label" "$CPU" "$(awk -v m="$m" 'BEGIN { print m / 1024 }')"
}
# cpu_mean LABEL CMD...: as `cpu`, the mean of 20 runs (a warm run takes a few
# hundredths of a second, under the 10 ms that `time` resolves), after one untimed run.
cpu_mean() {
  local label=$1 n=20
  shift
  # Once first, from the same shell as the timed runs (the same environment, so the same
  # invocation): the runs timed are warm ones.
  sh -c '"$@" >/dev/null 2>&1' sh "$@" || true
  /usr/bin/time -f '%U %S %M' -o "$tmp/time" \
    sh -c 'n=$1; shift; i=0; while [ "$i" -lt "$n" ]; do "$@" >/dev/null 2>&1; i=$((i + 1)); done' sh "$n" "$@" || true
  read -r u s m < <(tail -n 1 "$tmp/time")
  CPU=$(awk -v u="$u" -v s="$s" -v n="$n" 'BEGIN { printf "%.4f", (u + s) / n }')
  printf '%-44s %7.4f s CPU  %7.1f MB peak (mean of %d)\n' "$label" "$CPU" "$(awk -v m="$m" 'BEGIN { print m / 1024 }')" "$n"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.0fx", a / b; else print "inf" }'; }

# The files named as pre-commit names them: relative, from the directory that holds them
# (so that the run sees the same module path as the directory's).
mapfile -t named < <(sed "s|^$DIR/||" "$list")
cache=$tmp/cache
cpu "rein check, directory, cold" "$REIN" check --no-cache --format concise "$DIR"
cold_dir=$CPU
cpu "rein check, $files files named, cold" env -C "$DIR" "$REIN" check --no-cache --format concise "${named[@]}"
cold_named=$CPU
"$REIN" check --cache-dir "$cache" --format concise "$DIR" >/dev/null 2>&1 || true
cpu_mean "rein check, directory, warm" "$REIN" check --cache-dir "$cache" --format concise "$DIR"
warm=$CPU
cpu_mean "rein check, directory, warm, default output" "$REIN" check --cache-dir "$cache" "$DIR"
env -C "$DIR" "$REIN" check --cache-dir "$cache" --format concise "${named[@]}" >/dev/null 2>&1 || true
cpu_mean "rein check, $files files named, warm" env -C "$DIR" "$REIN" check --cache-dir "$cache" --format concise "${named[@]}"
warm_named=$CPU
# Touch one file (a copy of the corpus, so that it can be edited).
cp -rL "$DIR" "$tmp/corpus" 2>/dev/null || true
rm -rf "$tmp/corpus/.rein_cache"
# A checkout's directories are older than the 2 s a stamp takes to settle (a walk whose
# directories changed within them is not kept): the copy's are made so before the run that
# fills the cache.
sleep 2.1
"$REIN" check --cache-dir "$cache" --format concise "$tmp/corpus" >/dev/null 2>&1 || true
# (A failing `find` or a pipe closed early must not end the benchmark under `set -e`.)
one=$(find "$tmp/corpus" -path '*/manifests/init.pp' 2>/dev/null | sort | head -1) || true
printf '\n' >>"$one"
cpu "rein check, warm, one file touched" "$REIN" check --cache-dir "$cache" --format concise "$tmp/corpus"
cpu "rein fmt --check, directory" "$REIN" fmt --check "$tmp/corpus"

# One ~3,000-line file: the largest manifests that parse, concatenated.
big=$tmp/big.pp
: >"$big"
while read -r f; do
  "$REIN" check --no-cache --ignore all "$f" >/dev/null 2>&1 || continue
  [ $(($(wc -l <"$big") + $(wc -l <"$f"))) -gt 3300 ] && continue
  cat "$f" >>"$big"
  printf '\n' >>"$big"
  [ "$(wc -l <"$big")" -ge 3000 ] && break
done < <(xargs -a "$list" -d '\n' ls -S 2>/dev/null)
cpu "rein fmt - (one $(wc -l <"$big")-line file, stdin)" sh -c "'$REIN' fmt - <'$big'"
cpu "rein check (the same file)" "$REIN" check --no-cache "$big"

if command -v puppet-lint >/dev/null; then
  cpu "puppet-lint $(puppet-lint --version | awk '{print $2}') (every check, batches of 200)" \
    sh -c "xargs -a '$list' -d '\n' -n 200 puppet-lint --80chars-check --code_on_top_scope-check --class_inherits_from_params_class-check --quoted_booleans-check"
  lint=$CPU
  cpu "puppet-lint (the single file)" puppet-lint "$big"
else
  echo "puppet-lint not installed (apt-get install -y puppet-lint): skipped"
  lint=0
fi
if command -v puppet >/dev/null; then
  cpu "puppet parser validate (batches of 200)" \
    sh -c "xargs -a '$list' -d '\n' -n 200 puppet parser validate --color false"
  validate=$CPU
  cpu "puppet parser validate (the single file)" puppet parser validate "$big"
else
  echo "puppet not installed: skipped"
  validate=0
fi
echo
echo "puppet-lint / rein:   directory cold $(ratio "$lint" "$cold_dir"), named cold $(ratio "$lint" "$cold_named"), warm $(ratio "$lint" "$warm"), named warm $(ratio "$lint" "$warm_named")"
echo "validate / rein:      directory cold $(ratio "$validate" "$cold_dir"), named cold $(ratio "$validate" "$cold_named")"

echo
echo "linearity:"
# A manifest of N resources with five findings each.
gen() {
  awk -v n="$1" 'BEGIN {
    print "class big {"
    for (i = 0; i < n; i++) printf "  file { \"/tmp/f%d\":\n    ensure => \"present\",\n    mode => 644,\n  }\n", i
    print "}" }' >"$2"
}
for n in 10000 20000; do
  gen "$n" "$tmp/gen$n.pp"
  findings=$("$REIN" check --no-cache --format concise "$tmp/gen$n.pp" | wc -l || true)
  cpu "rein check, one file, $findings findings (text)" "$REIN" check --no-cache "$tmp/gen$n.pp"
  echo "    $(awk -v c="$CPU" -v f="$findings" 'BEGIN { printf "%.2f", c / f * 1e6 }') us per finding"
done
# 2,000 distinct files: the corpus's files copied (round robin) to one directory.
mkdir -p "$tmp/many"
mapfile -t all <"$list"
for i in $(seq 0 1999); do cp "${all[$((i % ${#all[@]}))]}" "$tmp/many/f$i.pp"; done
for n in 1000 2000; do
  some=()
  for i in $(seq 0 $((n - 1))); do some+=("$tmp/many/f$i.pp"); done
  cpu "rein check, $n files named, cold" "$REIN" check --no-cache --format concise "${some[@]}"
  echo "    $(awk -v c="$CPU" -v f="$n" 'BEGIN { printf "%.2f", c / f * 1000 }') ms per file"
done

echo
echo "cores (rein check --no-cache on the directory):"
cpu_wall() { # LABEL CMD...: like cpu, also keeps the wall seconds in $WALL.
  local label=$1
  shift
  /usr/bin/time -f '%U %S %e %M' -o "$tmp/time" "$@" >/dev/null 2>&1 || true
  read -r u s e m < <(tail -n 1 "$tmp/time")
  CPU=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
  WALL=$e
  MEM=$m
  printf '%-44s %7.2f s CPU %7.2f s wall %7.1f MB peak\n' "$label" "$CPU" "$e" "$(awk -v m="$m" 'BEGIN { print m / 1024 }')"
}
cpu_wall "one core (taskset -c 0)" taskset -c 0 "$REIN" check --no-cache --format concise "$DIR"
one=$WALL
echo "    $(awk -v l="$lines" -v c="$CPU" 'BEGIN { printf "%.0f", l / c }') lines per CPU second"
if [ "$(nproc)" -ge 2 ]; then
  cpu_wall "two cores (taskset -c 0,1)" taskset -c 0,1 "$REIN" check --no-cache --format concise "$DIR"
  echo "    scaling: $(awk -v a="$one" -v b="$WALL" 'BEGIN { printf "%.2f", a / b }')x wall time with two cores"
fi

echo
echo "synthetic control repo (the corpus copied 7 times, renamed):"
scripts/gen-control-repo.sh 7 "$tmp/control" "$DIR" >"$tmp/gen.out"
cat "$tmp/gen.out"
big_lines=$(find "$tmp/control" -name '*.pp' -print0 | xargs -0 cat | wc -l)
cpu_wall "rein check, corpus ($lines lines)" "$REIN" check --no-cache --format concise "$DIR"
c1=$CPU
m1=$MEM
cpu_wall "rein check, control repo ($big_lines lines)" "$REIN" check --no-cache --format concise "$tmp/control"
awk -v c1="$c1" -v c2="$CPU" -v m1="$m1" -v m2="$MEM" -v l1="$lines" -v l2="$big_lines" 'BEGIN {
  printf "    CPU per line: %.2f us (corpus) vs %.2f us (control repo): %+.0f%%\n", c1 / l1 * 1e6, c2 / l2 * 1e6, ((c2 / l2) / (c1 / l1) - 1) * 100
  printf "    peak memory: %.1f MB vs %.1f MB for %.1fx the lines (%.2fx the memory)\n", m1 / 1024, m2 / 1024, l2 / l1, m2 / m1 }'
