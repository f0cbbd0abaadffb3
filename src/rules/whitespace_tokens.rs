//! The file's tokens as puppet-lint's lexer sees them for the `manifest_whitespace_*` plugin
//! checks: rein's tokens with the whitespace between them as tokens of their own
//! (`WHITESPACE`, `INDENT`, `NEWLINE`), and the plugin's names for the token kinds it looks
//! at. Computed once per file ([`Context::whitespace_tokens`](super::Context::whitespace_tokens)).
//!
//! Strings, heredoc bodies and comments are single tokens here (as in rein's token
//! stream), so nothing inside them, not even a `${...}` interpolation, is ever looked at
//! or changed.

use super::diagnostic::Edit;
use crate::syntax::ast::{Expr, ExprKind, Program, StringPart};
use crate::syntax::tokens::Token;
use crate::syntax::visit::{for_each_child, for_each_top_statement};
use crate::syntax::Span;

/// What a [`PlTok`] is, in puppet-lint's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// Blanks inside a line (`WHITESPACE`).
    Ws,
    /// Blanks starting a line (`INDENT`).
    Indent,
    /// A line end, `\n` or `\r\n` (`NEWLINE`).
    Newline,
    /// A comment (`COMMENT`, `MLCOMMENT`, `SLASH_COMMENT`).
    Comment,
    /// Any other token: its kind is rein's token kind.
    Code,
}

/// One token of the stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlTok {
    pub ty: Ty,
    /// rein's token kind (`"{"`, `"name"`, `"variable"`...) for code; `""` otherwise.
    pub kind: &'static str,
    /// A named token (a value, name, string...) rather than punctuation or a keyword.
    pub named: bool,
    pub span: Span,
}

impl PlTok {
    /// Whitespace or a line end (what the plugin's `prev_non_space_token` skips).
    pub fn is_space(&self) -> bool {
        matches!(self.ty, Ty::Ws | Ty::Indent | Ty::Newline)
    }

    /// A code token of one of `kinds`.
    pub fn is(&self, kinds: &[&str]) -> bool {
        self.ty == Ty::Code && kinds.contains(&self.kind)
    }
}

/// The token stream of a file (see [`stream_tokens`]) with the file's text.
#[derive(Clone, Copy)]
pub struct Stream<'a> {
    pub source: &'a str,
    pub toks: &'a [PlTok],
}

/// The tokens of `source`, whose tokens are `tokens`: rein's tokens, the whitespace and line
/// ends between them, and the line end that starts every heredoc body split off the body.
/// The `${...}` interpolations at `interps` (sorted) are split into their expression's
/// tokens when that expression has brackets, braces or arrows (the only tokens the rules
/// look at).
pub fn stream_tokens(source: &str, tokens: &[Token], interps: &[Span]) -> Vec<PlTok> {
    let mut toks = Vec::with_capacity(tokens.len() * 2);
    let mut pos = 0usize;
    for t in tokens {
        if t.span.start() < pos {
            continue;
        }
        gap_tokens(source, pos, t.span.start(), &mut toks);
        let mut start = t.span.start();
        if t.kind() == "heredoc_body" {
            let text = source.get(start..t.span.end()).unwrap_or("");
            let nl = if text.starts_with("\r\n") {
                2
            } else if text.starts_with('\n') {
                1
            } else {
                0
            };
            if nl > 0 {
                toks.push(PlTok {
                    ty: Ty::Newline,
                    kind: "",
                    named: false,
                    span: Span::new(start, start + nl),
                });
                start += nl;
            }
        }
        if matches!(t.kind(), "double_quoted_string" | "heredoc_body") {
            start = split_interpolations(source, start, t.span.end(), interps, &mut toks);
        }
        if start < t.span.end() {
            push_token(t, Span::new(start, t.span.end()), &mut toks);
        }
        pos = t.span.end();
    }
    gap_tokens(source, pos, source.len(), &mut toks);
    toks
}

impl<'a> Stream<'a> {
    /// The token at `i`.
    pub fn get(&self, i: usize) -> Option<&PlTok> {
        self.toks.get(i)
    }

