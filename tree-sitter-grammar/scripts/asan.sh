#!/bin/sh
# Builds the grammar with AddressSanitizer and UBSan and parses every file listed in $1
# (one path a line). Any memory or undefined-behaviour error in scanner.c aborts the run.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ts=$(ls -d "$HOME"/.cargo/registry/src/*/tree-sitter-0.27.1 | head -n 1)
out=$(mktemp -d)
gcc -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined \
  -I "$ts/include" -I "$ts/src" -I "$here/../src" \
  "$here/asan_harness.c" "$ts/src/lib.c" "$here/../src/parser.c" "$here/../src/scanner.c" \
  -o "$out/harness"
"$out/harness" "$1"
rm -rf "$out"
