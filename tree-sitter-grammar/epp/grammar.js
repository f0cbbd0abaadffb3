/**
 * @file rein's tree-sitter grammar of EPP templates: the Puppet grammar (`../grammar.js`)
 * extended as Puppet's own parser extends it (one grammar, lexer modes; `egrammar.ra`'s
 * `epp_expression` and `epp_render_expression`).
 *
 * Template text is a primary expression (`epp_text`, Puppet's RENDER_STRING), so Puppet code
 * can span tags: `<% if $x { %>yes<% } %>` is an `if` whose body holds an `epp_text`.
 * `<%= E %>` is an `epp_render`. The `<%`/`<%-` openers, the closers of `<% %>` and text that
 * renders as nothing are hidden extras. The optional parameter header `|...|` may only come
 * first. The external scanner (`src/scanner.c`) holds the text modes.
 */

/* eslint-disable arrow-parens, camelcase */

const puppet = require('../grammar.js');

module.exports = grammar(puppet, {
  name: 'epp',

  // Appended to Puppet's externals, in the order of the scanner's TokenType enum.
  externals: ($, original) => original.concat([
    $.epp_text,
    $._epp_gap,
    $._epp_open,
    $._epp_close,
    $._epp_render_open,
    $._epp_render_close,
  ]),

  extras: ($, original) => original.concat([$._epp_gap, $._epp_open, $._epp_close]),

  rules: {
    manifest: $ => seq(
      optional(field('parameters', $.epp_parameters)),
      optional($._statements),
    ),

    // `<%- | String $x, $y = 1 | -%>`: Puppet's `epp_parameters_list` (as lambda parameters).
    epp_parameters: $ => seq(
      alias($._lambda_open, '|'),
      optional(seq($.parameter, repeat(seq(',', $.parameter)), optional(','))),
      alias($._lambda_close, '|'),
    ),

    // RENDER_EXPR LBRACE statements RBRACE: at least one statement (`<%= {} %>` is a hash).
    _render_block: $ => seq('{', $._statements, $._rbrace),

    _primary: ($, original) => choice(original, $.epp_text, $.epp_render),

    // `<%= E %>` or `<%= { statements } %>`; E is an expression below assignments, relationships
    // and resources (Puppet's `expression`): `<%= $x = 1 %>` is a syntax error.
    epp_render: $ => seq(
      alias($._epp_render_open, '<%='),
      choice(
        field('value', $._expression),
        field('value', alias($._render_block, $.block)),
      ),
      alias($._epp_render_close, '%>'),
    ),
  },
});