    /// The text of the token at `i`.
    pub fn text(&self, i: usize) -> &'a str {
        self.toks
            .get(i)
            .and_then(|t| self.source.get(t.span.start()..t.span.end()))
            .unwrap_or("")
    }

    /// Whether the token at `i` is exactly one space (the plugin's `is_single_space`).
    pub fn single_space(&self, i: usize) -> bool {
        self.get(i).is_some_and(|t| t.ty == Ty::Ws) && self.text(i) == " "
    }

    /// Whether the token at `i` is of type `ty`.
    pub fn ty_is(&self, i: usize, ty: Ty) -> bool {
        self.get(i).is_some_and(|t| t.ty == ty)
    }

    /// Whether the token at `i` is a code token of one of `kinds`.
    pub fn kind_is(&self, i: usize, kinds: &[&str]) -> bool {
        self.get(i).is_some_and(|t| t.is(kinds))
    }

    /// The index of the last token before `i` that is not whitespace or a line end.
    pub fn prev_non_space(&self, i: usize) -> Option<usize> {
        (0..i)
            .rev()
            .find(|&j| self.get(j).is_some_and(|t| !t.is_space()))
    }

    /// The index of the first token after `i` that is not whitespace or a line end.
    pub fn next_non_space(&self, i: usize) -> Option<usize> {
        (i + 1..self.toks.len()).find(|&j| self.get(j).is_some_and(|t| !t.is_space()))
    }

    /// The indexes of the code tokens of kind `kind`.
    pub fn indexes_of(&self, kind: &str) -> Vec<usize> {
        (0..self.toks.len())
            .filter(|&i| self.kind_is(i, &[kind]))
            .collect()
    }

    /// Whether one of the tokens from `a` to `b` (both included) is a line end.
    pub fn has_newline(&self, a: usize, b: usize) -> bool {
        (a..=b).any(|j| self.ty_is(j, Ty::Newline))
    }

    /// The span from the end of token `a` to the start of token `b`.
    pub fn gap(&self, a: usize, b: usize) -> Span {
        let start = self.get(a).map_or(0, |t| t.span.end());
        let end = self.get(b).map_or(start, |t| t.span.start()).max(start);
        Span::new(start, end)
    }

    /// The edit making the whitespace between tokens `a` and `b` exactly `with`.
    pub fn set_gap(&self, a: usize, b: usize, with: &str) -> Edit {
        Edit::replace(self.gap(a, b), with)
    }

    /// The edit removing what lies between tokens `a` and `b` (only whitespace and line
    /// ends) up to the last line end, so that `b` keeps its line and indentation but the
    /// blank lines and trailing blanks before it go; `None` when there is no line end.
    pub fn keep_last_line(&self, a: usize, b: usize) -> Option<Edit> {
        let last = (a + 1..b).rev().find(|&j| self.ty_is(j, Ty::Newline))?;
        let start = self.get(a)?.span.end();
        let end = self.get(last)?.span.start();
        (end > start).then(|| Edit::delete(Span::new(start, end)))
    }
}

/// Pushes `t` (or its part at `span`) as a stream token.
fn push_token(t: &Token, span: Span, toks: &mut Vec<PlTok>) {
    let ty = if t.kind() == "comment" {
        Ty::Comment
    } else {
        Ty::Code
    };
    toks.push(PlTok {
        ty,
        kind: if ty == Ty::Code { t.kind() } else { "" },
        named: t.named,
        span,
    });
}

/// The kind of the text parts of a string or heredoc split at its interpolations (the
/// plugin's `DQPRE`, `DQMID`, `DQPOST`, `HEREDOC_MID`...).
pub const STRING_PART: &str = "string_part";

/// Splits the string or heredoc body `source[start..end]` at those of its `${...}`
/// interpolations whose expression has a bracket, brace or arrow: pushes the text before
/// each as a [`STRING_PART`] token (with the `${`), then the expression's tokens and the
/// blanks between them. Returns where the rest of the string (from the last `}`) starts.
fn split_interpolations(
    source: &str,
    start: usize,
    end: usize,
    interps: &[Span],
    toks: &mut Vec<PlTok>,
) -> usize {
    let mut pos = start;
    let first = interps.partition_point(|i| i.start() < start);
    for iv in interps.iter().skip(first) {
        if iv.start() >= end {
            break;
        }
        // Outermost interpolations only; those of strings inside them stay inside.
        if iv.start() < pos || iv.end() > end || iv.end() < iv.start() + 3 {
            continue;
        }
        let (inner_start, inner_end) = (iv.start() + 2, iv.end() - 1);
        let Some(text) = source.get(inner_start..inner_end) else {
            continue;
        };
        if !text.contains(['[', '{']) && !text.contains("=>") {
            continue;
        }
        let parsed = crate::syntax::parse(text);
        if parsed.has_errors() {
            continue;
        }
        toks.push(PlTok {
            ty: Ty::Code,
            kind: STRING_PART,
            named: true,
            span: Span::new(pos, inner_start),
        });
        let mut at = inner_start;
        for (k, t) in crate::syntax::tokens::tokens(&parsed)
            .into_iter()
            .enumerate()
        {
            let span = Span::new(inner_start + t.span.start(), inner_start + t.span.end());
            // A word starting the expression is a variable (`${name['k']}`), as Puppet
            // and puppet-lint read it.
            let word = source
                .get(span.start()..span.end())
                .is_some_and(|w| w.starts_with(|c: char| c.is_alphabetic() || c == '_'));
            gap_tokens(source, at, span.start(), toks);
            push_token(&t, span, toks);
            if k == 0 && t.named && word {
                if let Some(last) = toks.last_mut() {
                    last.kind = "variable";
                }
            }
            at = span.end();
        }
        gap_tokens(source, at, inner_end, toks);
        pos = inner_end;
    }
    if pos > start {
        toks.push(PlTok {
            ty: Ty::Code,
            kind: STRING_PART,
            named: true,
            span: Span::new(pos, end),
        });
        return end;
    }
    start
}

