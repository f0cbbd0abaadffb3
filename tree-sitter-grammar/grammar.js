/**
 * @file rein's tree-sitter grammar of the Puppet language (Puppet 4+ `.pp` manifests, not tasks mode).
 *
 * Written from Puppet 7.23's lexer and racc grammar as described in
 * `shared/notes/puppet-grammar-facts.md`. The node and field names are the contract in `CST.md`.
 * Context-sensitive tokens (heredocs, string text, regex vs `/`, call `(` vs line-start `(`,
 * selector `{`) come from the external scanner in `src/scanner.c`.
 */

/* eslint-disable arrow-parens, camelcase */

// Precedences, from Puppet's racc table (§7.2), loosest first.
const PREC = {
  LOW: -1,
  REL: 6,
  ASSIGN: 7,
  AT: 8,
  LBRACE: 11,
  OR: 12,
  AND: 13,
  QMARK: 14,
  CMP: 15,
  EQ: 16,
  SHIFT: 17,
  ADD: 18,
  MUL: 19,
  MATCH: 20,
  IN: 21,
  UMINUS: 22,
  SPLAT: 23,
  NOT: 24,
  COLLECT: 25,
  ACCESS: 27,
  DOT: 29,
  CALL: 31,
};

const KEYWORDS = [
  'and', 'attr', 'case', 'class', 'default', 'define', 'else', 'elsif', 'false',
  'function', 'if', 'in', 'inherits', 'node', 'or', 'private', 'true', 'type',
  'undef', 'unless',
];

// Attribute names may be any keyword except true/false (trap 23).
const ATTRIBUTE_KEYWORDS = KEYWORDS.filter((k) => k !== 'true' && k !== 'false');

// Keywords that are not expressions by themselves but may stand alone (or first) in `${}`.
const INTERPOLATION_KEYWORDS = [
  'and', 'case', 'class', 'define', 'else', 'elsif', 'function', 'if', 'in',
  'inherits', 'node', 'or', 'type', 'unless',
];

function commaSep1(rule) {
  return seq(rule, repeat(seq(',', rule)));
}

// One or more items separated by commas, with an optional trailing comma.
function commaList1(rule) {
  return seq(commaSep1(rule), optional(','));
}

// Puppet's binary operators (§7.2), left-associative, with `left` taken from `left`.
function binaryOperations($, left) {
  const table = [
    ['or', PREC.OR],
    ['and', PREC.AND],
    ['>=', PREC.CMP], ['>', PREC.CMP], ['<', PREC.CMP], ['<=', PREC.CMP],
    ['==', PREC.EQ], ['!=', PREC.EQ],
    ['<<', PREC.SHIFT], ['>>', PREC.SHIFT],
    ['+', PREC.ADD], ['-', PREC.ADD],
    ['*', PREC.MUL], [alias($._div, '/'), PREC.MUL], ['%', PREC.MUL],
    ['=~', PREC.MATCH], ['!~', PREC.MATCH],
    ['in', PREC.IN],
  ];
  return choice(...table.map(([op, p]) => prec.left(p, seq(
    field('left', left),
    field('operator', op),
    field('right', $._expression),
  ))));
}

