#!/usr/bin/env bash
# Runs `rein check --fix` over a copy of a corpus of manifests and holds the result against
# Puppet:
#   1. safe fixes (`--fix --select all`): every changed file must have the same AST under
#      Puppet's own parser as the original (pn-oracle compares Puppet's dump of the fixed
#      file with rein's dump of the original, which equals Puppet's on the corpus);
#   2. every fix (`--fix --unsafe-fixes --select all`, on a fresh copy): every changed file
#      must still pass `puppet parser validate`; a second run must fix nothing (one run
#      reaches the fixed point);
# then prints what is left per rule. Needs puppet-agent and ../shared/tools/pn-oracle.
#
# Usage: scripts/fix-corpus.sh [DIR] [WORKDIR]
#   DIR      manifests (default /usr/share/puppet/modules.available)
#   WORKDIR  where the copies go (default a new temporary directory)
set -euo pipefail

DIR=${1:-/usr/share/puppet/modules.available}
WORK=${2:-$(mktemp -d)}
cd "$(dirname "$0")/.."
ROOT=$PWD
ORACLE=${PN_ORACLE:-$ROOT/../shared/tools/pn-oracle}

cargo build --release --quiet
REIN=$ROOT/target/release/rein

copy() {
  rm -rf "$1"
  mkdir -p "$1"
  # -L: the module folders are symbolic links; copy the files they point to.
  cp -rL "$DIR/." "$1/"
}

changed() {
  # The .pp files of copy $1 that differ from the corpus, one path a line (relative).
  (cd "$1" && find . -name '*.pp' -type f -not -path '*/spec/fixtures/*' -not -path '*/vendor/*' \
    | sort | while read -r f; do cmp -s "$f" "$DIR/$f" || echo "${f#./}"; done)
}

files=$(find -L "$DIR" -name '*.pp' -type f -not -path '*/spec/fixtures/*' -not -path '*/vendor/*' | wc -l)
echo "corpus: $DIR ($files files); copies in $WORK"

echo
echo "=== 1. safe fixes: rein check --fix --select all"
copy "$WORK/safe"
(cd "$WORK/safe" && "$REIN" check --fix --select all --format concise . >"$WORK/safe.out" 2>"$WORK/safe.err") || true
cat "$WORK/safe.err"
changed "$WORK/safe" >"$WORK/safe.changed"
echo "files changed: $(wc -l <"$WORK/safe.changed")"
# rein's dump of the ORIGINAL file, for the fixed copy's path.
cat >"$WORK/dump-original" <<EOF
#!/usr/bin/env bash
exec "$REIN" dump --format json "$DIR/\${1#$WORK/safe/}"
EOF
chmod +x "$WORK/dump-original"
sed "s|^|$WORK/safe/|" "$WORK/safe.changed" >"$WORK/safe.list"
if [ -s "$WORK/safe.list" ]; then
  "$ORACLE" --cmd "$WORK/dump-original" --jobs 2 --show 20 --list "$WORK/safe.list" \
    | tee "$WORK/safe.oracle" | tail -n 25 || true
fi

echo
echo "=== 2. every fix: rein check --fix --unsafe-fixes --select all"
copy "$WORK/all"
(cd "$WORK/all" && "$REIN" check --fix --unsafe-fixes --select all --format concise . >"$WORK/all.out" 2>"$WORK/all.err") || true
cat "$WORK/all.err"
changed "$WORK/all" >"$WORK/all.changed"
echo "files changed: $(wc -l <"$WORK/all.changed")"
failed=0
(cd "$WORK/all" && xargs -a "$WORK/all.changed" -n 200 puppet parser validate >"$WORK/all.validate" 2>&1) || failed=1
if [ "$failed" = 0 ]; then
  echo "puppet parser validate: every changed file passes"
else
  echo "puppet parser validate: FAILURES"
  grep -E '^Error' "$WORK/all.validate" | head -20
fi
(cd "$WORK/all" && "$REIN" check --fix --unsafe-fixes --select all --format concise . >/dev/null 2>"$WORK/all.again") || true
echo "second run: $(cat "$WORK/all.again")"
echo
echo "left after every fix, by rule:"
grep -o ': [a-z]*\[[a-z_0-9]*\]' "$WORK/all.out" | sed 's/^: //' | sort | uniq -c | sort -rn
