//! `manifest_whitespace_closing_bracket_before`: a closing bracket `]` preceded by blanks,
//! or by empty lines; `]` right after the last item, or on a line of its own right after
//! the last item's line, is fine. The fix removes the blanks or empty lines.

use super::manifest_whitespace::MANIFEST_WHITESPACE;
use super::manifest_whitespace::{check_before_closing, Bracket};
use crate::rules::{Context, Rule, RuleMeta};

pub struct ManifestWhitespaceClosingBracketBefore;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_closing_bracket_before",
    summary: "Blanks or empty lines before `]`.",
    doc: include_str!("../../../rules/manifest_whitespace_closing_bracket_before.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceClosingBracketBefore {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        check_before_closing(cx, Bracket::Square);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const RULE: &str = "manifest_whitespace_closing_bracket_before";

    #[test]
    fn before_bracket() {
        let src =
            "$a = [1, 2 ]\n$b = [ ]\n$c = [\n  1,\n\n]\n$d = [\n  1,\n  # two\n]\n$e = $a[0]\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:11 there should be no whitespace or a single newline before a closing bracket",
                "2:7 there should be no whitespace or a single newline before a closing bracket",
                "4:5 there should be no whitespace or a single newline before a closing bracket",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "$a = [1, 2]\n$b = []\n$c = [\n  1,\n]\n$d = [\n  1,\n  # two\n]\n$e = $a[0]\n"
        );
    }
}
