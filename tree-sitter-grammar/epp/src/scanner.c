/*
 * External scanner of rein's EPP grammar (epp/grammar.js): the Puppet scanner
 * (../../src/scanner.c, compiled here with REIN_EPP) plus the template modes of Puppet's
 * EPP lexer (epp_support.rb):
 *  - text mode (at the start and after a closer): the text up to the next opener is one
 *    `epp_text` token (Puppet's RENDER_STRING) when it renders as a non-empty string, or a
 *    hidden `_epp_gap` extra when it renders as nothing (trimmed blanks, comments only).
 *    Text running to the end of input is always `epp_text` (Puppet renders it even empty).
 *    `<%%` is a literal `<%`, and `<%# ... %>` a comment inside the text; `<%#-` trims the
 *    blanks before it and a `-%>` closing a comment trims the line after it;
 *  - openers: `<%` and `<%-` (a hidden extra: the code that follows is plain Puppet code) and
 *    `<%=` (`epp_render_open`, Puppet's RENDER_EXPR);
 *  - closers `%>` and `-%>`: a hidden extra after `<%`, `epp_render_close` after `<%=`.
 * A text token that hits the end of input after an unclosed `<%#` or a bare `<%` keeps
 * the rest of the file; the lowering reports Puppet's error for it.
 * The mode lives in `Scanner.epp` (serialized with the rest of the state).
 */

#define REIN_EPP 1
#include "../../src/scanner.c"

enum {
  MODE_TEXT = 0,   /* text (or an opener) comes next */
  MODE_OPENER = 1, /* a text token was just emitted: the opener comes next */
  MODE_CODE = 2,   /* after `<%` or `<%-` */
  MODE_EXPR = 3,   /* after `<%=` */
  MODE_MASK = 3,
  TRIM_NEXT = 4, /* after `-%>`: the blanks and newline that follow are not text */
};

static bool at(TSLexer *lexer, int32_t c) { return !lexer->eof(lexer) && lexer->lookahead == c; }

/* After `<%` (consumed): the rest of the opener, which ends the token. */
static bool finish_opener(Scanner *s, TSLexer *lexer) {
  if (at(lexer, '=')) {
    advance(lexer);
    lexer->mark_end(lexer);
    lexer->result_symbol = EPP_RENDER_OPEN;
    s->epp = MODE_EXPR;
    return true;
  }
  if (at(lexer, '-')) advance(lexer);
  lexer->mark_end(lexer);
  lexer->result_symbol = EPP_OPEN;
  s->epp = MODE_CODE;
  return true;
}

/* A text token from the token start to the mark (MODE_OPENER: an opener follows). */
static int text_token(Scanner *s, TSLexer *lexer, bool rendered, bool opener_follows) {
  lexer->result_symbol = rendered ? EPP_TEXT : EPP_GAP;
  s->epp = opener_follows ? MODE_OPENER : MODE_TEXT;
  return 1;
}

/* The end of input inside text: the text so far (to the end) is one `epp_text`. */
static int text_to_end(Scanner *s, TSLexer *lexer) {
  while (!lexer->eof(lexer)) advance(lexer);
  lexer->mark_end(lexer);
  return text_token(s, lexer, true, false);
}

/* `<%# ... %>` after the `#` (consumed): skips to the first `%>` not preceded by `%`.
   Returns false at the end of input. Sets `*dash_end` for a `-%>` end. */
static bool skip_comment(TSLexer *lexer, bool *dash_end) {
  int32_t prev = '#';
  while (!lexer->eof(lexer)) {
    int32_t c = lexer->lookahead;
    advance(lexer);
    if (c == '%' && prev != '%' && at(lexer, '>')) {
      advance(lexer);
      *dash_end = prev == '-';
      return true;
    }
    prev = c;
  }
  return false;
}

static int epp_scan(Scanner *s, TSLexer *lexer, const bool *valid) {
  unsigned mode = s->epp & MODE_MASK;
  if (mode == MODE_CODE || mode == MODE_EXPR) {
    if (!valid[ERROR_SENTINEL] || s->pending_count > 0) return -1;
    /* Error recovery in code: only a closer (so that the text after it stays text). */
    while (!lexer->eof(lexer) && (is_blank(lexer->lookahead) || lexer->lookahead == '\n')) skip(lexer);
    if (at(lexer, '%') || at(lexer, '-')) return epp_close(s, lexer) ? 1 : 0;
    return 0;
  }
  if (mode == MODE_OPENER) {
    if (!at(lexer, '<')) return 0;
    advance(lexer);
    if (!at(lexer, '%')) return 0;
    advance(lexer);
    return finish_opener(s, lexer) ? 1 : 0;
  }

  bool trim = (s->epp & TRIM_NEXT) != 0;
  bool raw = false;       /* some text consumed */
  bool any = false;       /* the text renders as something */
  bool non_blank = false; /* ... other than spaces and tabs */
  for (;;) {
    if (trim) {
      while (at(lexer, ' ') || at(lexer, '\t')) {
        advance(lexer);
        raw = true;
      }
      if (at(lexer, '\r')) {
        advance(lexer);
        raw = true;
      }
      if (at(lexer, '\n')) {
        advance(lexer);
        raw = true;
      }
      trim = false;
    }
    if (lexer->eof(lexer)) {
      if (!raw) return 0;
      lexer->mark_end(lexer);
      return text_token(s, lexer, true, false);
    }
    int32_t c = lexer->lookahead;
    if (c != '<') {
      advance(lexer);
      raw = any = true;
      if (c != ' ' && c != '\t') non_blank = true;
      continue;
    }
    lexer->mark_end(lexer);
    advance(lexer);
    if (!at(lexer, '%')) {
      raw = any = non_blank = true;
      continue;
    }
    advance(lexer);
    if (lexer->eof(lexer)) return text_to_end(s, lexer); /* `<%` at the end: unbalanced */
    c = lexer->lookahead;
    if (c == '%') { /* `<%%`: a literal `<%` */
      advance(lexer);
      raw = any = non_blank = true;
      continue;
    }
    if (c == '#') {
      advance(lexer);
      bool lead_trim = at(lexer, '-');
      bool dash_end = false;
      if (!skip_comment(lexer, &dash_end)) return text_to_end(s, lexer);
      raw = true;
      if (lead_trim) any = non_blank;
      trim = dash_end;
      continue;
    }
    /* An opener: the text (if any) ends before its `<`. */
    if (!raw) return finish_opener(s, lexer) ? 1 : 0;
    return text_token(s, lexer, c == '-' ? non_blank : any, true);
  }
}

static bool epp_close(Scanner *s, TSLexer *lexer) {
  unsigned mode = s->epp & MODE_MASK;
  if (mode != MODE_CODE && mode != MODE_EXPR) return false;
  bool dash = at(lexer, '-');
  if (dash) {
    advance(lexer);
    if (!at(lexer, '%')) return false;
  }
  advance(lexer);
  if (!at(lexer, '>')) return false;
  advance(lexer);
  lexer->mark_end(lexer);
  lexer->result_symbol = mode == MODE_EXPR ? EPP_RENDER_CLOSE : EPP_CLOSE;
  s->epp = (uint8_t)(MODE_TEXT | (dash ? TRIM_NEXT : 0));
  return true;
}
