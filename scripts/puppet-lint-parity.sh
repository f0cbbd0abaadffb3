#!/bin/sh
# rein run as puppet-lint against the real puppet-lint (Debian's 3.0.1), byte for byte.
#
# Both run in a scratch directory holding one .puppet-lint.rc, on the same modules, once per
# set of output flags in that file (--log-format, --with-filename, --error-level,
# --with-context, --show-ignored, --fail-on-warnings, --json, --fix); their standard output
# must be byte-identical and their exit status the same (with --fix, each runs on its own
# copy of the modules, and the fixed copies must be identical too). Every rc file also holds
#   --only-checks=<every check of puppet-lint 3.0.1>   (the checks both have: rein has more)
#   --ignore-paths=<the files below>                  (what rein reports differently on purpose)
# --json is compared as data, without the extra keys puppet-lint's checks add to a problem
# (`token` holds a Ruby object's address, different on every run). --fix runs the checks
# whose fix rein applies with --fix (`rein rule`: fix `safe`); puppet-lint also applies
# those rein calls unsafe (they may change what the code means), which `rein --unsafe-fixes`
# applies.
#
# Usage: scripts/puppet-lint-parity.sh [--rein PATH] [DIR]
#   DIR defaults to /usr/share/puppet/modules.available (Debian's puppet-module-* packages),
#   PATH to target/release/rein. Exit status 1 on any difference (the diff is printed).
set -eu

repo=$(cd "$(dirname "$0")/.." && pwd)
rein=$repo/target/release/rein
if [ "${1:-}" = "--rein" ]; then
    rein=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
    shift 2
fi
dir=${1:-/usr/share/puppet/modules.available}
case $dir in /*) ;; *) dir=$(pwd)/$dir ;; esac
dir=${dir%/}
command -v puppet-lint >/dev/null || { echo "puppet-lint not found (apt-get install puppet-lint)" >&2; exit 2; }
[ -x "$rein" ] || { echo "$rein not found (cargo build --release)" >&2; exit 2; }
[ -d "$dir" ] || { echo "$dir: not a directory" >&2; exit 2; }

# Findings where rein differs from puppet-lint on purpose; each rule's page (rein rule NAME)
# says why. Files below spec/fixtures/ and vendor/ are not walked by rein.
ignore="*/spec/fixtures/*,*/vendor/*"
# code_on_top_scope: puppet-lint reports the code of functions (`function f() {}`) as top scope.
ignore="$ignore,*/functions/*.pp,*/puppetlabs-haproxy/examples/init.pp"
# selector_inside_resource: puppet-lint misses a selector on a variable inside a resource.
ignore="$ignore,*/deric-zookeeper/manifests/install/repo.pp"
# variable_scope: lambda parameters and variables in strings (puppet-lint issues #380, #1018).
ignore="$ignore,*/neutron/manifests/plugins/ovs/opendaylight.pp,*/oci/manifests/compute.pp"
ignore="$ignore,*/puppet-community-mcollective/manifests/init.pp,*/sbitio-monit/manifests/init.pp"
ignore="$ignore,*/theforeman-dns/manifests/zone.pp"
# double_quoted_strings, only_variable_string, variable_scope: strings puppet-lint's lexer
# splits wrongly.
ignore="$ignore,*/swift/manifests/storage/xfs.pp"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/home"
checks=$(HOME=$work/home puppet-lint --list-checks | paste -sd, -)
echo "puppet-lint: $(puppet-lint --version); rein: $("$rein" --version)"
echo "modules: $dir ($(find "$dir" -name '*.pp' | wc -l) files); checks: $(echo "$checks" | tr , '\n' | wc -l)"

