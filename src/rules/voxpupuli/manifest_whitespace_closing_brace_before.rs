//! `manifest_whitespace_closing_brace_before`: a closing brace `}` not preceded by exactly
//! one space (on one line) or by one line end and the indentation: `}` right after a value,
//! two blanks, or empty lines before it. `{}` is fine, `{ }` is not. The fix makes it one
//! space, or removes the empty lines.

use super::manifest_whitespace::MANIFEST_WHITESPACE;
use super::manifest_whitespace::{check_before_closing, Bracket};
use crate::rules::{Context, Rule, RuleMeta};

pub struct ManifestWhitespaceClosingBraceBefore;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_closing_brace_before",
    summary: "Not one space or one line end before `}`.",
    doc: include_str!("../../../rules/manifest_whitespace_closing_brace_before.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceClosingBraceBefore {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        check_before_closing(cx, Bracket::Brace);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const RULE: &str = "manifest_whitespace_closing_brace_before";

    #[test]
    fn before_brace() {
        let src = "class a {\n  $h = { 'a' => 1}\n  $i = { 'b' => 2  }\n  $j = { }\n  $k = {\n    'c' => 3,\n\n  }\n  $l = {\n    # nothing\n  }\n  $m = {}\n  if $x { include b }\n}\n";
        assert_eq!(
            findings(RULE, src),
            [
                "2:18 there should be a single space or newline before a closing brace",
                "3:18 there should be a single space or newline before a closing brace",
                "4:9 there should be a single space or newline before a closing brace",
                "6:14 there should be a single space or newline before a closing brace",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "class a {\n  $h = { 'a' => 1 }\n  $i = { 'b' => 2 }\n  $j = {}\n  $k = {\n    'c' => 3,\n  }\n  $l = {\n    # nothing\n  }\n  $m = {}\n  if $x { include b }\n}\n"
        );
    }

    #[test]
    fn empty_lines_in_empty_braces() {
        let src = "$h = {\n\n}\n$i = {\n\n  'a' => 1,\n\n}\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:7 there should be a single space or newline before a closing brace",
                "6:12 there should be a single space or newline before a closing brace",
            ]
        );
        assert_eq!(fixed(RULE, src), "$h = {\n}\n$i = {\n\n  'a' => 1,\n}\n");
    }
}
