/**
 * @file rein's tree-sitter grammar of the Puppet language (placeholder; being written).
 */
module.exports = grammar({
  name: 'puppet',
  externals: $ => [$._placeholder],
  extras: $ => [/\s/, $.comment],
  rules: {
    manifest: $ => repeat($.name),
    name: _ => /[a-z][a-zA-Z0-9_]*/,
    comment: _ => token(seq('#', /.*/)),
  },
});
