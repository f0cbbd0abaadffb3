//! `manifest_whitespace_opening_brace_after`: an opening brace `{` followed by something
//! other than one space, one line end, `}`, `[` or `{`: more blanks, no blank before the
//! next item, or an empty line. The fix makes it one space, or removes the empty lines (or
//! the blanks ending the line).

use super::manifest_whitespace::MANIFEST_WHITESPACE;
use super::manifest_whitespace::{check_after_opening, Bracket};
use crate::rules::{Context, Rule, RuleMeta};

pub struct ManifestWhitespaceOpeningBraceAfter;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_opening_brace_after",
    summary: "Not one space or one line end after `{`.",
    doc: include_str!("../../../rules/manifest_whitespace_opening_brace_after.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceOpeningBraceAfter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        check_after_opening(cx, Bracket::Brace);
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
