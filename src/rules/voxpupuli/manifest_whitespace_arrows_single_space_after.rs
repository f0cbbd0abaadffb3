//! `manifest_whitespace_arrows_single_space_after`: an `=>` arrow not followed by exactly
//! one space (more blanks, none, or a line end). The fix makes it one space, joining the
//! value onto the arrow's line when it was on the next one.

use super::manifest_whitespace::MANIFEST_WHITESPACE;
use super::manifest_whitespace::{finding, set_gap_checked};
use crate::rules::{Context, Rule, RuleMeta};

pub struct ManifestWhitespaceArrowsSingleSpaceAfter;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_arrows_single_space_after",
    summary: "Not exactly one space after `=>`.",
    doc: include_str!("../../../rules/manifest_whitespace_arrows_single_space_after.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceArrowsSingleSpaceAfter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let s = cx.whitespace_tokens();
        let mut found = Vec::new();
        for i in s.indexes_of("=>") {
            let Some(next) = s.get(i + 1) else {
                continue;
            };
            if s.single_space(i + 1) {
                continue;
            }
            let edits = s
                .next_non_space(i)
                .and_then(|j| set_gap_checked(cx, &s, i, j, " "))
                .map(|e| vec![e]);
            found.push(finding(
                next.span,
                "there should be a single space after an arrow",
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

    const RULE: &str = "manifest_whitespace_arrows_single_space_after";

    #[test]
    fn arrows() {
        let src =
            "$h = { 'a' =>  1, 'b' =>2, 'c' => 3 }\nfile { '/x':\n  ensure =>\n    file,\n}\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:14 there should be a single space after an arrow",
                "1:25 there should be a single space after an arrow",
                "3:12 there should be a single space after an arrow",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "$h = { 'a' => 1, 'b' => 2, 'c' => 3 }\nfile { '/x':\n  ensure => file,\n}\n"
        );
    }

    #[test]
    fn aligned_arrows_are_fine() {
        assert!(findings(
            RULE,
            "file { '/x':\n  ensure  => file,\n  mode    => '0644',\n}\n"
        )
        .is_empty());
    }
}
