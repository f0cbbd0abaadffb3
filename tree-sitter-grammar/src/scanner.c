/*
 * External scanner of rein's Puppet grammar.
 *
 * Handles the context-sensitive parts of Puppet's lexer (see shared/notes/puppet-grammar-facts.md):
 *  - heredocs: the `@(...)` tag (pushed on a queue of pending heredocs), and at the next newline
 *    the bodies, in order, as an extra `heredoc_body` (start, text, interpolation, end line);
 *    the end line is found as Puppet does it: any line whose right-trimmed text ends with the tag;
 *  - the text runs of double-quoted strings and interpolating heredocs, each one token with the
 *    plain variables in it (`$name`, `${name}`: the lowering splits them out); the grammar
 *    parses only a `${` expression (SHORT_INTERPOLATION is no longer produced);
 *  - regex vs `/` division: a regex where only a regex is valid, or where both are valid and the
 *    previous token was `}` or a keyword (the grammar marks those states with `_regex_ok`);
 *  - a call `(` (LPAREN) vs a `(` that is the first non-blank of its line (WSLPAREN);
 *  - the `{` right after `?` (SELBRACE), the `[` that indexes (LBRACK), and the lambda pipes.
 *
 * Every loop checks `lexer->eof`, and (de)serialization is bounds-checked.
 */

#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum TokenType {
  HEREDOC_BODY_START,
  HEREDOC_TEXT,
  HEREDOC_END,
  HEREDOC_TAG,
  STRING_TEXT,
  SHORT_INTERPOLATION,
  REGEX,
  DIV,
  REGEX_OK,
  CALL_LPAREN,
  SELBRACE,
  LAMBDA_CLOSE,
  LBRACK,
  LAMBDA_OPEN,
  RCOLLECT,
  RRCOLLECT,
  ERROR_SENTINEL,
  COMMENT,
#ifdef REIN_EPP
  /* The EPP dialect's tokens (epp/grammar.js), scanned by epp/src/scanner.c. */
  EPP_TEXT,
  EPP_GAP,
  EPP_OPEN,
  EPP_CLOSE,
  EPP_RENDER_OPEN,
  EPP_RENDER_CLOSE,
#endif
};

/* The entry points are named after the grammar: `puppet`, or `epp` for the EPP dialect. */
#ifdef REIN_EPP
#define SCANNER_FN(x) tree_sitter_epp_external_scanner_##x
#else
#define SCANNER_FN(x) tree_sitter_puppet_external_scanner_##x
#endif

#define MAX_TAG 120
#define MAX_PENDING 64
#define RING 256

enum {
  F_INTERPOLATE = 1, /* quoted tag: `$` interpolation on */
  F_ESCAPES = 2,     /* a `/` was given: `\\` is an escape */
  F_DOLLAR = 4,      /* `$` flag (or bare `/`): `\$` is an escape */
  F_TOO_LONG = 8,    /* tag did not fit: the end line can never be found */
};

enum { LINE_UNKNOWN = 0, LINE_NOT_END = 1, LINE_IS_END = 2 };

typedef struct {
  uint8_t len;
  uint8_t flags;
  char tag[MAX_TAG];
} Heredoc;

typedef struct {
  uint8_t epp; /* EPP dialect only: the template mode, see epp/src/scanner.c (0 in .pp) */
  uint8_t pending_count;
  Heredoc pending[MAX_PENDING];
  uint8_t in_body;
  uint8_t line_status;
  Heredoc current;
} Scanner;

static inline void advance(TSLexer *lexer) { lexer->advance(lexer, false); }
static inline void skip(TSLexer *lexer) { lexer->advance(lexer, true); }

