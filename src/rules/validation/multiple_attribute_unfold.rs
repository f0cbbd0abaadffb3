//! `multiple_attribute_unfold`: two `* =>` in one resource body (MULTIPLE_ATTRIBUTES_UNFOLD).
//! Puppet checks resource bodies only; defaults and collector blocks may repeat `* =>`.

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{AttributeOp, Expr, ExprKind};

pub struct MultipleAttributeUnfold;

static META: RuleMeta = RuleMeta {
    name: "multiple_attribute_unfold",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["MULTIPLE_ATTRIBUTES_UNFOLD"],
    since: "0.1.0",
    summary: "More than one `* =>` in one resource body.",
    doc: include_str!("../../../rules/multiple_attribute_unfold.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

impl Rule for MultipleAttributeUnfold {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Resource(r) = &expr.kind else {
            return;
        };
        for b in &r.bodies {
            let splats = b.ops.iter().filter_map(|op| match op {
                AttributeOp::Splat { span, .. } => Some(*span),
                AttributeOp::Attribute { .. } => None,
            });
            for span in splats.skip(1) {
                cx.report(
                    Diagnostic::new(
                        span,
                        "Unfolding of attributes from Hash can only be used once per resource body",
                    )
                    .with_help("merge the hashes into one: `* => $a + $b`"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn second_and_later_unfolds() {
        let m = "Unfolding of attributes from Hash can only be used once per resource body";
        assert_eq!(
            positions(
                "multiple_attribute_unfold",
                "file { '/tmp/a': * => {}, * => {},\n  * => $x }\nfile { 'a': * => {}; 'b': * => {} }\nFile { * => {}, * => {} }\n"
            ),
            vec![(1, 27, m.to_string()), (2, 3, m.to_string())]
        );
    }
}
