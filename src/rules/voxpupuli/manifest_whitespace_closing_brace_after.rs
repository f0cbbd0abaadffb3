//! `manifest_whitespace_closing_brace_after`: a closing brace `}` followed by blanks and
//! then `]`, `)`, `,`, `;`, `:`, `.` or `[` (which should follow directly), or followed
//! directly by anything else than those, a `}` or a line end (which should have a blank
//! between). The fix removes or adds the blank.

use super::manifest_whitespace::MANIFEST_WHITESPACE;
use super::manifest_whitespace::{check_after_closing, Bracket};
use crate::rules::{Context, Rule, RuleMeta};

pub struct ManifestWhitespaceClosingBraceAfter;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_closing_brace_after",
    summary: "Blanks before, or no blank before, what follows `}`.",
    doc: include_str!("../../../rules/manifest_whitespace_closing_brace_after.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceClosingBraceAfter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        check_after_closing(cx, Bracket::Brace);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const RULE: &str = "manifest_whitespace_closing_brace_after";

    #[test]
    fn after_brace() {
        let src = "class a {\n  $h = [{ 'a' => 1 } ]\n  $i = [{ 'b' => 2 }, { 'c' => 3 } ,]\n  $j = f({} )\n  if $x {\n  }else {\n  } # fine\n  $k = { 'd' => { 'e' => 1 } }\n  $l = {}.keys\n}\n";
        assert_eq!(
            findings(RULE, src),
            [
                "2:21 there should be either a bracket, punctuation mark, closing quote or a newline after a closing brace, or whitespace and none of the aforementioned",
                "3:35 there should be either a bracket, punctuation mark, closing quote or a newline after a closing brace, or whitespace and none of the aforementioned",
                "4:12 there should be either a bracket, punctuation mark, closing quote or a newline after a closing brace, or whitespace and none of the aforementioned",
                "6:4 there should be either a bracket, punctuation mark, closing quote or a newline after a closing brace, or whitespace and none of the aforementioned",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "class a {\n  $h = [{ 'a' => 1 }]\n  $i = [{ 'b' => 2 }, { 'c' => 3 },]\n  $j = f({})\n  if $x {\n  } else {\n  } # fine\n  $k = { 'd' => { 'e' => 1 } }\n  $l = {}.keys\n}\n"
        );
    }
}
