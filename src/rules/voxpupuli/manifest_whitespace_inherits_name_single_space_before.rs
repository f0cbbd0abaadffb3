//! `manifest_whitespace_inherits_name_single_space_before`: the blanks between `inherits`
//! and the parent class name are not exactly one space. The fix makes them one space.

use super::manifest_whitespace::MANIFEST_WHITESPACE;
use super::manifest_whitespace::{finding, set_gap_checked};
use crate::rules::{Context, Rule, RuleMeta};

pub struct ManifestWhitespaceInheritsNameSingleSpaceBefore;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_inherits_name_single_space_before",
    summary: "Not exactly one space between `inherits` and the parent class name.",
    doc: include_str!("../../../rules/manifest_whitespace_inherits_name_single_space_before.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceInheritsNameSingleSpaceBefore {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let s = cx.whitespace_tokens();
        let mut found = Vec::new();
        for i in s.indexes_of("inherits") {
            let Some(name) = s.next_non_space(i).filter(|&j| s.kind_is(j, &["name"])) else {
                continue;
            };
            if name == i + 2 && s.single_space(i + 1) {
                continue;
            }
            let Some(next) = s.get(i + 1) else {
                continue;
            };
            let edits = set_gap_checked(cx, &s, i, name, " ").map(|e| vec![e]);
            found.push(finding(
                next.span,
                "there should be a single space between the inherits statement and the name",
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

    const RULE: &str = "manifest_whitespace_inherits_name_single_space_before";

    #[test]
    fn inherits() {
        let src = "class a inherits  b {}\nclass c inherits\n  d {}\nclass e inherits f {}\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:17 there should be a single space between the inherits statement and the name",
                "2:17 there should be a single space between the inherits statement and the name",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "class a inherits b {}\nclass c inherits d {}\nclass e inherits f {}\n"
        );
    }
}
