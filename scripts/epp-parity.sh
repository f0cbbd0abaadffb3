#!/usr/bin/env bash
# Compares rein with Puppet on every EPP template (.epp) below DIR (default: the Debian
# puppet-module-* packages, /usr/share/puppet/modules.available):
#  - verdict: `puppet epp validate FILE` (accepts or errors) against rein's (a `syntax` or
#    validation error from `rein check --no-config --ignore style,layout,correctness,deep,suppression`);
#  - tree: `rein dump --format json FILE` against Puppet's own tree of the template
#    (scripts/epp-dump.rb, Puppet's EPP parser and PN transformer).
# A file that both reject counts as the same tree. Prints each difference, then one summary line per comparison. Exits 1 when a verdict
# differs or fewer than 99% of the trees are equal.
# Needs `puppet` (puppet-agent) and `ruby`; builds rein (debug) unless REIN is set.
set -euo pipefail
DIR=${1:-/usr/share/puppet/modules.available}
cd "$(dirname "$0")/.."
if [ -z "${REIN:-}" ]; then
  cargo build --quiet
  REIN=$PWD/target/debug/rein
fi
list=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$list" "$work"' EXIT
find -L "$DIR" -name '*.epp' -type f | sort >"$list"
total=$(wc -l <"$list")
if [ "$total" = 0 ]; then
  echo "no .epp files below $DIR" >&2
  exit 1
fi

# Puppet's verdicts: one call for all files; when it fails, one call per file.
verdict_puppet() {
  if puppet epp validate --color false "$1" >/dev/null 2>&1; then echo ok; else echo error; fi
}
all_ok=0
tr '\n' '\0' <"$list" | xargs -0 puppet epp validate --color false >/dev/null 2>&1 && all_ok=1
verdicts_same=0
while IFS= read -r f; do
  if [ "$all_ok" = 1 ]; then p=ok; else p=$(verdict_puppet "$f"); fi
  if "$REIN" check --no-config --ignore style,layout,correctness,deep,suppression --format concise "$f" >/dev/null 2>&1; then
    r=ok
  else
    r=error
  fi
  if [ "$p" = "$r" ]; then
    verdicts_same=$((verdicts_same + 1))
  else
    echo "verdict differs: $f: puppet $p, rein $r"
  fi
done <"$list"

# Trees.
tr '\n' '\0' <"$list" | xargs -0 ruby scripts/epp-dump.rb >"$work/puppet.jsonl"
trees_same=0
trees_compared=0
while IFS= read -r line; do
  f=$(printf '%s' "$line" | ruby -rjson -e 'puts JSON.parse(STDIN.read)["file"]')
  want=$(printf '%s' "$line" | ruby -rjson -e 'd = JSON.parse(STDIN.read); puts(d["json"] || "error: " + d["error"])')
  have=$("$REIN" dump --format json "$f" 2>/dev/null || true)
  trees_compared=$((trees_compared + 1))
  # Both failing counts as agreement (the verdicts are compared above).
  if [ "$want" = "$have" ] || { [ "${want#error: }" != "$want" ] && [ -z "$have" ]; }; then
    trees_same=$((trees_same + 1))
  else
    echo "tree differs: $f"
    echo "  puppet: $want"
    echo "  rein:   $have"
  fi
done <"$work/puppet.jsonl"

echo "templates: $total"
echo "verdict equal to puppet epp validate: $verdicts_same/$total"
echo "tree equal to Puppet's: $trees_same/$trees_compared"
[ "$verdicts_same" = "$total" ] && [ $((trees_same * 100)) -ge $((trees_compared * 99)) ]
