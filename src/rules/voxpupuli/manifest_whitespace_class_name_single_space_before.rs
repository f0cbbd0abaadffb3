//! `manifest_whitespace_class_name_single_space_before`: the blanks between the `class` or
//! `define` keyword of a definition and its name are not exactly one space. The fix makes
//! them one space.

use super::manifest_whitespace::{check_single_space, class_and_define_names, MANIFEST_WHITESPACE};
use crate::rules::{Context, Rule, RuleMeta};

pub struct ManifestWhitespaceClassNameSingleSpaceBefore;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_class_name_single_space_before",
    summary: "Not exactly one space between `class`/`define` and the name.",
    doc: include_str!("../../../rules/manifest_whitespace_class_name_single_space_before.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceClassNameSingleSpaceBefore {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        check_single_space(
            cx,
            "there should be a single space between the class or defined resource statement and the name",
            |s| {
                let names = class_and_define_names(s).into_iter();
                names.map(|(keyword, name)| (keyword, name, keyword + 1)).collect()
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const RULE: &str = "manifest_whitespace_class_name_single_space_before";

    #[test]
    fn keyword_and_name() {
        let src = "class  a {}\ndefine\tb () {}\nclass c {}\nclass { 'd': }\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:6 there should be a single space between the class or defined resource statement and the name",
                "2:7 there should be a single space between the class or defined resource statement and the name",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "class a {}\ndefine b () {}\nclass c {}\nclass { 'd': }\n"
        );
    }
}
