#!/bin/sh
# Compare rein with puppet-lint check by check (../shared/tools/lint-oracle), where puppet-lint
# is Debian's 3.0.1 plus our reimplementation of the three 4.3.0 checks it lacks
# (scripts/lint-oracle/README.md).
# Usage: scripts/lint-oracle.sh [--rein target/release/rein] [--show N] [--only CHECK,..] PATH...
# The oracle is $LINT_ORACLE, else ../shared/tools/lint-oracle next to the main checkout.
set -e
repo=$(cd "$(dirname "$0")/.." && pwd)
oracle=${LINT_ORACLE:-$repo/../shared/tools/lint-oracle}
if [ ! -x "$oracle" ]; then
    # a git worktree: look next to the main checkout
    common=$(git -C "$repo" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
    oracle=$(dirname "${common:-$repo}")/../shared/tools/lint-oracle
fi
[ -x "$oracle" ] || { echo "lint-oracle not found (set LINT_ORACLE)" >&2; exit 2; }
PATH="$repo/scripts/lint-oracle:$PATH" exec "$oracle" "$@"
