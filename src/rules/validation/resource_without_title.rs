//! `resource_without_title`: `file { ensure => present }`, a resource body without a title,
//! which Puppet parses as a name followed by a hash (RESOURCE_WITHOUT_TITLE).

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct ResourceWithoutTitle;

static META: RuleMeta = RuleMeta {
    name: "resource_without_title",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["RESOURCE_WITHOUT_TITLE"],
    since: "0.1.0",
    summary: "A resource declared without a title (`file { ensure => present }`).",
    doc: include_str!("../../../rules/resource_without_title.md"),
    kinds: &[NodeKind::Block],
    options: &[],
};

impl Rule for ResourceWithoutTitle {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Block(stmts) = &expr.kind else {
            return;
        };
        let [name, hash] = stmts.as_slice() else {
            return;
        };
        let (ExprKind::QualifiedName(n), ExprKind::Hash { .. }) = (&name.kind, &hash.kind) else {
            return;
        };
        cx.report(
            Diagnostic::new(
                name.span,
                format!("This expression is invalid. Did you try declaring a '{n}' resource without a title?"),
            )
            .with_help(format!("give it a title: `{n} {{ 'title': ... }}`")),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn titleless_bodies() {
        assert_eq!(
            positions(
                "resource_without_title",
                "$x = 1\nnotify {\n  message => 'x',\n}\nif true { file { } }\ninclude { a => 1 }\n"
            ),
            vec![
                (2, 1, "This expression is invalid. Did you try declaring a 'notify' resource without a title?".to_string()),
                (5, 11, "This expression is invalid. Did you try declaring a 'file' resource without a title?".to_string()),
            ]
        );
    }
}
