//! What the `manifest_whitespace_*` rules (the Vox Pupuli plugin
//! `puppet-lint-manifest_whitespace-check`) share: their findings with safe fixes, the
//! check that a fix joining lines keeps the file's meaning, and the bodies of the rules
//! that differ only in the bracket they look at.

use crate::rules::whitespace_tokens::{Stream, Ty, STRING_PART};
use crate::rules::{Category, Context, Diagnostic, Edit, Fix, FixKind, Level, Plugin, RuleMeta};
use crate::syntax::Span;

/// The metadata every `manifest_whitespace_*` rule shares (each sets its `name`, `summary`
/// and `doc`): off by default, error in the plugin, layout, safe fixes.
pub const MANIFEST_WHITESPACE: RuleMeta = RuleMeta {
    name: "",
    level: Level::Off,
    category: Category::Layout,
    fix: FixKind::Safe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        level: Level::Error,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "",
    doc: "",
    kinds: &[],
    options: &[],
};

/// What may follow a closing brace or bracket directly, and what must not come after blanks
/// following one (the plugin's `after_bracket_tokens`; a string part is the text after an
/// interpolated expression).
pub const AFTER_CLOSING: &[&str] = &["]", ")", ";", ",", ":", ".", "[", STRING_PART];

/// The brackets the plugin's rules look at on both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bracket {
    /// `{` and `}`: one space inside them on one line (`{ a => 1 }`).
    Brace,
    /// `[` and `]`: no blank inside them (`[1, 2]`).
    Square,
}

impl Bracket {
    fn opening(self) -> &'static str {
        match self {
            Bracket::Brace => "{",
            Bracket::Square => "[",
        }
    }

    fn closing(self) -> &'static str {
        match self {
            Bracket::Brace => "}",
            Bracket::Square => "]",
        }
    }

    /// The word the plugin's messages use.
    fn noun(self) -> &'static str {
        match self {
            Bracket::Brace => "brace",
            Bracket::Square => "bracket",
        }
    }
}

/// `manifest_whitespace_opening_brace_after` and `_opening_bracket_after`: an opening
/// bracket followed by an empty line, or (a brace) by more or less than one space before the
/// next item on its line, `}`, `[` and `{` excepted, or (a square bracket) by blanks not
/// followed by a comment. The fix makes it one space (none after `[`), or removes the empty
/// lines (or the blanks ending the line).
pub fn check_after_opening(cx: &mut Context<'_>, bracket: Bracket) {
    let s = cx.whitespace_tokens();
    let message = match bracket {
        Bracket::Brace => "there should be a single space or single newline after an opening brace",
        Bracket::Square => {
            "there should be no whitespace or a single newline after an opening bracket"
        }
    };
    let mut found = Vec::new();
    for i in s.indexes_of(bracket.opening()) {
        let Some(next) = s.get(i + 1) else {
            continue;
        };
        let (at, edits) = match (bracket, next.ty) {
            (_, Ty::Newline) => {
                if !s.ty_is(i + 2, Ty::Newline) {
                    continue;
                }
                let edits = s
                    .next_non_space(i)
                    .and_then(|nc| s.keep_last_line(i, nc))
                    .map(|e| vec![e]);
                (i + 2, edits)
            }
            (Bracket::Square, Ty::Ws) => {
                if s.ty_is(i + 2, Ty::Comment) {
                    continue;
                }
                (i + 1, Some(vec![Edit::delete(next.span)]))
            }
            (Bracket::Square, _) => continue,
            (Bracket::Brace, _) if s.single_space(i + 1) || s.kind_is(i + 1, &["}", "[", "{"]) => {
                continue
            }
            (Bracket::Brace, Ty::Ws) if s.ty_is(i + 2, Ty::Newline) => {
                (i + 1, Some(vec![Edit::delete(next.span)]))
            }
            (Bracket::Brace, Ty::Ws | Ty::Indent) => {
                (i + 1, Some(vec![Edit::replace(next.span, " ")]))
            }
            (Bracket::Brace, Ty::Code | Ty::Comment) => {
                (i + 1, Some(vec![Edit::insert(next.span.start(), " ")]))
            }
        };
        let Some(tok) = s.get(at) else {
            continue;
        };
        found.push(finding(tok.span, message, edits));
    }
    for d in found {
        cx.report(d);
    }
}

