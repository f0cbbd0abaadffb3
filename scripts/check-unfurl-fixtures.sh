#!/usr/bin/env bash
# Asks the real Unfurl again for its verdicts on tests/fixtures/unfurl/ (merge directive
# keys, `eval` expressions, documents and their expansions) and fails when one differs from
# the recorded one, or when rein's recorded findings no longer agree with it
# (scripts/unfurl-oracle.py). With `--rein BIN`, runs that rein binary over the YAML files
# the unfurl package ships instead, checked as Unfurl documents: no directive error, and an
# `eval` error exactly where Unfurl fails on or misreads an expression.
# Needs the `unfurl` package (PyPI) in the virtual environment $UNFURL_VENV (default
# /opt/unfurl-venv; `.ci/run` installs it there). Without it: fails in CI (CI=true), skips
# elsewhere. `--bless` rewrites the recorded verdicts; `--table` prints the table.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${UNFURL_VENV:-/opt/unfurl-venv}
if ! "$venv/bin/python" -c 'import unfurl' 2>/dev/null; then
  if [ "${CI:-}" = true ]; then
    echo "unfurl is not installed in $venv" >&2
    exit 1
  fi
  echo "skipped: unfurl is not installed in $venv (python3 -m venv $venv && $venv/bin/pip install unfurl==1.2.0)"
  exit 0
fi
exec "$venv/bin/python" scripts/unfurl-oracle.py "$@"
