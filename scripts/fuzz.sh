#!/usr/bin/env bash
# Coverage-guided fuzzing of rein with cargo-fuzz (libFuzzer). Works with the stable
# toolchain: RUSTC_BOOTSTRAP=1 lets stable rustc take the unstable flags cargo-fuzz passes
# (the sanitizer-coverage instrumentation), so CI's one toolchain is enough.
#
#   scripts/fuzz.sh seeds                 writes the seed corpora (fuzz/corpus/<target>/)
#   scripts/fuzz.sh run TARGET SECONDS    fuzzes TARGET for SECONDS (after seeding)
#   scripts/fuzz.sh all SECONDS           every target, one after the other
#   scripts/fuzz.sh ci SECONDS            every target, as CI runs them: a finding is
#                                         printed (path and hex dump) but does not fail
#                                         the run; a harness that does not build or
#                                         run does
#
# Targets (fuzz/fuzz_targets/): parse, fmt, fix, eval. A crash is saved under
# fuzz/artifacts/TARGET/ and makes the run fail; reproduce it with
#   RUSTC_BOOTSTRAP=1 cargo fuzz run -s none TARGET fuzz/artifacts/TARGET/crash-...
# Needs cargo-fuzz (`cargo install --locked cargo-fuzz`) and a C++ compiler.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TARGETS=(parse fmt fix eval)
export RUSTC_BOOTSTRAP=1

# Seeds: every .pp file under tests/fixtures and every puppet example of rules/*.md, one
# file each (named by content hash, so re-seeding adds nothing twice).
seeds() {
  local dir=fuzz/corpus/seed t
  mkdir -p "$dir"
  find tests/fixtures -name '*.pp' -size -64k -print0 | while IFS= read -r -d '' f; do
    cp "$f" "$dir/$(sha1sum <"$f" | cut -c1-16).pp"
  done
  # Code blocks of the rule pages: ```puppet ... ``` .
  awk -v dir="$dir" '
    /^```puppet/ { inblock = 1; n++; buf = ""; next }
    /^```/ && inblock { inblock = 0; file = sprintf("%s/md-%s-%d.pp", dir, FILENAME, n);
                        gsub("rules/", "", file); printf "%s", buf > file; close(file); next }
    inblock { buf = buf $0 "\n" }
  ' rules/*.md
  for t in "${TARGETS[@]}"; do
    mkdir -p "fuzz/corpus/$t"
  done
  echo "seeds: $(ls "$dir" | wc -l) files in $dir"
}

# Limits for every run: an input taking over 10 s or 2 GB is a finding (a hang, a blow-up).
run() {
  local target=$1 seconds=$2
  [ -d fuzz/corpus/seed ] || seeds
  cargo fuzz run -s none --release "$target" "fuzz/corpus/$target" fuzz/corpus/seed -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1
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
    [ -d fuzz/corpus/seed ] || seeds
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
    sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