/// `manifest_whitespace_closing_brace_before` and `_closing_bracket_before`: a closing
/// bracket after empty lines, or on the line of the item before it after blanks (a square
/// bracket), or after anything but exactly one space (a brace; `{}` is fine, `{ }` is not).
/// The fix makes it one space (none for a square bracket or after `{`), or removes the
/// empty lines.
pub fn check_before_closing(cx: &mut Context<'_>, bracket: Bracket) {
    let s = cx.whitespace_tokens();
    let message = match bracket {
        Bracket::Brace => "there should be a single space or newline before a closing brace",
        Bracket::Square => {
            "there should be no whitespace or a single newline before a closing bracket"
        }
    };
    let mut found = Vec::new();
    for i in s.indexes_of(bracket.closing()) {
        // A token before `i` that is not a blank: `i - 1` is a token.
        let Some(pc) = s.prev_non_space(i) else {
            continue;
        };
        let fine = match bracket {
            Bracket::Brace => {
                s.kind_is(i - 1, &["{"])
                    || (!s.kind_is(pc, &["{"]) && s.single_space(i - 1) && pc + 2 == i)
            }
            Bracket::Square => !s.get(i - 1).is_some_and(|t| t.is_space()),
        };
        if fine
            || (s.ty_is(i - 1, Ty::Indent) && pc + 3 == i)
            || (s.ty_is(i - 1, Ty::Newline) && pc + 2 == i)
        {
            continue;
        }
        let Some(at) = s.get(pc + 1) else {
            continue;
        };
        let edit = if s.has_newline(pc + 1, i) {
            s.keep_last_line(pc, i)
        } else {
            let one_space = bracket == Bracket::Brace && !s.kind_is(pc, &["{"]);
            Some(s.set_gap(pc, i, if one_space { " " } else { "" }))
        };
        found.push(finding(at.span, message, edit.map(|e| vec![e])));
    }
    for d in found {
        cx.report(d);
    }
}

/// `manifest_whitespace_closing_brace_after` and `_closing_bracket_after`: a closing
/// bracket followed by blanks and then one of [`AFTER_CLOSING`] (which should follow
/// directly), or followed directly by anything else than those, a `}` or a line end (which
/// should have a blank between).
pub fn check_after_closing(cx: &mut Context<'_>, bracket: Bracket) {
    let s = cx.whitespace_tokens();
    let noun = bracket.noun();
    let mut found = Vec::new();
    for i in s.indexes_of(bracket.closing()) {
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
    let d = Diagnostic::new(span, message.to_string());
    match edits {
        Some(edits) if !edits.is_empty() => d.with_fix(Fix::safe(edits)),
        _ => d,
    }
}

/// The body of the single-space checks: for each `(a, b, at)` that `pairs` finds in the
/// file's stream, a finding with `message` at token `at` when tokens `a` and `b` are not
/// separated by exactly one space, with the fix making them so (when that keeps the
/// meaning).
pub fn check_single_space(
    cx: &mut Context<'_>,
    message: &str,
    pairs: impl FnOnce(&Stream<'_>) -> Vec<(usize, usize, usize)>,
) {
    let s = cx.whitespace_tokens();
    let mut found = Vec::new();
    for (a, b, at) in pairs(&s) {
        if b == a + 2 && s.single_space(a + 1) {
            continue;
        }
        let Some(tok) = s.get(at) else {
            continue;
        };
        let edits = set_gap_checked(cx, &s, a, b, " ").map(|e| vec![e]);
        found.push(finding(tok.span, message, edits));
    }
    for d in found {
        cx.report(d);
    }
}

/// The `class` and `define` keywords of `s` followed by a name, with the name: `(keyword,
/// name)` token indexes.
pub fn class_and_define_names(s: &Stream<'_>) -> Vec<(usize, usize)> {
    (0..s.toks.len())
        .filter(|&i| s.kind_is(i, &["class", "define"]))
        .filter_map(|i| s.next_non_space(i).map(|n| (i, n)))
        .filter(|&(_, n)| s.kind_is(n, &["name"]))
        .collect()
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
