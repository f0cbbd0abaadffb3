//! `case_without_default` (puppet-lint): a `case` statement with no `default` option.

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct CaseWithoutDefault;

static META: RuleMeta = RuleMeta {
    name: "case_without_default",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("case_without_default"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A `case` statement without a `default` option.",
    doc: include_str!("../../../rules/case_without_default.md"),
    kinds: &[NodeKind::Case],
    options: &[],
};

impl Rule for CaseWithoutDefault {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Case(c) = &expr.kind else {
            return;
        };
        let has_default = c
            .options
            .iter()
            .flat_map(|o| &o.values)
            .any(|v| matches!(v.kind, ExprKind::Default));
        if !has_default {
            cx.report(
                Diagnostic::new(expr.span, "case statement without a default case")
                    .with_help("add `default: {}` to say that other values are expected"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn flags_case_without_default() {
        let src = "case $a {\n  'x': { case $b { 'y': {} } }\n  'z', default: {}\n}\ncase $c { 'w': { $d = $e ? { default => 1 } } }\n";
        assert_eq!(
            positions("case_without_default", src),
            vec![
                (2, 10, "case statement without a default case".into()),
                (5, 1, "case statement without a default case".into())
            ]
        );
    }
}