failed=0
# compare NAME [RC-FLAG...]: writes the rc file in $pl_dir and $rein_dir (each tool runs in
# its own) with $only as the checks, runs both on $target, compares.
compare() {
    name=$1
    shift
    for d in "$pl_dir" "$rein_dir"; do
        {
            echo "--only-checks=$only"
            echo "--ignore-paths=$ignore"
            for flag in "$@"; do echo "$flag"; done
        } >"$d/.puppet-lint.rc"
    done
    pl=0
    rn=0
    (cd "$pl_dir" && HOME=$work/home puppet-lint "$target") >"$work/pl.out" 2>"$work/pl.err" || pl=$?
    (cd "$rein_dir" && HOME=$work/home "$rein" "$target") >"$work/rein.out" 2>"$work/rein.err" || rn=$?
    lines=$(wc -l <"$work/pl.out")
    if [ "$name" = json ]; then
        same=$(python3 - "$work/pl.out" "$work/rein.out" <<'EOF'
import json, sys
keys = {"message", "line", "column", "kind", "check", "fullpath", "path", "filename", "reason", "KIND"}
pl = [[{k: v for k, v in p.items() if k in keys} for p in f] for f in json.load(open(sys.argv[1]))]
rein = json.load(open(sys.argv[2]))
print("yes" if pl == rein else "no")
EOF
)
        problems=$(grep -c '"KIND"' "$work/pl.out" || true)
        what="$problems problems, equal as data"
    else
        same=no
        cmp -s "$work/pl.out" "$work/rein.out" && same=yes
        what="$lines lines, byte-identical"
    fi
    if [ "$pl_dir" != "$rein_dir" ]; then
        fixed=$(grep -c 'FIXED: ' "$work/pl.out" || true)
        files=$(diff -rq "$pl_dir/$target" "$rein_dir/$target" | wc -l)
        if [ "$files" != 0 ]; then
            same=no
            diff -r "$pl_dir/$target" "$rein_dir/$target" | head -40 || true
        fi
        what="$what ($fixed FIXED), fixed files identical"
    fi
    if [ "$same" = yes ] && [ "$pl" = "$rn" ]; then
        printf '%-38s %s, exit %s\n' "$name" "$what" "$pl"
    else
        failed=1
        printf '%-38s DIFFERENT (exit: puppet-lint %s, rein %s)\n' "$name" "$pl" "$rn"
        diff "$work/pl.out" "$work/rein.out" | head -40 || true
        head -5 "$work/rein.err"
    fi
}

pl_dir=$work
rein_dir=$work
only=$checks
target=$dir
compare "log-format" '--log-format=%{path}:%{line}:%{column}:%{KIND}:%{check}:%{message}'
compare "log-format fullpath, filename" '--log-format=%{fullpath} %{filename} %{kind} %{check}' \
    '--error-level=warning'
compare "default, with-filename" --with-filename
compare "error-level error, fail-on-warnings" --error-level=error --fail-on-warnings
compare "with-context, show-ignored" --with-context --show-ignored
compare json --json
# One file named alone: no `path - ` in front.
target=$(find "$dir" -path '*/manifests/init.pp' | sort | head -1)
compare "one file: $(basename "$(dirname "$(dirname "$target")")")" --with-context
# --fix, each on its own copy of the modules (named alike: `m`).
pl_dir=$work/fix-puppet-lint
rein_dir=$work/fix-rein
mkdir "$pl_dir" "$rein_dir"
cp -rL "$dir" "$pl_dir/m"
cp -rL "$dir" "$rein_dir/m"
only=$("$rein" rule --format json | python3 -c '
import json, sys
checks = set(sys.argv[1].split(","))
print(",".join(r["name"] for r in json.load(sys.stdin) if r["name"] in checks and r["fixable"] != "unsafe"))
' "$checks")
target=m
# oci's manifests (tabs inside alignment, `/* */` comments, hashes on the line of an outer
# arrow) meet what rein fixes otherwise on purpose: a `/* */` comment becomes `#` lines
# keeping its layout (star_comments), a hash on a moved line is aligned anew
# (arrow_alignment), fixes that overlap apply in turn, each problem reported where it was
# when fixed, and the problems printed as left are those of the fixed text (puppet-lint
# prints all it found before fixing).
ignore="$ignore,*/oci/*"
compare "fix ($(echo "$only" | tr , '\n' | wc -l) checks)" --fix

[ "$failed" = 0 ] && echo "rein and puppet-lint agree" || echo "rein and puppet-lint differ" >&2
exit "$failed"
