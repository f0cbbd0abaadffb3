//! `manifest_whitespace_opening_bracket_after`: an opening bracket `[` followed by blanks,
//! or by empty lines. A comment after `[ ` is fine. The fix removes the blanks or the empty
//! lines.

use super::manifest_whitespace::MANIFEST_WHITESPACE;
use super::manifest_whitespace::{check_after_opening, Bracket};
use crate::rules::{Context, Rule, RuleMeta};

pub struct ManifestWhitespaceOpeningBracketAfter;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_opening_bracket_after",
    summary: "Blanks or empty lines after `[`.",
    doc: include_str!("../../../rules/manifest_whitespace_opening_bracket_after.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceOpeningBracketAfter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        check_after_opening(cx, Bracket::Square);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const RULE: &str = "manifest_whitespace_opening_bracket_after";

    #[test]
    fn after_bracket() {
        let src = "$a = [ 1, 2]\n$b = [\n\n  3,\n]\n$c = [ # comment\n  4,\n]\n$d = [\n  5,\n]\n$e = $a[ 0]\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:7 there should be no whitespace or a single newline after an opening bracket",
                "3:1 there should be no whitespace or a single newline after an opening bracket",
                "12:9 there should be no whitespace or a single newline after an opening bracket",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "$a = [1, 2]\n$b = [\n  3,\n]\n$c = [ # comment\n  4,\n]\n$d = [\n  5,\n]\n$e = $a[0]\n"
        );
    }
}
