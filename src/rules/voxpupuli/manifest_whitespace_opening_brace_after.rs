//! `manifest_whitespace_opening_brace_after`: an opening brace `{` followed by something
//! other than one space, one line end, `}`, `[` or `{`: more blanks, no blank before the
//! next item, or an empty line. The fix makes it one space, or removes the empty lines (or
//! the blanks ending the line).

use super::manifest_whitespace::finding;
use crate::rules::whitespace_tokens::Ty;
use crate::rules::{Category, Context, Edit, FixKind, Level, Plugin, Rule, RuleMeta};

pub struct ManifestWhitespaceOpeningBraceAfter;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_opening_brace_after",
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
    summary: "Not one space or one line end after `{`.",
    doc: include_str!("../../../rules/manifest_whitespace_opening_brace_after.md"),
    kinds: &[],
    options: &[],
};

impl Rule for ManifestWhitespaceOpeningBraceAfter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let s = cx.whitespace_tokens();
        let mut found = Vec::new();
        for i in s.indexes_of("{") {
            let Some(next) = s.get(i + 1) else {
                continue;
            };
            if s.single_space(i + 1) || s.kind_is(i + 1, &["}", "[", "{"]) {
                continue;
            }
            let (at, edits) = match next.ty {
                Ty::Newline => {
                    if !s.ty_is(i + 2, Ty::Newline) {
                        continue;
                    }
                    let edits = s
                        .next_non_space(i)
                        .and_then(|nc| s.keep_last_line(i, nc))
                        .map(|e| vec![e]);
                    (i + 2, edits)
                }
                Ty::Ws if s.ty_is(i + 2, Ty::Newline) => {
                    (i + 1, Some(vec![Edit::delete(next.span)]))
                }
                Ty::Ws | Ty::Indent => (i + 1, Some(vec![Edit::replace(next.span, " ")])),
                Ty::Code | Ty::Comment => (i + 1, Some(vec![Edit::insert(next.span.start(), " ")])),
            };
            let Some(tok) = s.get(at) else {
                continue;
            };
            found.push(finding(
                tok.span,
                "there should be a single space or single newline after an opening brace",
                edits,
            ));
        }
        for d in found {
            cx.report(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const RULE: &str = "manifest_whitespace_opening_brace_after";

    #[test]
    fn after_brace() {
        let src = "class a {\n\n  $h = {'a' => 1 }\n  $i = {  'b' => 2 }\n  $j = {}\n  $k = {\n    'c' => [],\n  }\n  if $x {  \n    $l = { 'd' => { 'e' => 1 } }\n  }\n}\n";
        assert_eq!(
            findings(RULE, src),
            [
                "2:1 there should be a single space or single newline after an opening brace",
                "3:9 there should be a single space or single newline after an opening brace",
                "4:9 there should be a single space or single newline after an opening brace",
                "9:10 there should be a single space or single newline after an opening brace",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "class a {\n  $h = { 'a' => 1 }\n  $i = { 'b' => 2 }\n  $j = {}\n  $k = {\n    'c' => [],\n  }\n  if $x {\n    $l = { 'd' => { 'e' => 1 } }\n  }\n}\n"
        );
    }
}
