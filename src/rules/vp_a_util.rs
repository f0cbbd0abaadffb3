//! Helpers shared by the `manifest_whitespace_*` rules (the Vox Pupuli plugin
//! `puppet-lint-manifest_whitespace-check`): the file's tokens as puppet-lint's lexer sees
//! them, with the whitespace between them as tokens of its own (`WHITESPACE`, `INDENT`,
//! `NEWLINE`), the plugin's names for the token kinds it looks at, and the fixes the rules
//! share (making the whitespace between two tokens one space, or removing blank lines).
//!
//! Strings, heredoc bodies and comments are single tokens here (as in rein's token
//! stream), so nothing inside them, not even a `${...}` interpolation, is ever looked at
//! or changed.

use super::{Context, Diagnostic, Edit, Fix};
use crate::syntax::ast::{Expr, ExprKind, Program, StringPart};
use crate::syntax::tokens::Token;
use crate::syntax::visit::{for_each_child, for_each_top_statement};
use crate::syntax::Span;

/// What may follow a closing brace or bracket directly, and what must not come after blanks
/// following one (the plugin's `after_bracket_tokens`; a string part is the text after an
/// interpolated expression).
pub const AFTER_CLOSING: &[&str] = &["]", ")", ";", ",", ":", ".", "[", STRING_PART];

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

/// The token stream of a file: rein's tokens, the whitespace and line ends between them,
/// and the line end that starts every heredoc body split off the body.
pub struct Stream<'a> {
    pub source: &'a str,
    pub toks: Vec<PlTok>,
}

