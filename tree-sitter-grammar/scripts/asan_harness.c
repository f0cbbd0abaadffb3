/* Parses every file named in a list (one path a line) with the grammar compiled under
 * AddressSanitizer/UBSan; see asan.sh. Prints how many files parsed and how many had errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tree_sitter/api.h"
const TSLanguage *tree_sitter_puppet(void);
int main(int argc, char **argv) {
  TSParser *p = ts_parser_new();
  ts_parser_set_language(p, tree_sitter_puppet());
  FILE *list = fopen(argv[1], "r");
  char path[4096]; long n = 0, err = 0;
  while (fgets(path, sizeof path, list)) {
    path[strcspn(path, "\n")] = 0;
    FILE *f = fopen(path, "rb"); if (!f) continue;
    fseek(f, 0, SEEK_END); long len = ftell(f); fseek(f, 0, SEEK_SET);
    char *buf = malloc(len + 1); if (fread(buf, 1, len, f) != (size_t)len) {} fclose(f);
    TSTree *t = ts_parser_parse_string(p, NULL, buf, len);
    TSNode root = ts_tree_root_node(t);
    if (ts_node_has_error(root)) err++;
    n++;
    ts_tree_delete(t); free(buf);
  }
  printf("parsed %ld, with errors %ld\n", n, err);
  ts_parser_delete(p);
  return 0;
}
