//! `right_to_left_relationship` (puppet-lint): a `<-` relationship (`b <- a`); the style
//! guide wants relationships written left to right (`a -> b`).

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};

pub struct RightToLeftRelationship;

static META: RuleMeta = RuleMeta {
    name: "right_to_left_relationship",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("right_to_left_relationship"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A right-to-left (`<-`) relationship.",
    doc: include_str!("../../../rules/right_to_left_relationship.md"),
    kinds: &[],
    options: &[],
};

impl Rule for RightToLeftRelationship {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let arrows: Vec<_> = cx
            .tokens()
            .iter()
            .filter(|t| !t.named && t.kind() == "<-")
            .map(|t| t.span)
            .collect();
        for span in arrows {
            cx.report(
                Diagnostic::new(span, "right-to-left (<-) relationship")
                    .with_help("swap the operands and use `->`"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    #[test]
    fn only_left_arrows() {
        let src =
            "Package['a'] -> File['b'] <- Service['c']\nFile['d'] <~ Service['e']\n$s = '<-'\n";
        assert_eq!(
            findings("right_to_left_relationship", src),
            vec!["1:27 right-to-left (<-) relationship"]
        );
    }
}
