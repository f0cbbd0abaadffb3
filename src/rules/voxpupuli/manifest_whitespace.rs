//! What the `manifest_whitespace_*` rules (the Vox Pupuli plugin
//! `puppet-lint-manifest_whitespace-check`) share: their findings with safe fixes, the
//! check that a fix joining lines keeps the file's meaning, and the bodies of the rules
//! that differ only in the bracket they look at.

use crate::rules::whitespace_tokens::{Stream, Ty, STRING_PART};
use crate::rules::{Context, Diagnostic, Edit, Fix};
use crate::syntax::Span;

/// What may follow a closing brace or bracket directly, and what must not come after blanks
/// following one (the plugin's `after_bracket_tokens`; a string part is the text after an
/// interpolated expression).
pub const AFTER_CLOSING: &[&str] = &["]", ")", ";", ",", ":", ".", "[", STRING_PART];

/// `manifest_whitespace_closing_brace_after` and `_closing_bracket_after`: a closing
/// `token` (`}` or `]`, named `noun` in the message) followed by blanks and then one of
/// [`AFTER_CLOSING`] (which should follow directly), or followed directly by anything else
/// than those, the same closing token or a line end (which should have a blank between).
pub fn check_after_closing(cx: &mut Context<'_>, token: &str, noun: &str) {
    let s = cx.whitespace_tokens();
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

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    #[test]
    fn odd_files_do_not_crash_and_crlf_is_kept() {
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
