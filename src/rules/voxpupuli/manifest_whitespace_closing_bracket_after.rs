//! `manifest_whitespace_closing_bracket_after`: a closing bracket `]` followed by blanks
//! and then `]`, `)`, `,`, `;`, `:`, `.` or `[` (which should follow directly), or followed
//! directly by anything else than those, a `}` or a line end (which should have a blank
//! between). The fix removes or adds the blank.

use super::manifest_whitespace::MANIFEST_WHITESPACE;
use super::manifest_whitespace::{check_after_closing, Bracket};
use crate::rules::{Context, Rule, RuleMeta};

pub struct ManifestWhitespaceClosingBracketAfter;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_closing_bracket_after",
    summary: "Blanks before, or no blank before, what follows `]`.",
    doc: include_str!("../../../rules/manifest_whitespace_closing_bracket_after.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceClosingBracketAfter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        check_after_closing(cx, Bracket::Square);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const RULE: &str = "manifest_whitespace_closing_bracket_after";

    #[test]
    fn after_bracket() {
        let src = "$a = [[1] , [2]]\n$b = f([] )\n$c = $a[0]+1\n$d = $a[0][1]\n$e = { 'k' => [1] }\nfile { ['/x', '/y']: }\nFile['/x']->File['/y']\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:10 there should be either a bracket, punctuation mark, closing quote or a newline after a closing bracket, or whitespace and none of the aforementioned",
                "2:10 there should be either a bracket, punctuation mark, closing quote or a newline after a closing bracket, or whitespace and none of the aforementioned",
                "3:11 there should be either a bracket, punctuation mark, closing quote or a newline after a closing bracket, or whitespace and none of the aforementioned",
                "7:11 there should be either a bracket, punctuation mark, closing quote or a newline after a closing bracket, or whitespace and none of the aforementioned",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "$a = [[1], [2]]\n$b = f([])\n$c = $a[0] +1\n$d = $a[0][1]\n$e = { 'k' => [1] }\nfile { ['/x', '/y']: }\nFile['/x'] ->File['/y']\n"
        );
    }

    #[test]
    fn inside_interpolation() {
        let src = "$a = \"x${h['k'] }y ${h['l']}\"\n$b = @(\"E\")\n  ${h['m'] }\n  | E\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:16 there should be either a bracket, punctuation mark, closing quote or a newline after a closing bracket, or whitespace and none of the aforementioned",
                "3:11 there should be either a bracket, punctuation mark, closing quote or a newline after a closing bracket, or whitespace and none of the aforementioned",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "$a = \"x${h['k']}y ${h['l']}\"\n$b = @(\"E\")\n  ${h['m']}\n  | E\n"
        );
    }
}
