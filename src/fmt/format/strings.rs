//! Strings: double-quoted strings without interpolation or escapes become single-quoted,
//! `$name` interpolations become `${name}`, heredocs keep their opening and body as
//! written.

use super::{txt, Formatter};
use crate::fmt::doc::Doc;
use crate::syntax::ast::*;

impl<'a> Formatter<'a> {
    /// A double-quoted string: single-quoted when nothing in it needs double quotes.
    pub(super) fn double_quoted(&self, span: Span) -> Doc {
        let raw = self.s(span);
        let inner = raw
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .unwrap_or(raw);
        if raw.len() >= 2 && raw.starts_with('"') && !inner.contains(['$', '\\', '\'', '"']) {
            txt(format!("'{inner}'"))
        } else {
            txt(raw)
        }
    }

    /// A heredoc: its opening in place, its body after the line (verbatim when the body
    /// is empty).
    pub(super) fn heredoc(&mut self, span: Span, h: &Heredoc) -> Doc {
        if h.text.span.is_empty() {
            return self.verbatim(span);
        }
        Doc::Heredoc {
            opener: self.s(h.opening).to_string(),
            body: heredoc_body_text(self.s(h.text.span)),
            comments: self.body_comments(h.text.span),
        }
    }

    pub(super) fn concat(&self, span: Span, parts: &StringParts) -> String {
        let raw = self.s(span);
        if !raw.starts_with('"') {
            return raw.to_string();
        }
        let mut out = String::new();
        let mut cur = span.start();
        for p in parts {
            if let StringPart::Interpolation {
                braces: false,
                span: ps,
                ..
            } = p
            {
                let t = self.s(ps);
                if let Some(name) = t.strip_prefix('$') {
                    if !name.is_empty()
                        && !name.starts_with('{')
                        && !name.chars().all(|c| c.is_ascii_digit())
                        && still_a_variable_in_braces(name)
                        && ps.start() >= cur
                    {
                        out.push_str(self.src.get(cur..ps.start()).unwrap_or(""));
                        out.push_str("${");
                        out.push_str(name);
                        out.push('}');
                        cur = ps.end();
                    }
                }
            }
        }
        out.push_str(self.src.get(cur..span.end()).unwrap_or(""));
        out
    }
}

/// Whether `${name}` is still the variable `$name`: every segment of the name starts with a
/// lowercase letter or `_` (`${Foo}` is the type `Foo`, `${a::B}` does not parse).
fn still_a_variable_in_braces(name: &str) -> bool {
    let name = name.strip_prefix("::").unwrap_or(name);
    name.split("::")
        .all(|seg| seg.starts_with(|c: char| c.is_ascii_lowercase() || c == '_'))
}

/// The body text of a heredoc (its lines through the end-tag line, without the final
/// newline). The body's span starts where its first line does: a `\n` there is a blank
/// first line, and is kept.
pub(super) fn heredoc_body_text(s: &str) -> String {
    s.strip_suffix('\n').unwrap_or(s).to_string()
}
