//! `attribute_append`: `+>` in a resource body or a resource default. Puppet allows it only
//! in collector blocks and overrides (ILLEGAL_ATTRIBUTE_APPEND).

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{AttributeOp, AttributeOperator, Expr, ExprKind};

pub struct AttributeAppend;

static META: RuleMeta = RuleMeta {
    name: "attribute_append",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_ATTRIBUTE_APPEND"],
    since: "0.1.0",
    summary:
        "`+>` used in a resource body or resource default (only collectors and overrides allow it).",
    doc: include_str!("../../../rules/attribute_append.md"),
    kinds: &[NodeKind::Resource, NodeKind::ResourceDefaults],
    options: &[],
};

impl Rule for AttributeAppend {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        if !matches!(
            expr.kind,
            ExprKind::Resource(_) | ExprKind::ResourceDefaults(_)
        ) {
            return;
        }
        for (ops, label) in super::catalog_expressions::op_lists(expr) {
            for op in ops {
                if let AttributeOp::Attribute {
                    name,
                    op: AttributeOperator::Append,
                    ..
                } = op
                {
                    cx.report(
                        Diagnostic::new(
                            name.span,
                            format!(
                                "Illegal +> operation on attribute {}. This operator can not be used in {}",
                                name.name,
                                super::labels::a_an(label)
                            ),
                        )
                        .with_help(
                            "`+>` appends to a value set elsewhere and works only in a collector's block \
                             (`File <| |> { x +> ... }`) or an override (`File['a'] { x +> ... }`); use `=>` here",
                        ),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn bodies_and_defaults_only() {
        assert_eq!(
            positions(
                "attribute_append",
                "file { 'a': mode => '1', owner +> 'x' }\nFile { mode +> '1' }\nFile['a'] { mode +> '1' }\nFile <| |> { mode +> '1' }\n"
            ),
            vec![
                (1, 26, "Illegal +> operation on attribute owner. This operator can not be used in a Resource Instance Definition".to_string()),
                (2, 8, "Illegal +> operation on attribute mode. This operator can not be used in a Resource Defaults Expression".to_string()),
            ]
        );
    }
}