static bool is_word_char(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Whitespace between tokens, except `\n` (Puppet: blanks, Unicode spaces and a lone `\r`). */
static bool is_blank(int32_t c) {
  return c == ' ' || c == '\t' || c == '\r' || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F || c == 0x3000;
}

/* ------------------------------------------------------------------ lifecycle */

void *SCANNER_FN(create)(void) {
  Scanner *s = (Scanner *)calloc(1, sizeof(Scanner));
  return s;
}

void SCANNER_FN(destroy)(void *payload) { free(payload); }

static unsigned put_heredoc(char *buf, unsigned pos, const Heredoc *h) {
  unsigned len = h->len > MAX_TAG ? MAX_TAG : h->len;
  if (pos + 2 + len > TREE_SITTER_SERIALIZATION_BUFFER_SIZE) return 0;
  buf[pos++] = (char)len;
  buf[pos++] = (char)h->flags;
  memcpy(buf + pos, h->tag, len);
  return pos + len;
}

unsigned SCANNER_FN(serialize)(void *payload, char *buf) {
  Scanner *s = (Scanner *)payload;
  if (s == NULL) return 0;
  unsigned pos = 0;
  buf[pos++] = (char)s->epp;
  buf[pos++] = (char)s->in_body;
  buf[pos++] = (char)s->line_status;
  unsigned next = put_heredoc(buf, pos, &s->current);
  if (next == 0) return 0;
  pos = next;
  /* Degrade gracefully: pending heredocs that do not fit are dropped (their bodies then fail). */
  unsigned count_pos = pos++;
  unsigned count = 0;
  for (unsigned i = 0; i < s->pending_count && i < MAX_PENDING; i++) {
    next = put_heredoc(buf, pos, &s->pending[i]);
    if (next == 0) break;
    pos = next;
    count++;
  }
  buf[count_pos] = (char)count;
  return pos;
}

static unsigned get_heredoc(const char *buf, unsigned pos, unsigned length, Heredoc *h) {
  if (pos + 2 > length) return 0;
  unsigned len = (uint8_t)buf[pos];
  uint8_t flags = (uint8_t)buf[pos + 1];
  pos += 2;
  if (len > MAX_TAG || pos + len > length) return 0;
  h->len = (uint8_t)len;
  h->flags = flags;
  memcpy(h->tag, buf + pos, len);
  return pos + len;
}

/* The state with nothing pending (the queue's slots past `pending_count` are never read,
 * so they are not cleared: this runs before every scan). */
static void reset(Scanner *s) {
  s->epp = 0;
  s->pending_count = 0;
  s->in_body = 0;
  s->line_status = 0;
  s->current.len = 0;
  s->current.flags = 0;
}

void SCANNER_FN(deserialize)(void *payload, const char *buf, unsigned length) {
  Scanner *s = (Scanner *)payload;
  if (s == NULL) return;
  reset(s);
  if (buf == NULL || length < 4) return;
  unsigned pos = 0;
  s->epp = (uint8_t)buf[pos++];
  s->in_body = (uint8_t)buf[pos++];
  s->line_status = (uint8_t)buf[pos++];
  unsigned next = get_heredoc(buf, pos, length, &s->current);
  if (next == 0) {
    reset(s);
    return;
  }
  pos = next;
  if (pos >= length) return;
  unsigned count = (uint8_t)buf[pos++];
  for (unsigned i = 0; i < count && i < MAX_PENDING; i++) {
    next = get_heredoc(buf, pos, length, &s->pending[i]);
    if (next == 0) break;
    pos = next;
    s->pending_count = (uint8_t)(i + 1);
  }
}

/* -------------------------------------------------------------- small helpers */

/* Appends the UTF-8 encoding of `c` to buf (capacity cap); returns the new length. */
static unsigned utf8_put(char *buf, unsigned len, unsigned cap, int32_t c) {
  unsigned char tmp[4];
  unsigned n;
  uint32_t u = (uint32_t)c;
  if (u < 0x80) {
    tmp[0] = (unsigned char)u;
    n = 1;
  } else if (u < 0x800) {
    tmp[0] = (unsigned char)(0xC0 | (u >> 6));
    tmp[1] = (unsigned char)(0x80 | (u & 0x3F));
    n = 2;
  } else if (u < 0x10000) {
    tmp[0] = (unsigned char)(0xE0 | (u >> 12));
    tmp[1] = (unsigned char)(0x80 | ((u >> 6) & 0x3F));
    tmp[2] = (unsigned char)(0x80 | (u & 0x3F));
    n = 3;
  } else {
    tmp[0] = (unsigned char)(0xF0 | ((u >> 18) & 0x07));
    tmp[1] = (unsigned char)(0x80 | ((u >> 12) & 0x3F));
    tmp[2] = (unsigned char)(0x80 | ((u >> 6) & 0x3F));
    tmp[3] = (unsigned char)(0x80 | (u & 0x3F));
    n = 4;
  }
  for (unsigned i = 0; i < n && len < cap; i++) buf[len++] = (char)tmp[i];
  return len;
}

/*
 * After a `$` has been consumed: consumes a variable name `(::)?(\w+::)*\w+` (and a `::` after
 * it that no word character follows). Returns whether a name was found.
 */
static bool scan_interpolated_name(TSLexer *lexer) {
  if (lexer->eof(lexer)) return false;
  if (lexer->lookahead == ':') {
    advance(lexer);
    if (lexer->eof(lexer) || lexer->lookahead != ':') return false;
    advance(lexer);
    if (lexer->eof(lexer) || !is_word_char(lexer->lookahead)) return false;
  } else if (!is_word_char(lexer->lookahead)) {
    return false;
  }
  for (;;) {
    while (!lexer->eof(lexer) && is_word_char(lexer->lookahead)) advance(lexer);
    if (lexer->eof(lexer) || lexer->lookahead != ':') return true;
    advance(lexer);
    if (lexer->eof(lexer) || lexer->lookahead != ':') return true;
    advance(lexer);
    if (lexer->eof(lexer) || !is_word_char(lexer->lookahead)) return true;
  }
}

/* ------------------------------------------------------- double-quoted strings */

/* Keywords (grammar.js's KEYWORDS): `${class}` is not a plain name. */
static const char *const KEYWORDS[] = {
    "and",  "attr",     "case", "class", "default", "define", "else",    "elsif", "false", "function",
    "if",   "in",       "inherits", "node", "or",   "private", "true",   "type",  "undef", "unless",
};

#define MAX_KEYWORD 8

static bool is_lower(int32_t c) { return c >= 'a' && c <= 'z'; }

/*
 * After a `$` (consumed), at a `{`: consumes `{` NAME `}` when NAME is a plain variable name
 * `(::)?[a-z]\w*(::[a-z]\w*)*` that is not a keyword, written without blanks. Such an
 * interpolation is always the variable NAME (Puppet's `${name}` rule), so it joins the string's
 * text run and the lowering reads it from the text. Returns false (anything consumed) otherwise.
 */
static bool scan_braced_name(TSLexer *lexer) {
  advance(lexer); /* the `{` */
  char word[MAX_KEYWORD + 1];
  unsigned word_len = 0;
  bool one_segment = true;
  if (!lexer->eof(lexer) && lexer->lookahead == ':') {
    advance(lexer);
    if (lexer->eof(lexer) || lexer->lookahead != ':') return false;
    advance(lexer);
  }
  for (;;) {
    if (lexer->eof(lexer) || !is_lower(lexer->lookahead)) return false;
    while (!lexer->eof(lexer) && is_word_char(lexer->lookahead)) {
      if (one_segment && word_len <= MAX_KEYWORD) word[word_len++] = (char)lexer->lookahead;
      advance(lexer);
    }
    if (lexer->eof(lexer)) return false;
    if (lexer->lookahead == '}') break;
    if (lexer->lookahead != ':') return false;
    advance(lexer);
    if (lexer->eof(lexer) || lexer->lookahead != ':') return false;
    advance(lexer);
    one_segment = false;
  }
  advance(lexer); /* the `}` */
  if (one_segment && word_len <= MAX_KEYWORD) {
    for (unsigned i = 0; i < sizeof(KEYWORDS) / sizeof(KEYWORDS[0]); i++) {
      if (strlen(KEYWORDS[i]) == word_len && memcmp(KEYWORDS[i], word, word_len) == 0) return false;
    }
  }
  return true;
}

/* What a text scanner does at a `$` in interpolating text. */
typedef enum { RUN_JOINED, RUN_ENDS, RUN_EOF } RunStep;

/*
 * At a `$` in interpolating text, `*len` being the length of the text scanned so far: `$name`
 * and a plain `${name}` (scan_braced_name) join the text run, and so does a `$` that starts no
 * name (literal text): RUN_JOINED, keep scanning. Any other `${` (an expression, parsed by the
 * grammar) ends the run before the `$` (RUN_ENDS: the end is marked there). RUN_EOF: the `$` is
 * the last character.
 */
static RunStep scan_run_dollar(TSLexer *lexer, unsigned *len) {
  lexer->mark_end(lexer);
  advance(lexer);
  (*len)++;
  if (lexer->eof(lexer)) return RUN_EOF;
  if (lexer->lookahead == '{') return scan_braced_name(lexer) ? RUN_JOINED : RUN_ENDS;
  /* A failed name scan consumed only `:` or `::`: literal text. */
  scan_interpolated_name(lexer);
  return RUN_JOINED;
}

/*
 * The text of a double-quoted string, as one token with the interpolations that are plain
 * variables: `$name` and `${name}` (scan_run_dollar). The token ends before any other `${`, or
 * at the closing quote. A string of text and plain variables is thus one token, whatever their
 * number: the concrete tree of a string with a million `${a}` stays a few nodes. The lowering
 * splits the token as this scanner does (src/syntax/lower/string_run.rs).
 */
static bool scan_string_text(TSLexer *lexer) {
  unsigned len = 0;
  for (;;) {
    if (lexer->eof(lexer)) break;
    int32_t c = lexer->lookahead;
    if (c == '"') break;
    if (c == '\\') {
      advance(lexer);
      len++;
      if (!lexer->eof(lexer)) {
        advance(lexer);
        len++;
      }
      continue;
    }
    if (c == '$') {
      RunStep step = scan_run_dollar(lexer, &len);
      if (step == RUN_EOF) break;
      if (step == RUN_JOINED) continue;
      if (len == 1) return false; /* the grammar lexes `${` */
      lexer->result_symbol = STRING_TEXT;
      return true;
    }
    advance(lexer);
    len++;
  }
  if (len == 0) return false;
  lexer->mark_end(lexer);
  lexer->result_symbol = STRING_TEXT;
  return true;
}

/* ------------------------------------------------------------------- heredocs */

/* Reads the `@(` ... `)` text (without the parens) and queues the heredoc. */
static bool scan_heredoc_tag(Scanner *s, TSLexer *lexer) {
  char raw[MAX_TAG * 2 + 8];
  unsigned raw_len = 0;
  bool too_long = false;
  unsigned count = 0;
  for (;;) {
    if (lexer->eof(lexer)) return false;
    int32_t c = lexer->lookahead;
    if (c == ')') break;
    if (c == '\n') return false;
    unsigned before = raw_len;
    raw_len = utf8_put(raw, raw_len, sizeof(raw), c);
    if (raw_len == before || raw_len >= sizeof(raw)) too_long = true;
    advance(lexer);
    count++;
  }
  if (count == 0) return false;
  lexer->mark_end(lexer);
  lexer->result_symbol = HEREDOC_TAG;

  /* TAG [: syntax] [/ flags] */
  unsigned tag_end = 0;
  while (tag_end < raw_len && raw[tag_end] != ':' && raw[tag_end] != '/') tag_end++;
  unsigned a = 0;
  unsigned b = tag_end;
  while (a < b && (raw[a] == ' ' || raw[a] == '\t')) a++;
  while (b > a && (raw[b - 1] == ' ' || raw[b - 1] == '\t')) b--;
  Heredoc h;
  memset(&h, 0, sizeof(h));
  if (b - a >= 2 && raw[a] == '"' && raw[b - 1] == '"') {
    h.flags |= F_INTERPOLATE;
    a++;
    b--;
  }
  unsigned slash = tag_end;
  while (slash < raw_len && raw[slash] != '/') slash++;
  if (slash < raw_len) {
    h.flags |= F_ESCAPES;
    unsigned f = slash + 1;
    bool any = false;
    while (f < raw_len && raw[f] != ' ' && raw[f] != '\t') {
      if (raw[f] == '$') h.flags |= F_DOLLAR;
      any = true;
      f++;
    }
    if (!any) h.flags |= F_DOLLAR;
  }
  if (too_long || b - a > MAX_TAG) {
    h.flags |= F_TOO_LONG;
    h.len = 0;
  } else {
    h.len = (uint8_t)(b - a);
    memcpy(h.tag, raw + a, b - a);
  }
  if (s->pending_count < MAX_PENDING) {
    s->pending[s->pending_count++] = h;
  }
  return true;
}

/*
 * Consumes the rest of the current line (up to, not including, `\n` or EOF) and tells whether it
 * is the end line of heredoc `h` (its right-trimmed text ends with the tag), and whether it holds
 * a `$` (a possible interpolation).
 */
static void peek_line(const Heredoc *h, TSLexer *lexer, bool *is_end, bool *has_dollar) {
  char ring[RING];
  unsigned total = 0;    /* bytes pushed */
  unsigned trailing = 0; /* bytes of trailing blanks / CR */
  *has_dollar = false;
  while (!lexer->eof(lexer) && lexer->lookahead != '\n') {
    int32_t c = lexer->lookahead;
    if (c == '$') *has_dollar = true;
    char tmp[4];
    unsigned n = utf8_put(tmp, 0, 4, c);
    for (unsigned i = 0; i < n; i++) ring[(total + i) % RING] = tmp[i];
    total += n;
    if (c == ' ' || c == '\t' || c == '\r') {
      trailing += n;
    } else {
      trailing = 0;
    }
    advance(lexer);
  }
  *is_end = false;
  if (h->flags & F_TOO_LONG) return;
  unsigned tl = h->len;
  if (tl == 0) {
    *is_end = true;
    return;
  }
  if (total < trailing + tl || trailing + tl > RING) return;
  unsigned start = total - trailing - tl;
  for (unsigned i = 0; i < tl; i++) {
    if (ring[(start + i) % RING] != h->tag[i]) return;
  }
  *is_end = true;
}

/* At a `\n` with pending heredocs: consume it and start the first pending body. */
static bool start_heredoc_body(Scanner *s, TSLexer *lexer) {
  advance(lexer); /* the `\n` */
  lexer->mark_end(lexer);
  s->current = s->pending[0];
  for (unsigned i = 1; i < s->pending_count; i++) s->pending[i - 1] = s->pending[i];
  s->pending_count--;
  s->in_body = 1;
  bool is_end = false;
  bool has_dollar = false;
  peek_line(&s->current, lexer, &is_end, &has_dollar);
  s->line_status = is_end ? LINE_IS_END : LINE_NOT_END;
  lexer->result_symbol = HEREDOC_BODY_START;
  return true;
}

static bool scan_heredoc_end(Scanner *s, TSLexer *lexer) {
  while (!lexer->eof(lexer) && lexer->lookahead != '\n') advance(lexer);
  lexer->mark_end(lexer);
  s->in_body = 0;
  s->line_status = LINE_UNKNOWN;
  memset(&s->current, 0, sizeof(s->current));
  lexer->result_symbol = HEREDOC_END;
  return true;
}

static bool scan_heredoc_text(Scanner *s, TSLexer *lexer, const bool *valid) {
  if (s->line_status == LINE_IS_END) {
    if (!valid[HEREDOC_END]) return false;
    return scan_heredoc_end(s, lexer);
  }
  const bool interpolate = (s->current.flags & F_INTERPOLATE) != 0;
  unsigned len = 0;
  for (;;) {
    if (lexer->eof(lexer)) break;
    int32_t c = lexer->lookahead;
    if (c == '\n') {
      advance(lexer);
      len++;
      lexer->mark_end(lexer);
      bool is_end = false;
      bool has_dollar = false;
      peek_line(&s->current, lexer, &is_end, &has_dollar);
      if (is_end) {
        s->line_status = LINE_IS_END;
        lexer->result_symbol = HEREDOC_TEXT;
        return true;
      }
      if (interpolate && has_dollar) {
        s->line_status = LINE_NOT_END;
        lexer->result_symbol = HEREDOC_TEXT;
        return true;
      }
      len++;
      continue; /* the peeked line is plain text: keep it */
    }
    if (c == '\\') {
      advance(lexer);
      len++;
      if (lexer->eof(lexer)) break;
      int32_t d = lexer->lookahead;
      if ((d == '\\' && (s->current.flags & F_ESCAPES)) || (d == '$' && (s->current.flags & F_DOLLAR))) {
        advance(lexer);
        len++;
      }
      continue;
    }
    if (c == '$' && interpolate) {
      RunStep step = scan_run_dollar(lexer, &len);
      if (step == RUN_EOF) break;
      if (step == RUN_JOINED) continue;
      if (len == 1) return false; /* the grammar lexes `${` */
      lexer->result_symbol = HEREDOC_TEXT;
      return true;
    }
    advance(lexer);
    len++;
  }
  /* End of input without an end line: return the text; the missing end is a syntax error. */
  if (len == 0) return false;
  lexer->mark_end(lexer);
  lexer->result_symbol = HEREDOC_TEXT;
  return true;
}

/* ---------------------------------------------------------------------- regex */

/* After the opening `/` (already consumed and marked as a division): try a regex. */
static bool scan_regex_rest(TSLexer *lexer) {
  for (;;) {
    if (lexer->eof(lexer)) return false;
    int32_t c = lexer->lookahead;
    if (c == '\\') {
      advance(lexer);
      if (!lexer->eof(lexer)) advance(lexer);
      continue;
    }
    advance(lexer);
    if (c == '/') {
      lexer->mark_end(lexer);
      return true;
    }
  }
}

/* --------------------------------------------------------------------- scan */

#ifdef REIN_EPP
/* Defined in epp/src/scanner.c. `epp_scan`: 1 = token found, 0 = no token, -1 = code mode,
   scan on. `epp_close`: a `%>` or `-%>` closer at the lookahead (it may consume a `-`/`%`). */
static int epp_scan(Scanner *s, TSLexer *lexer, const bool *valid);
static bool epp_close(Scanner *s, TSLexer *lexer);
#endif

bool SCANNER_FN(scan)(void *payload, TSLexer *lexer, const bool *valid) {
  Scanner *s = (Scanner *)payload;
  if (s == NULL) return false;

#ifdef REIN_EPP
  /* Template text and `<%` openers come first, even in error recovery; so do `%>` closers
     in error recovery (elsewhere they are looked for after the whitespace, below). */
  {
    int epp = epp_scan(s, lexer, valid);
    if (epp >= 0) return epp == 1;
  }
#endif

  /* Error recovery (every symbol is valid): only keep heredoc bodies out of the code. */
  if (valid[ERROR_SENTINEL]) {
    if (s->pending_count == 0) return false;
    while (!lexer->eof(lexer) && is_blank(lexer->lookahead)) skip(lexer);
    if (!lexer->eof(lexer) && lexer->lookahead == '\n') return start_heredoc_body(s, lexer);
    return false;
  }

  if (valid[STRING_TEXT]) return scan_string_text(lexer);

  if (s->in_body && (valid[HEREDOC_TEXT] || valid[HEREDOC_END])) {
    return scan_heredoc_text(s, lexer, valid);
  }

  if (valid[HEREDOC_TAG]) return scan_heredoc_tag(s, lexer);

  /* LBRACK: a `[` with no whitespace before it (a comment before it does not count). */
  if (valid[LBRACK] && !lexer->eof(lexer) && lexer->lookahead == '[') {
    advance(lexer);
    lexer->mark_end(lexer);
    lexer->result_symbol = LBRACK;
    return true;
  }

  bool newline = false;
  for (;;) {
    if (lexer->eof(lexer)) return false;
    int32_t c = lexer->lookahead;
    if (c == '\n') {
      /* Not inside an interpolation of a body: its newlines are the body's, and the bodies
         still pending start after the current one's end line. */
      if (s->pending_count > 0 && !s->in_body && valid[HEREDOC_BODY_START]) {
        return start_heredoc_body(s, lexer);
      }
      newline = true;
      skip(lexer);
    } else if (is_blank(c)) {
      skip(lexer);
    } else {
      break;
    }
  }

  int32_t c = lexer->lookahead;
#ifdef REIN_EPP
  if ((c == '%' || c == '-') && epp_close(s, lexer)) return true;
#else
  /* A `#` comment runs to the end of its line (or a NUL), as the grammar's `comment` rule
     says; lexed here, it costs one call a character, where the generated lexer makes three
     (advance, eof, mark_end), and comments are two fifths of real code. The scanner's state
     does not change. (In EPP the generated lexer lexes them, and block comments everywhere.) */
  if (c == '#' && valid[COMMENT]) {
    do {
      advance(lexer);
    } while (lexer->lookahead != '\n' && lexer->lookahead != 0);
    lexer->mark_end(lexer);
    lexer->result_symbol = COMMENT;
    return true;
  }
#endif
  if (c == '(' && valid[CALL_LPAREN] && !newline) {
    advance(lexer);
    lexer->mark_end(lexer);
    lexer->result_symbol = CALL_LPAREN;
    return true;
  }
  if (c == '{' && valid[SELBRACE]) {
    advance(lexer);
    lexer->mark_end(lexer);
    lexer->result_symbol = SELBRACE;
    return true;
  }
  if (c == '|' && (valid[RCOLLECT] || valid[RRCOLLECT] || valid[LAMBDA_OPEN] || valid[LAMBDA_CLOSE])) {
    advance(lexer);
    /* `|>` and `|>>` by longest match, whichever of them the parser expects, and even
       right after lambda parameters (trap 11): an unexpected one is a syntax error there. */
    if (!lexer->eof(lexer) && lexer->lookahead == '>') {
      advance(lexer);
      bool two = !lexer->eof(lexer) && lexer->lookahead == '>';
      if (two) advance(lexer);
      lexer->mark_end(lexer);
      lexer->result_symbol = two ? RRCOLLECT : RCOLLECT;
      return true;
    }
    if (!valid[LAMBDA_OPEN] && !valid[LAMBDA_CLOSE]) return false;
    lexer->mark_end(lexer);
    /* Where both are valid Puppet shifts the `|`: it opens a lambda. */
    lexer->result_symbol = valid[LAMBDA_OPEN] ? LAMBDA_OPEN : LAMBDA_CLOSE;
    return true;
  }
  if (c == '/' && (valid[REGEX] || valid[DIV])) {
    advance(lexer);
    if (!lexer->eof(lexer) && lexer->lookahead == '*') return false; /* a comment */
    lexer->mark_end(lexer);
    bool want_regex = valid[REGEX] && (!valid[DIV] || valid[REGEX_OK]);
    if (want_regex) {
      if (scan_regex_rest(lexer)) {
        lexer->result_symbol = REGEX;
        return true;
      }
      /* No closing `/` anywhere: Puppet falls back to division. */
    }
    if (valid[DIV]) {
      lexer->result_symbol = DIV;
      return true;
    }
    return false;
  }
  return false;
}
