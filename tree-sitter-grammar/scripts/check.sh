#!/bin/sh
# Checks the grammar: generated files in sync with grammar.js, corpus tests, and (when the
# Debian puppet-module-* packages are installed) an ERROR-free parse of every real .pp file.
# Needs tree-sitter-cli 0.27.1 on PATH. Run from anywhere.
set -eu
cd "$(dirname "$0")/.."
tree-sitter generate --js-runtime native
git diff --exit-code -- src
tree-sitter test -p .
modules=/usr/share/puppet/modules.available
if [ -d "$modules" ]; then
  list=$(mktemp)
  find -L "$modules" -name '*.pp' > "$list"
  tree-sitter parse --stat -q --paths "$list"
  rm -f "$list"
fi