module.exports = grammar({
  name: 'puppet',

  // From src/scanner.c (the order is the scanner's TokenType enum).
  externals: $ => [
    $._heredoc_body_start,
    $.heredoc_text,
    $.heredoc_end,
    $.heredoc_tag,
    $.string_text,
    $.short_interpolation,
    $.regex,
    $._div,
    $._regex_ok,
    $._call_lparen,
    $._selbrace,
    $._lambda_close,
    $._lbrack,
    $._lambda_open,
    $._rcollect,
    $._rrcollect,
    $._error_sentinel,
    // Also a rule (below): the scanner lexes `#` comments, the generated lexer the others.
    $.comment,
  ],

  extras: $ => [
    /[ \t\r\n\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/,
    $.comment,
    $.heredoc_body,
  ],

  word: $ => $._ident,

  // Hidden choices inlined: each would be a node of its own (about 100 bytes, and a reduction
  // of the parser) around every value, statement, attribute, argument and element of the
  // concrete tree; inlined, the tree of real code is about a third smaller. `_assign` cannot
  // be (generation fails on `/r/ { attr => ...`); it names `relationship` itself, so that an
  // expression that is neither an assignment nor a relationship has one hidden node around
  // it, not two. (`_rbrace` inlined changes how some unclosed braces are recovered from.)
  inline: $ => [
    $._primary, $._expression, $._statement, $._attribute_op, $._resource_level,
    $._relationship_level, $._argument, $._element,
  ],

  reserved: {
    global: _ => KEYWORDS,
  },

  // `_lbrack` is a `[` directly after the previous token, comments included (LBRACK, trap 5);
  // only it can index. A `[` after whitespace is the ordinary `[` that starts an array.
  rules: {
    manifest: $ => optional($._statements),

    _statements: $ => seq($._statement, repeat(seq(optional(';'), $._statement))),

    _statement: $ => choice($._assign, $.comma_list),

    comma_list: $ => seq($._assign, repeat1(seq(',', $._assign))),

    block: $ => seq('{', optional($._statements), $._rbrace),

    // Every `}` except the one closing `${`: a regex may follow it (§3.1). The marker is never
    // produced; its validity tells the scanner that the previous token was `}`.
    _rbrace: $ => seq('}', optional($._regex_ok)),

    // ---------------------------------------------------------------- layers

    _assign: $ => choice($.assignment, $.relationship, $._resource_level),

    assignment: $ => prec.right(PREC.ASSIGN, seq(
      field('left', $._relationship_level),
      field('operator', choice('=', '+=', '-=')),
      field('right', $._assign),
    )),

    _relationship_level: $ => choice($.relationship, $._resource_level),

    relationship: $ => prec.left(PREC.REL, seq(
      field('left', $._relationship_level),
      field('operator', choice('->', '~>', '<-', '<~')),
      field('right', $._resource_level),
    )),

    _resource_level: $ => choice($.resource_expression, $.attribute_block, $._expression),

    _virtual: _ => choice('@', '@@'),

    // A `{` right after a complete resource-level expression, including a resource, opens
    // a resource body, never a hash statement (trap 10): `file { 'a': }⏎{ b => 1 }` is a
    // resource whose type is a resource, which the lowering rejects as Puppet does.
    resource_expression: $ => {
      const rest = [
        field('type', choice($._expression, $.resource_expression, $.attribute_block, alias('class', $.name))),
        '{',
        $.resource_body,
        repeat(seq(';', $.resource_body)),
        optional(';'),
        $._rbrace,
      ];
      // The `@` form reduces last, as in attribute_block.
      return choice(
        prec(PREC.LBRACE, seq(...rest)),
        prec(PREC.LBRACE - 1, seq($._virtual, ...rest)),
      );
    },

    resource_body: $ => seq(
      field('title', $._expression),
      ':',
      optional($._attribute_ops),
    ),

    // `@` covers the whole chain: in `@R { a => 1 } { b => 1 }` the inner block is reduced
    // first (the `@` form has the lower precedence), so the error is at `R`, as in Puppet.
    attribute_block: $ => choice(
      prec.left(PREC.LBRACE, seq(
        field('type', choice($._expression, $.resource_expression, $.attribute_block)),
        '{',
        optional($._attribute_ops),
        $._rbrace,
      )),
      prec.left(PREC.LBRACE - 1, seq(
        $._virtual,
        field('type', choice($._expression, $.resource_expression, $.attribute_block)),
        '{',
        optional($._attribute_ops),
        $._rbrace,
      )),
    ),

    _attribute_ops: $ => choice(commaList1($._attribute_op), ','),

    _attribute_op: $ => choice($.attribute, $.splat_attribute),

    attribute: $ => seq(
      field('name', $.attribute_name),
      field('operator', choice('=>', '+>')),
      field('value', $._expression),
    ),

    // (The word token is always aliased: a MISSING hidden token would be invisible to a cursor.)
    attribute_name: $ => choice(alias($._ident, $.name), alias($._top_ident, $.name), ...ATTRIBUTE_KEYWORDS),

    splat_attribute: $ => seq('*', '=>', field('value', $._expression)),

    // ----------------------------------------------------------- expressions

    _expression: $ => choice(
      $.binary_expression,
      $.unary_expression,
      $.selector_expression,
      $.access_expression,
      $.call_expression,
      $.method_call,
      $.collect_expression,
      $._primary,
    ),

    binary_expression: $ => binaryOperations($, $._expression),

    unary_expression: $ => choice(
      prec.right(PREC.NOT, seq(field('operator', '!'), field('operand', $._expression))),
      prec.right(PREC.UMINUS, seq(field('operator', '-'), field('operand', $._expression))),
      prec.right(PREC.SPLAT, seq(field('operator', '*'), field('operand', $._expression))),
    ),

    selector_expression: $ => prec.left(PREC.QMARK, seq(
      field('subject', $._expression),
      '?',
      choice(
        seq(alias($._selbrace, '{'), commaList1($.selector_entry), $._rbrace),
        $.selector_entry,
      ),
    )),

    selector_entry: $ => seq(
      field('key', $._expression),
      '=>',
      field('value', $._expression),
    ),

    access_expression: $ => prec(PREC.ACCESS, seq(
      field('target', $._expression),
      alias($._lbrack, '['),
      commaList1(choice($._expression, $.pair)),
      ']',
    )),


    call_expression: $ => choice(
      prec.right(PREC.CALL, seq(
        field('function', $._expression),
        field('arguments', $.argument_list),
        optional(field('lambda', $.lambda)),
      )),
      prec.right(PREC.CALL, seq(
        field('function', alias('type', $.name)),
        field('arguments', $.argument_list),
        optional(field('lambda', $.lambda)),
      )),
    ),

    argument_list: $ => seq(
      alias($._call_lparen, '('),
      optional(commaList1($._argument)),
      ')',
    ),

    _argument: $ => choice($._assign, $.pair),

    method_call: $ => choice(
      // Without arguments or lambda: LOW, so that a following `(` or `|` joins the call.
      seq(
        prec(PREC.DOT, seq(field('receiver', $._expression), '.')),
        prec(PREC.LOW, field('name', $.identifier)),
      ),
      seq(
        prec(PREC.DOT, seq(field('receiver', $._expression), '.', field('name', $.identifier))),
        prec(PREC.LOW, field('arguments', alias($.method_argument_list, $.argument_list))),
      ),
      prec.left(PREC.DOT, seq(
        field('receiver', $._expression), '.', field('name', $.identifier),
        field('arguments', alias($.method_argument_list, $.argument_list)),
        field('lambda', $.lambda),
      )),
      prec.left(PREC.DOT, seq(
        field('receiver', $._expression), '.', field('name', $.identifier),
        field('lambda', $.lambda),
      )),
    ),

    // No trailing comma in method arguments (trap 18).
    method_argument_list: $ => seq(
      alias($._call_lparen, '('),
      optional(commaSep1($._argument)),
      ')',
    ),

    identifier: $ => choice(alias($._ident, $.name), 'type'),

    lambda: $ => seq(
      field('parameters', $.lambda_parameters),
      optional(seq('>>', field('return_type', $._type_expression))),
      field('body', $.block),
    ),

    // Both pipes come from the scanner: it refuses `|>` and `|>>` (trap 11), and where an
    // opening `|` is valid it wins over a closing one (Puppet shifts `|`).
    lambda_parameters: $ => seq(
      alias($._lambda_open, '|'),
      optional(commaList1($.parameter)),
      alias($._lambda_close, '|'),
    ),

    collect_expression: $ => choice(
      // Without `{...}`: right-associative, so that a following `{` joins the collector.
      prec.right(PREC.COLLECT, seq(
        field('type', $._expression),
        field('query', $._query),
      )),
      prec(PREC.COLLECT, seq(
        field('type', $._expression),
        field('query', $._query),
        '{',
        optional($._attribute_ops),
        $._rbrace,
      )),
    ),

    _query: $ => choice($.virtual_query, $.exported_query),

    // Both closers come from the scanner, which lexes `|>>` as one token wherever `|>` or
    // `|>>` may follow (trap 11): `File <| |>>` and `File <<| |>` are syntax errors.
    virtual_query: $ => seq('<|', optional($._expression), alias($._rcollect, '|>')),

    exported_query: $ => seq('<<|', optional($._expression), alias($._rrcollect, '|>>')),

    // --------------------------------------------------------------- primaries

    _primary: $ => choice(
      $.variable,
      alias($._ident, $.name),
      alias($._top_ident, $.name),
      $.word,
      $.type_reference,
      $.number,
      $.true,
      $.false,
      $.undef,
      $.default,
      $.reserved_word,
      $.regex,
      $.single_quoted_string,
      $.double_quoted_string,
      $.heredoc,
      $.array,
      $.hash,
      $.parenthesized_expression,
      $.if_expression,
      $.unless_expression,
      $.case_expression,
      $.class_definition,
      $.define_definition,
      $.node_definition,
      $.function_definition,
      $.type_alias,
      $.type_mapping,
      $.type_definition,
    ),

    parenthesized_expression: $ => seq('(', $._assign, ')'),

    array: $ => seq('[', optional(commaList1($._element)), ']'),

    _element: $ => choice($._assign, $.pair, $.type_keyword_string),

    hash: $ => seq('{', optional(commaList1($.pair)), $._rbrace),

    pair: $ => seq(
      field('key', choice($._assign, $.type_keyword_string)),
      '=>',
      field('value', choice($._assign, $.type_keyword_string)),
    ),

    type_keyword_string: $ => seq(choice('type', 'function'), optional($._regex_ok)),

    true: _ => 'true',
    false: _ => 'false',
    undef: $ => seq('undef', optional($._regex_ok)),
    default: $ => seq('default', optional($._regex_ok)),
    reserved_word: $ => seq(choice('private', 'attr'), optional($._regex_ok)),

    // NAME: lower-case segments, optional leading `::` (the keyword-extraction word).
    // It does not start with `::` (that is `_top_ident`): a word token that can start with `:`
    // would stop tree-sitter from extracting `and`, `or`, `in`, `else`, `elsif` as keywords, and
    // `$a order` would then lex as `$a or der`.
    _ident: _ => /[a-z][A-Za-z0-9_]*(::[a-z][A-Za-z0-9_]*)*/,

    // A NAME anchored at top scope: `::a::b`. Never a keyword.
    _top_ident: _ => /::[a-z][A-Za-z0-9_]*(::[a-z][A-Za-z0-9_]*)*/,

    // WORD: a bare word that is not a NAME (has a `-`, or a segment starting with `_`).
    word: _ => token(seq(
      optional('::'),
      repeat(seq(/[a-z][A-Za-z0-9_]*/, '::')),
      choice(
        /_[A-Za-z0-9_]*(-+[A-Za-z0-9_]+)*/,
        /[a-z][A-Za-z0-9_]*(-+[A-Za-z0-9_]+)+/,
      ),
      repeat(seq('::', /[a-z_][A-Za-z0-9_]*(-+[A-Za-z0-9_]+)*/)),
    )),

    // CLASSREF, lexed broadly: `Foo::bar`, `A::3` and `::A::b` are one token here, and the
    // lowering reports Puppet's `Illegal (fully qualified) class reference` for them.
    type_reference: _ => /(::)?[A-Z][A-Za-z0-9_]*(::[A-Za-z0-9_]+)*/,

    variable: _ => /\$((::)?([A-Za-z0-9_]+::)*[A-Za-z0-9_]+)?/,

    // One broad token; the lowering classifies it and reports Puppet's lexer errors.
    // A fraction only after plain digits: `1e1.5` is `1e1` `.` `5`, as in Puppet.
    number: _ => token(choice(
      /[0-9]+\.[0-9]([A-Za-z0-9_]|[eE]-[0-9])*/,
      /[0-9]([A-Za-z0-9_]|[eE]-[0-9])*/,
    )),

    single_quoted_string: _ => /'([^'\\]|\\(.|\n))*'/,

    double_quoted_string: $ => seq(
      '"',
      repeat(choice($.string_text, $.short_interpolation, $.interpolation)),
      '"',
    ),

    interpolation: $ => seq(
      '${',
      choice(
        $._assign,
        alias(choice(...INTERPOLATION_KEYWORDS), $.name),
        $._interpolation_keyword_expression,
      ),
      '}',
    ),

    // `${type['a']}`, `${if.foo + 1}`: a keyword first, followed by `[` or `.` (Puppet turns it
    // into a variable, §4.3), then any operators. The keyword is a `name`; the lowering applies
    // the rule. A lone keyword (`${class}`) is the `name` alternative above.
    _interpolation_keyword_expression: $ => choice(
      $._interpolation_keyword_postfix,
      alias($._interpolation_keyword_binary, $.binary_expression),
    ),

    _interpolation_keyword_binary: $ => binaryOperations($, $._interpolation_keyword_expression),

    _interpolation_keyword_postfix: $ => choice(
      alias($._interpolation_keyword_access, $.access_expression),
      alias($._interpolation_keyword_method, $.method_call),
    ),

    _interpolation_keyword_target: $ => choice(
      alias(choice(...INTERPOLATION_KEYWORDS), $.name),
      $._interpolation_keyword_postfix,
    ),

    _interpolation_keyword_access: $ => prec(PREC.ACCESS, seq(
      field('target', $._interpolation_keyword_target),
      alias($._lbrack, '['),
      commaList1(choice($._expression, $.pair)),
      ']',
    )),

    _interpolation_keyword_method: $ => prec.right(PREC.DOT, seq(
      field('receiver', $._interpolation_keyword_target),
      '.',
      field('name', $.identifier),
      optional(field('arguments', alias($.method_argument_list, $.argument_list))),
      optional(field('lambda', $.lambda)),
    )),

    heredoc: $ => seq('@(', $.heredoc_tag, ')'),

    heredoc_body: $ => seq(
      $._heredoc_body_start,
      repeat(choice($.heredoc_text, $.short_interpolation, $.interpolation)),
      $.heredoc_end,
    ),

    comment: _ => token(choice(
      seq('#', /.*/),
      seq('/*', /[^*]*\*+([^/*][^*]*\*+)*/, '/'),
    )),

    // ----------------------------------------------------------- conditionals

    if_expression: $ => seq(
      'if',
      field('condition', $._expression),
      field('consequence', $.block),
      repeat($.elsif_clause),
      optional($.else_clause),
    ),

    elsif_clause: $ => seq('elsif', field('condition', $._expression), field('consequence', $.block)),

    else_clause: $ => seq('else', field('body', $.block)),

    unless_expression: $ => seq(
      'unless',
      field('condition', $._expression),
      field('consequence', $.block),
      optional($.else_clause),
    ),

    case_expression: $ => seq(
      'case',
      field('value', $._expression),
      '{',
      repeat1($.case_option),
      $._rbrace,
    ),

    case_option: $ => seq(
      commaSep1(field('value', $._expression)),
      ':',
      field('body', $.block),
    ),

    // ------------------------------------------------------------ definitions

    _definition_name: $ => choice(
      alias($._ident, $.name),
      alias($._top_ident, $.name),
      $.word,
      $.type_reference,
    ),

    class_definition: $ => seq(
      'class',
      field('name', $._definition_name),
      optional(field('parameters', $.parameter_list)),
      optional(seq('inherits', field('parent', choice($._definition_name, $.default)))),
      field('body', $.block),
    ),

    define_definition: $ => seq(
      'define',
      field('name', $._definition_name),
      optional(field('parameters', $.parameter_list)),
      field('body', $.block),
    ),

    node_definition: $ => seq(
      'node',
      commaList1($.node_match),
      optional(seq('inherits', field('parent', $.node_match))),
      field('body', $.block),
    ),

    node_match: $ => choice(
      $.single_quoted_string,
      $.double_quoted_string,
      $.regex,
      $.default,
      $.hostname,
    ),

    hostname: $ => seq(
      choice(alias($._ident, $.name), $.number),
      repeat(seq('.', choice(alias($._ident, $.name), $.number))),
    ),

    function_definition: $ => seq(
      'function',
      field('name', $._definition_name),
      optional(field('parameters', $.parameter_list)),
      optional(seq('>>', field('return_type', $._type_expression))),
      field('body', $.block),
    ),

    type_alias: $ => seq(
      'type',
      field('name', $.type_reference),
      '=',
      field('value', $._type_alias_value),
    ),

    _type_alias_value: $ => choice(
      $.type_reference,
      alias($._type_access, $.access_expression),
      $.hash,
      $.array,
      $.type_with_hash,
    ),

    type_with_hash: $ => prec(1, seq(field('type', $.type_reference), field('hash', $.hash))),

    type_mapping: $ => seq(
      'type',
      field('mapping', alias($._type_access, $.access_expression)),
      '=',
      field('value', $._type_alias_value),
    ),

    type_definition: $ => seq(
      'type',
      field('name', $.type_reference),
      optional(seq('inherits', field('parent', $.type_reference))),
      field('body', $.block),
    ),

    // A CLASSREF with at most one `[...]` directly after it.
    _type_expression: $ => choice($.type_reference, alias($._type_access, $.access_expression)),

    _type_access: $ => prec(1, seq(
      field('target', $.type_reference),
      alias($._lbrack, '['),
      commaList1(choice($._expression, $.pair)),
      ']',
    )),

    parameter_list: $ => seq('(', optional(commaList1($.parameter)), ')'),

    parameter: $ => seq(
      optional(field('type', $._type_expression)),
      optional(field('captures_rest', '*')),
      field('name', $.variable),
      optional(seq('=', field('default', $._expression))),
    ),
  },
});
