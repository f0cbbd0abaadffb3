#!/usr/bin/env bash
# Coverage-guided fuzzing of rein with cargo-fuzz (libFuzzer). Works with the stable
# toolchain: RUSTC_BOOTSTRAP=1 lets stable rustc take the unstable flags cargo-fuzz passes
# (the sanitizer-coverage instrumentation), so CI's one toolchain is enough.
#
#   scripts/fuzz.sh seeds                 writes the seed corpora (fuzz/corpus/seed*/)
#   scripts/fuzz.sh run TARGET SECONDS    fuzzes TARGET for SECONDS (after seeding)
#   scripts/fuzz.sh all SECONDS           every target, one after the other
#   scripts/fuzz.sh ci SECONDS            every target, as CI runs them: a finding is
#                                         printed (path and hex dump) but does not fail
#                                         the run; a harness that does not build or
#                                         run does
#
# Targets (fuzz/fuzz_targets/): parse, fmt, fix, eval (Puppet manifests), epp (EPP
# templates), yaml (Hiera and Unfurl YAML), memo (manifests cut into module files at
# `#---` lines: the class memo changes no finding). A crash is saved under
# fuzz/artifacts/TARGET/ and makes the run fail; reproduce it with
#   RUSTC_BOOTSTRAP=1 cargo fuzz run -s none TARGET fuzz/artifacts/TARGET/crash-...
# Needs cargo-fuzz (`cargo install --locked cargo-fuzz`) and a C++ compiler.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGETS=(parse fmt fix eval epp yaml memo)
export RUSTC_BOOTSTRAP=1

# Seeds, one file each (named by content hash, so re-seeding adds nothing twice):
# fuzz/corpus/seed for the manifest targets: every .pp file under tests/fixtures and every
# puppet example of rules/*.md; fuzz/corpus/seed-epp: the .epp files of tests/fixtures and
# of Debian's Puppet modules (when installed), the rule pages' template examples and the
# EPP grammar's test cases; fuzz/corpus/seed-yaml: the .yaml/.yml files of the same places
# and the rule pages' yaml examples; fuzz/corpus/seed-memo: the multi-file inputs of
# tests/fuzz/seeds/memo, and each module of tests/fixtures as one (its manifests joined by
# `#---` lines).
MODULES=/usr/share/puppet/modules.available
seeds() {
  local t
  copy_files tests/fixtures '*.pp' fuzz/corpus/seed
  copy_files tests/fixtures '*.epp' fuzz/corpus/seed-epp
  copy_files "$MODULES" '*.epp' fuzz/corpus/seed-epp
  for pattern in '*.yaml' '*.yml'; do
    copy_files tests/fixtures "$pattern" fuzz/corpus/seed-yaml
    copy_files "$MODULES" "$pattern" fuzz/corpus/seed-yaml
  done
  # Code blocks of the rule pages: ```puppet ... ``` (a template's when its path=
  # ends in .epp), ```yaml ... ```.
  awk '
    /^```(puppet|yaml)/ {
      inblock = 1; n++; buf = ""
      dir = "fuzz/corpus/seed"; ext = "pp"
      if ($0 ~ /^```yaml/) { dir = "fuzz/corpus/seed-yaml"; ext = "yaml" }
      else if ($0 ~ /path=[^ ]*\.epp/) { dir = "fuzz/corpus/seed-epp"; ext = "epp" }
      next
    }
    /^```/ && inblock { inblock = 0; file = sprintf("%s/md-%s-%d.%s", dir, FILENAME, n, ext);
                        gsub("rules/", "", file); printf "%s", buf > file; close(file); next }
    inblock { buf = buf $0 "\n" }
  ' rules/*.md
  # The EPP grammar's test cases: the text between a case's name and its tree.
  awk '
    /^====/ { header = !header; if (!header) { inblock = 1; n++; buf = "" } ; next }
    /^----/ && inblock { inblock = 0; file = sprintf("fuzz/corpus/seed-epp/grammar-%d.epp", n);
                         printf "%s", buf > file; close(file); next }
    inblock { buf = buf $0 "\n" }
  ' tree-sitter-grammar/epp/test/corpus/*.txt
  copy_files tests/fuzz/seeds/memo '*.pp' fuzz/corpus/seed-memo
  local m
  for m in tests/fixtures/*/modules/*/; do
    [ -d "$m/manifests" ] || continue
    find "$m/manifests" -name '*.pp' -type f | sort | while IFS= read -r f; do
      cat "$f"
      printf '#---\n'
    done >"fuzz/corpus/seed-memo/module-$(basename "$m").pp"
  done
  for t in "${TARGETS[@]}"; do
    mkdir -p "fuzz/corpus/$t"
  done
  for t in seed seed-epp seed-yaml seed-memo; do
    echo "seeds: $(ls "fuzz/corpus/$t" | wc -l) files in fuzz/corpus/$t"
  done
}

# copy_files DIR PATTERN TO: the files under DIR (when it exists) named PATTERN and under
# 64 KB into TO, each named by its content's hash.
copy_files() {
  local f
  mkdir -p "$3"
  [ -d "$1" ] || return 0
  find "$1" -name "$2" -type f -size -64k -print0 | while IFS= read -r -d '' f; do
    cp "$f" "$3/$(sha1sum <"$f" | cut -c1-16)${2#\*}"
  done
}

# The seed corpus of a target.
seed_dir() {
  case "$1" in
    epp | yaml | memo) echo "fuzz/corpus/seed-$1" ;;
    *) echo fuzz/corpus/seed ;;
  esac
}

# Limits for every run: an input taking over 10 s or 2 GB is a finding (a hang, a blow-up).
# libFuzzer's timeout is wall-clock time: on a loaded machine (a niced fuzzer beside builds)
# FUZZ_TIMEOUT=30 keeps a starved input from passing for a hang; a timeout finding is then
# timed again on its own before it is called slow.
run() {
  local target=$1 seconds=$2
  local seed
  seed=$(seed_dir "$target")
  [ -d "$seed" ] || seeds
  cargo fuzz run -s none --release "$target" "fuzz/corpus/$target" "$seed" -- \
    -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1
}

case "${1:-}" in
  seeds) seeds ;;
  run) run "$2" "$3" ;;
  all)
    for t in "${TARGETS[@]}"; do
      run "$t" "$2"
    done
    ;;
  ci)
    # CI checks the harness (every target builds, starts and runs its properties); a
    # random input found in a short run must not make CI fail by luck, so findings are
    # printed for a developer to record (tests/fuzz/open/) and fix (tests/fuzz/found/).
    found=0
    artifacts() { { find "fuzz/artifacts/$1" -type f 2>/dev/null || true; } | sort; }
    for target in "${TARGETS[@]}"; do
      before=$(artifacts "$target")
      status=0
      run "$target" "$2" || status=$?
      new=$(comm -13 <(echo "$before") <(artifacts "$target") | sed '/^$/d')
      if [ "$status" -ne 0 ] && [ -z "$new" ]; then
        echo "fuzz target $target failed (exit $status) without a finding: the harness is broken" >&2
        exit 1
      fi
      for f in $new; do
        found=$((found + 1))
        echo "FINDING of $target: $f"
        head -c 2048 "$f" | od -c | head -40
      done
    done
    echo "fuzzing: ${#TARGETS[@]} targets for $2 s each; new findings: $found"
    ;;
  *)
    sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