/// The spans of the `${...}` interpolations of the file's strings and heredocs, sorted.
pub fn interpolations(program: &Program) -> Vec<Span> {
    fn walk(e: &Expr, out: &mut Vec<Span>) {
        if let ExprKind::Concat(parts) = &e.kind {
            for p in parts.iter() {
                if let StringPart::Interpolation {
                    braces: true, span, ..
                } = p
                {
                    out.push(span);
                }
            }
        }
        for_each_child(e, &mut |c, _| walk(c, out));
    }
    let mut out = Vec::new();
    for_each_top_statement(program, &mut |e, _| walk(e, &mut out));
    out.sort_by_key(|s| s.start());
    out
}

/// The whitespace and line-end tokens of `source[start..end]` (a stretch between tokens).
fn gap_tokens(source: &str, start: usize, end: usize, out: &mut Vec<PlTok>) {
    let Some(text) = source.get(start..end) else {
        return;
    };
    let mut i = 0;
    let bytes = text.as_bytes();
    while i < text.len() {
        let at = start + i;
        if text[i..].starts_with("\r\n") || text[i..].starts_with('\n') {
            let n = if bytes.get(i) == Some(&b'\r') { 2 } else { 1 };
            out.push(PlTok {
                ty: Ty::Newline,
                kind: "",
                named: false,
                span: Span::new(at, at + n),
            });
            i += n;
            continue;
        }
        let rest = &text[i..];
        let mut blank_len = 0;
        let mut chars = rest.char_indices().peekable();
        while let Some((_, c)) = chars.next() {
            let lone_cr = c == '\r' && chars.peek().is_none_or(|&(_, n)| n != '\n');
            if !(super::lint_tokens::is_ws(c) || lone_cr) {
                break;
            }
            blank_len += c.len_utf8();
        }
        if blank_len > 0 {
            let line_start = at == 0 || matches!(source.as_bytes().get(at - 1), Some(b'\n'));
            out.push(PlTok {
                ty: if line_start && at > 0 {
                    Ty::Indent
                } else {
                    Ty::Ws
                },
                kind: "",
                named: false,
                span: Span::new(at, at + blank_len),
            });
            i += blank_len;
            continue;
        }
        let n = rest.chars().next().map_or(1, char::len_utf8);
        out.push(PlTok {
            ty: Ty::Code,
            kind: "",
            named: false,
            span: Span::new(at, at + n),
        });
        i += n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types(src: &str) -> Vec<String> {
        let f = crate::syntax::parse(src);
        let toks = crate::syntax::tokens::tokens(&f);
        stream_tokens(src, &toks, &interpolations(&f.program))
            .iter()
            .map(|t| match t.ty {
                Ty::Code => t.kind.to_string(),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn whitespace_tokens() {
        assert_eq!(
            types("$a = [1]  \n  # c\r\n\n"),
            [
                "variable", "Ws", "=", "Ws", "[", "number", "]", "Ws", "Newline", "Indent",
                "Comment", "Newline", "Newline"
            ]
        );
        assert_eq!(
            types("$a = @(E)\n  x\n  | E\n"),
            [
                "variable",
                "Ws",
                "=",
                "Ws",
                "heredoc",
                "Newline",
                "heredoc_body",
                "Newline"
            ]
        );
    }

    #[test]
    fn interpolated_expressions_are_split() {
        assert_eq!(
            types("$a = \"x ${b} ${_c[ 0]} y\"\n"),
            [
                "variable",
                "Ws",
                "=",
                "Ws",
                "string_part",
                "variable",
                "[",
                "Ws",
                "number",
                "]",
                "string_part",
                "Newline"
            ]
        );
    }
}
