//! `class_not_virtualizable`: `@class { 'x': }` or `@@class { 'x': }`
//! (CLASS_NOT_VIRTUALIZABLE): classes cannot be virtual or exported.

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, ResourceForm, Span};

pub struct ClassNotVirtualizable;

static META: RuleMeta = RuleMeta {
    name: "class_not_virtualizable",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["CLASS_NOT_VIRTUALIZABLE"],
    since: "0.1.0",
    summary: "A virtual (`@class`) or exported (`@@class`) class declaration.",
    doc: include_str!("../../../rules/class_not_virtualizable.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

impl Rule for ClassNotVirtualizable {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Resource(r) = &expr.kind else {
            return;
        };
        let is_class = matches!(&r.type_name.kind, ExprKind::QualifiedName(n) if n == "class");
        if r.form == ResourceForm::Regular || !is_class {
            return;
        }
        cx.report(
            Diagnostic::new(
                Span::new(expr.span.start(), r.type_name.span.end()),
                "Classes are not virtualizable",
            )
            .with_help("remove the `@`: a class is declared (or included) once, it cannot be virtual or exported"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn virtual_and_exported_classes() {
        let m = "Classes are not virtualizable".to_string();
        assert_eq!(
            positions(
                "class_not_virtualizable",
                "@class { 'a': }\n  @@class { b: }\nclass { 'c': }\n@file { 'd': }\n"
            ),
            vec![(1, 1, m.clone()), (2, 3, m)]
        );
    }
}
