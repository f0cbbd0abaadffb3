//! `selector_inside_resource` (puppet-lint): a selector written as the value of a resource
//! attribute.

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta, Slot};
use crate::syntax::{AttributeOp, Expr, ExprKind, Span};

pub struct SelectorInsideResource;

static META: RuleMeta = RuleMeta {
    name: "selector_inside_resource",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("selector_inside_resource"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A selector as the value of a resource attribute.",
    doc: include_str!("../../../rules/selector_inside_resource.md"),
    kinds: &[NodeKind::Selector],
    options: &[],
};

impl Rule for SelectorInsideResource {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        if cx.slot() != Some(Slot::AttributeValue) {
            return;
        }
        let Some(parent) = cx.parent() else { return };
        let ExprKind::Resource(r) = &parent.expr.kind else {
            return;
        };
        for body in &r.bodies {
            for op in &body.ops {
                let AttributeOp::Attribute { name, value, .. } = op else {
                    continue;
                };
                if value.span != expr.span {
                    continue;
                }
                let at = arrow_between(cx.source(), name.span.end(), value.span.start())
                    .unwrap_or(expr.span);
                cx.report(
                    Diagnostic::new(at, "selector inside resource block")
                        .with_help("compute the value in a variable before the resource"),
                );
                return;
            }
        }
    }
}

/// The span of the first `=>` or `+>` between `from` and `to`.
fn arrow_between(source: &str, from: usize, to: usize) -> Option<Span> {
    let text = source.get(from..to)?;
    let i = text.find("=>").or_else(|| text.find("+>"))?;
    Some(Span::new(from + i, from + i + 2))
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn flags_selector_attribute_values() {
        let src = "service { 'a':\n  enable => $x ? { true => 1, default => 2 },\n  name   => $facts['k'] ? { default => 'b' },\n}\n$v = $x ? { default => 1 }\nFile { mode => $x ? { default => '0644' } }\n";
        assert_eq!(
            positions("selector_inside_resource", src),
            vec![
                (2, 10, "selector inside resource block".into()),
                (3, 10, "selector inside resource block".into())
            ]
        );
    }
}