impl<'a> Stream<'a> {
    /// The stream of the file being checked.
    /// The 16 rules all run on the same file in a row: the stream of the last file is kept
    /// (per thread) and reused while the source is the same.
    pub fn of(cx: &Context<'a>) -> Stream<'a> {
        thread_local! {
            static LAST: std::cell::RefCell<(String, Vec<PlTok>)> =
                const { std::cell::RefCell::new((String::new(), Vec::new())) };
        }
        let source = cx.source();
        let cached = LAST.with(|last| {
            let last = last.borrow();
            (last.0 == source && !source.is_empty()).then(|| last.1.clone())
        });
        if let Some(toks) = cached {
            return Stream { source, toks };
        }
        let stream = Stream::new(source, cx.tokens(), &interpolations(cx.file.program));
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            last.0.clear();
            last.0.push_str(source);
            last.1.clone_from(&stream.toks);
        });
        stream
    }

    /// The stream of `source`, whose tokens are `tokens`; the `${...}` interpolations at
    /// `interps` (sorted) are split into their expression's tokens when that expression
    /// has brackets, braces or arrows (the only tokens the rules look at).
    pub fn new(source: &'a str, tokens: &[Token], interps: &[Span]) -> Stream<'a> {
        let mut toks = Vec::with_capacity(tokens.len() * 2);
        let mut pos = 0usize;
        for t in tokens {
            if t.span.start() < pos {
                continue;
            }
            gap_tokens(source, pos, t.span.start(), &mut toks);
            let mut start = t.span.start();
            if t.kind == "heredoc_body" {
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
            if matches!(t.kind, "double_quoted_string" | "heredoc_body") {
                start = split_interpolations(source, start, t.span.end(), interps, &mut toks);
            }
            if start < t.span.end() {
                push_token(t, Span::new(start, t.span.end()), &mut toks);
            }
            pos = t.span.end();
        }
        gap_tokens(source, pos, source.len(), &mut toks);
        Stream { source, toks }
    }

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

/// `manifest_whitespace_closing_brace_after` and `_closing_bracket_after`: a closing
/// `token` (`}` or `]`, named `noun` in the message) followed by blanks and then one of
/// [`AFTER_CLOSING`] (which should follow directly), or followed directly by anything else
/// than those, the same closing token or a line end (which should have a blank between).
pub fn check_after_closing(cx: &mut Context<'_>, token: &str, noun: &str) {
    let s = Stream::of(cx);
    let mut found = Vec::new();
    for i in s.indexes_of(token) {
        let Some(next) = s.get(i + 1) else {
            continue;
        };
        if next.ty == Ty::Newline || s.kind_is(i + 1, AFTER_CLOSING) || s.kind_is(i + 1, &["}"]) {
            continue;
        }
        let edits = if next.ty == Ty::Ws {
            let Some(nc) = s.next_non_space(i) else {
                continue;
            };
            if !s.kind_is(nc, AFTER_CLOSING) {
                continue;
            }
            // Blanks before `[` make it an array, not an access: keep them.
            (!s.kind_is(nc, &["["]))
                .then(|| set_gap_checked(cx, &s, i, nc, ""))
                .flatten()
                .map(|e| vec![e])
        } else {
            Some(vec![Edit::insert(next.span.start(), " ")])
        };
        found.push(finding(
            next.span,
            &format!("there should be either a bracket, punctuation mark, closing quote or a newline after a closing {noun}, or whitespace and none of the aforementioned"),
            edits,
        ));
    }
    for d in found {
        cx.report(d);
    }
}

/// A finding at `span` with `message`, with a safe fix made of `edits` when there are some.
pub fn finding(span: Span, message: &str, edits: Option<Vec<Edit>>) -> Diagnostic {
    let d = Diagnostic::new(span, message);
    match edits {
        Some(edits) if !edits.is_empty() => d.with_fix(Fix::safe(edits)),
        _ => d,
    }
}

/// Whether the file with `edits` applied has the same syntax tree and comments (the check
/// `rein fmt` makes on its output). Fixes that join two lines use it: whether a line end
/// can go depends on what the lines hold (a hash starting the next statement must stay on
/// its line).
pub fn keeps_meaning(cx: &Context<'_>, edits: &[Edit]) -> bool {
    let source = cx.source();
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| e.span.start());
    let mut out = String::with_capacity(source.len() + 8);
    let mut pos = 0;
    for e in sorted {
        let Some(before) = source.get(pos..e.span.start()) else {
            return false;
        };
        out.push_str(before);
        out.push_str(&e.replacement);
        pos = e.span.end();
    }
    out.push_str(source.get(pos..).unwrap_or(""));
    crate::fmt::check_equivalent(cx.file.parsed, &out).is_ok()
}

/// The edit making the blanks between tokens `a` and `b` of `s` exactly `with`, when that
/// keeps the file's meaning: always when they are on one line, after [`keeps_meaning`]
/// when the edit joins lines.
pub fn set_gap_checked(
    cx: &Context<'_>,
    s: &Stream<'_>,
    a: usize,
    b: usize,
    with: &str,
) -> Option<Edit> {
    let edit = s.set_gap(a, b, with);
    (!s.has_newline(a, b) || keeps_meaning(cx, std::slice::from_ref(&edit))).then_some(edit)
}

/// Pushes `t` (or its part at `span`) as a stream token.
fn push_token(t: &Token, span: Span, toks: &mut Vec<PlTok>) {
    let ty = if t.kind == "comment" {
        Ty::Comment
    } else {
        Ty::Code
    };
    toks.push(PlTok {
        ty,
        kind: if ty == Ty::Code { t.kind } else { "" },
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
        for (k, mut t) in crate::syntax::tokens::tokens(&parsed)
            .into_iter()
            .enumerate()
        {
            let span = Span::new(inner_start + t.span.start(), inner_start + t.span.end());
            // A word starting the expression is a variable (`${name['k']}`), as Puppet
            // and puppet-lint read it.
            let word = source
                .get(span.start()..span.end())
                .is_some_and(|w| w.starts_with(|c: char| c.is_alphabetic() || c == '_'));
            if k == 0 && t.named && word {
                t.kind = "variable";
            }
            gap_tokens(source, at, span.start(), toks);
            push_token(&t, span, toks);
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
            for p in parts {
                if let StringPart::Interpolation {
                    braces: true, span, ..
                } = p
                {
                    out.push(*span);
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
            if !(super::style_a_util::is_ws(c) || lone_cr) {
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
        let s = Stream::new(src, &toks, &interpolations(&f.program));
        s.toks
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

    #[test]
    fn odd_files_do_not_crash_and_crlf_is_kept() {
        use crate::rules::style_c_util::testing::{findings, fixed};
        let names: Vec<&str> = crate::rules::registry::all()
            .iter()
            .map(|r| r.meta().name)
            .filter(|n| n.starts_with("manifest_whitespace_"))
            .collect();
        assert_eq!(names.len(), 16);
        for src in [
            "",
            "\n",
            "\r\n\r\n",
            " ",
            "# c",
            "$a = [\r\n\r\n  1,\r\n]\r\n",
        ] {
            for n in &names {
                let _ = findings(n, src);
                let _ = fixed(n, src);
            }
        }
        assert_eq!(
            fixed(
                "manifest_whitespace_opening_bracket_after",
                "$a = [\r\n\r\n  1,\r\n]\r\n"
            ),
            "$a = [\r\n  1,\r\n]\r\n"
        );
    }
}
