//! `parameter_order` (puppet-lint): a required parameter of a class or defined type listed
//! after a parameter that has a default value.

use crate::rules::class_or_define::definition;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, Parameter};

pub struct ParameterOrder;

static META: RuleMeta = RuleMeta {
    name: "parameter_order",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("parameter_order"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A required parameter listed after an optional one.",
    doc: include_str!("../../../rules/parameter_order.md"),
    kinds: &[NodeKind::Class, NodeKind::Define],
    options: &[],
};

/// Whether a parameter's type is `Optional` or `Optional[...]` (such a parameter defaults
/// to `undef`).
fn is_optional_type(t: &Expr) -> bool {
    match &t.kind {
        ExprKind::QualifiedReference(n) => n == "Optional",
        ExprKind::Access { target, .. } => {
            matches!(&target.kind, ExprKind::QualifiedReference(n) if n == "Optional")
        }
        _ => false,
    }
}

/// Whether the caller must give a value for `p`.
fn is_required(p: &Parameter) -> bool {
    p.default.is_none() && !p.captures_rest && !p.type_expr.as_ref().is_some_and(is_optional_type)
}

impl Rule for ParameterOrder {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some(def) = definition(expr) else { return };
        let mut seen_default = false;
        for p in def.params {
            if seen_default && is_required(p) {
                cx.report(
                    Diagnostic::new(
                        p.name.span,
                        "optional parameter listed before required parameter",
                    )
                    .with_help("list the parameters without a default value first"),
                );
            }
            seen_default |= p.default.is_some();
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    #[test]
    fn required_after_optional() {
        let src = "class a (\n  $x,\n  String $y = 'y',\n  Array[String] $z,\n  Optional[String] $o,\n  $w\n) {\n}\ndefine b ($p = 1, $q) {}\n";
        assert_eq!(
            findings("parameter_order", src),
            vec![
                "4:17 optional parameter listed before required parameter",
                "6:3 optional parameter listed before required parameter",
                "9:19 optional parameter listed before required parameter"
            ]
        );
    }

    #[test]
    fn in_order_is_fine() {
        let src = "class a (String $x, $y = { 'a' => 1 }, Optional[Integer] $z) {}\n";
        assert!(findings("parameter_order", src).is_empty());
    }
}
