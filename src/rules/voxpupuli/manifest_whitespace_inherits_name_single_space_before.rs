//! `manifest_whitespace_inherits_name_single_space_before`: the blanks between `inherits`
//! and the parent class name are not exactly one space. The fix makes them one space.

use super::manifest_whitespace::{check_single_space, MANIFEST_WHITESPACE};
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
        check_single_space(
            cx,
            "there should be a single space between the inherits statement and the name",
            |s| {
                let inherits = s.indexes_of("inherits").into_iter();
                inherits
                    .filter_map(|i| {
                        let name = s.next_non_space(i).filter(|&j| s.kind_is(j, &["name"]))?;
                        Some((i, name, i + 1))
                    })
                    .collect()
            },
        );
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
