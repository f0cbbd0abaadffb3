//! Formatting a document (`textDocument/formatting`) and a range of it
//! (`textDocument/rangeFormatting`) with the settings of its configuration, through the
//! workspace, with `rein fmt`'s safety check. The whole document is formatted either way;
//! a range is widened to the whole statements it touches (a resource with all its
//! attributes, so a `=>` alignment group is never split) and only the changed line blocks
//! touching the widened lines are returned. A document that does not parse is left alone;
//! a failed safety check gives no edit and the reason.

use lsp_types::{Range, TextEdit};

use super::documents::Document;
use super::edits;
use super::position::{self, Encoding};
use crate::syntax::ast::Expr;
use crate::syntax::visit::{for_each_child, for_each_top_statement, Slot};
use crate::workspace::{FormatOptions, Workspace};

/// Why a document was not formatted.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// It has a syntax error (its diagnostics show it): the message.
    Syntax(String),
    /// Formatting failed (the safety check, a configuration problem): the message.
    Failed(String),
}

/// The formatted text of `doc`.
fn formatted(workspace: &mut Workspace, doc: &Document) -> Result<String, Refused> {
    let display = doc.path.display().to_string();
    workspace
        .format_text(
            Some(&doc.path),
            &display,
            &doc.text,
            &FormatOptions {
                verify: true,
                write: false,
                config: None,
                force: false,
            },
        )
        .map_err(|e| {
            if e.contains(": syntax error: ") {
                Refused::Syntax(e)
            } else {
                Refused::Failed(e)
            }
        })
}

/// The edit formatting `doc` (none when it is formatted).
pub fn format(
    workspace: &mut Workspace,
    doc: &Document,
    enc: Encoding,
) -> Result<Vec<TextEdit>, Refused> {
    let new = formatted(workspace, doc)?;
    Ok(edits::replacement(&doc.text, &new, enc)
        .into_iter()
        .collect())
}

/// The edits formatting the statements of `doc` that `range` touches.
pub fn format_range(
    workspace: &mut Workspace,
    doc: &Document,
    range: Range,
    enc: Encoding,
) -> Result<Vec<TextEdit>, Refused> {
    let new = formatted(workspace, doc)?;
    let text = &doc.text;
    let start = position::offset(text, range.start, enc);
    let end = position::offset(text, range.end, enc).max(start);
    let (start, end) = widen(text, start, end);
    let first = text.get(..start).unwrap_or("").matches('\n').count();
    let last = text.get(..end).unwrap_or("").matches('\n').count();
    Ok(edits::hunks_touching(text, &new, first, last, enc))
}

/// The byte range `start..end` of `text` widened to the whole statements it touches: the
/// innermost statements when one statement holds the whole range, else the statements
/// themselves.
pub fn widen(text: &str, start: usize, end: usize) -> (usize, usize) {
    let parsed = crate::syntax::parse(text);
    let mut acc = (start, end);
    let mut cover = None;
    for_each_top_statement(&parsed.program, &mut |e, slot| {
        statements(e, slot, (start, end), &mut cover)
    });
    if let Some((s, e)) = cover {
        acc = (acc.0.min(s), acc.1.max(e));
    }
    acc
}

/// Adds to `acc` the statements at or below `expr` that the range `r` touches.
fn statements(expr: &Expr, slot: Slot, r: (usize, usize), acc: &mut Option<(usize, usize)>) {
    let (s, e) = (expr.span.start(), expr.span.end());
    let touches = s <= r.1 && r.0 <= e;
    if !touches {
        return;
    }
    let union = |acc: &mut Option<(usize, usize)>, x: (usize, usize)| {
        *acc = Some(acc.map_or(x, |a| (a.0.min(x.0), a.1.max(x.1))));
    };
    if matches!(slot, Slot::Statement { .. }) {
        if s <= r.0 && r.1 <= e {
            let mut inner = None;
            for_each_child(expr, &mut |c, sl| statements(c, sl, r, &mut inner));
            if let Some(i) = inner {
                union(acc, i);
                return;
            }
        }
        union(acc, (s, e));
        return;
    }
    for_each_child(expr, &mut |c, sl| statements(c, sl, r, acc));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_in_a_resource_widens_to_the_resource() {
        let text = "class a {\n  $x = 1\n  file { '/f':\n    ensure => file,\n    mode => '0644',\n  }\n}\n";
        let at = text.find("mode").unwrap();
        let (s, e) = widen(text, at, at + 4);
        assert_eq!(
            &text[s..e],
            "file { '/f':\n    ensure => file,\n    mode => '0644',\n  }"
        );
        let at = text.find("$x").unwrap();
        let (s, e) = widen(text, at, at);
        assert_eq!(&text[s..e], "$x = 1");
    }
}
