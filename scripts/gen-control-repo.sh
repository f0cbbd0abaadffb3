#!/usr/bin/env bash
# Generates a synthetic control repository from a corpus of modules by renaming: COPIES
# copies of every module, the k-th copy of module `m` named `m_ck` (its directory
# `author-m_ck`), with every whole-word use of a module's name in the copy's manifests
# renamed the same way, so that the copies are distinct modules whose classes include one
# another as the originals do. Only manifests (`*.pp`), `metadata.json` and `lib/` are
# copied. Nothing generated is committed: benchmarks write it to a temporary directory.
#
# Usage: scripts/gen-control-repo.sh COPIES OUT [CORPUS]
#   (CORPUS: default /usr/share/puppet/modules.available; OUT must not exist)
set -euo pipefail
copies=$1
out=$2
corpus=${3:-/usr/share/puppet/modules.available}
[ -e "$out" ] && { echo "$out exists" >&2; exit 2; }
mkdir -p "$out/modules"
mapfile -t dirs < <(find -L "$corpus" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort)
# Module names (a directory `author-name` holds module `name`), longest first.
names=$(printf '%s\n' "${dirs[@]}" | sed 's/.*-//' | awk '{ print length, $0 }' | sort -rn | cut -d' ' -f2- | paste -sd'|')
for k in $(seq 1 "$copies"); do
  for d in "${dirs[@]}"; do
    dest="$out/modules/${d}_c$k"
    mkdir -p "$dest"
    (cd "$corpus/$d" && find -L . \( -name '*.pp' -o -name metadata.json -o -path './lib/*' \) \
      -not -path '*/spec/*' -type f -print0 | xargs -0 -r cp -L --parents -t "$dest")
  done
  find "$out/modules" -path "*_c$k/*" -name '*.pp' -type f -print0 |
    xargs -0 -r perl -pi -e "s/\\b($names)\\b/\${1}_c$k/g"
done
echo "$out: $(find "$out" -name '*.pp' | wc -l) manifests, $(find "$out" -name '*.pp' -print0 | xargs -0 cat | wc -l) lines"
