//! `manifest_whitespace_class_name_single_space_after`: the name of a class or defined type
//! is not followed by exactly one space and then the next item (`(`, `{` or `inherits`).
//! The fix makes it one space.

use super::manifest_whitespace::{check_single_space, class_and_define_names, MANIFEST_WHITESPACE};
use crate::rules::{Context, Rule, RuleMeta};

pub struct ManifestWhitespaceClassNameSingleSpaceAfter;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_class_name_single_space_after",
    summary: "Not exactly one space between a class or define name and what follows.",
    doc: include_str!("../../../rules/manifest_whitespace_class_name_single_space_after.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceClassNameSingleSpaceAfter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        check_single_space(
            cx,
            "there should be a single space between the class or resource name and the next item",
            |s| {
                let names = class_and_define_names(s).into_iter();
                names
                    .filter_map(|(_, name)| Some((name, s.next_non_space(name)?, name)))
                    .collect()
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const RULE: &str = "manifest_whitespace_class_name_single_space_after";

    #[test]
    fn name_and_next() {
        let src = "class a(\n  $x = 1,\n) {}\ndefine b  {}\nclass c\n{}\nclass d inherits c {}\nclass e (\n) {}\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:7 there should be a single space between the class or resource name and the next item",
                "4:8 there should be a single space between the class or resource name and the next item",
                "5:7 there should be a single space between the class or resource name and the next item",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "class a (\n  $x = 1,\n) {}\ndefine b {}\nclass c {}\nclass d inherits c {}\nclass e (\n) {}\n"
        );
    }
}
