#!/usr/bin/env bash
# Compares two rein binaries on every manifest of a corpus: `rein check --format json --select all`
# over the whole corpus (one run: the cross-file and deep rules see every file), and per file
# `rein fmt -` (stdin to stdout) and `rein dump --format json FILE`, each with its exit status.
# Prints the files whose outputs differ; exits 1 when any differs. Nothing is written into
# the corpus (`--no-cache`: no `.rein_cache` there).
#
#   scripts/same-behaviour.sh OLD_REIN NEW_REIN [CORPUS]
set -euo pipefail
old=$(realpath "$1"); new=$(realpath "$2")
corpus=${3:-/usr/share/puppet/modules.available}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
find -L "$corpus" -name '*.pp' -not -path '*/spec/fixtures/*' -not -path '*/vendor/*' | sort >"$work/files"
echo "files: $(wc -l <"$work/files")"
run_all() { # BIN OUTDIR
  local bin=$1 out=$2
  mkdir -p "$out"
  (cd "$corpus" && "$bin" check --no-cache --format json --select all . >"$out/check.json" 2>"$out/check.err"; echo "exit $?" >>"$out/check.err") || true
  BIN=$bin OUT=$out xargs -P2 -d '\n' -n 50 bash -c '
    for f in "$@"; do
      key=$(printf %s "$f" | md5sum | cut -c1-16)
      { "$BIN" fmt - <"$f" 2>&1; echo "exit $?"; } >"$OUT/$key.fmt" 2>&1
      { "$BIN" dump --format json "$f" 2>&1; echo "exit $?"; } >"$OUT/$key.dump" 2>&1
    done' _ <"$work/files"
}
run_all "$old" "$work/old"
run_all "$new" "$work/new"
if diff -rq "$work/old" "$work/new" >"$work/diff"; then
  echo "identical: check --format json --select all (whole corpus), fmt - and dump --format json (each file)"
else
  cat "$work/diff"
  exit 1
fi
