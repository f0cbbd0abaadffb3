//! `type_definition`: a `type Name { ... }` or `type Name inherits Parent { ... }` type
//! definition. The syntax parses, but Puppet's validator rejects every such definition
//! (UNSUPPORTED_EXPRESSION): Puppet never implemented them.

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct TypeDefinition;

static META: RuleMeta = RuleMeta {
    name: "type_definition",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["UNSUPPORTED_EXPRESSION"],
    since: "0.1.0",
    summary: "A `type Name { ... }` type definition, which Puppet does not support.",
    doc: include_str!("../../../rules/type_definition.md"),
    kinds: &[NodeKind::TypeDefinition],
    options: &[],
};

impl Rule for TypeDefinition {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        if let ExprKind::TypeDefinition(_) = &expr.kind {
            cx.report(
                Diagnostic::new(
                    expr.span,
                    "Expressions of type a Type Definition are not supported in this version of \
                     Puppet",
                )
                .with_help(
                    "define an Object type with a type alias instead: \
                     `type Name = Object[{ parent => Parent, attributes => { ... } }]`",
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn type_definitions() {
        let m = "Expressions of type a Type Definition are not supported in this version of Puppet";
        assert_eq!(
            positions("type_definition", "type Foo inherits Bar { }\n"),
            vec![(1, 1, m.to_string())]
        );
        assert_eq!(
            positions("type_definition", "type Foo { }\n"),
            vec![(1, 1, m.to_string())]
        );
        assert!(positions("type_definition", "type Foo = Bar {}\n").is_empty());
    }
}
