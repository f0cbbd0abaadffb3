//! `parameter_order` (puppet-lint): a required parameter of a class or defined type listed
//! after a parameter that has a default value. A parameter without a default is required
//! whatever its type: Puppet asks a value even for `Optional[...]` ("expects a value for
//! parameter").

use crate::rules::class_or_define::definition;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, Parameter};

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

/// Whether the caller must give a value for `p` (an `Optional` type gives no default).
fn is_required(p: &Parameter) -> bool {
    p.default.is_none() && !p.captures_rest
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
                "5:20 optional parameter listed before required parameter",
                "6:3 optional parameter listed before required parameter",
                "9:19 optional parameter listed before required parameter"
            ]
        );
    }

    #[test]
    fn optional_type_without_default_is_required() {
        // Puppet 7: "Class[T]: expects a value for parameter 'b'".
        let src = "class t (String $a = '', Optional[Boolean] $b) {}\n";
        assert_eq!(
            findings("parameter_order", src),
            ["1:44 optional parameter listed before required parameter"]
        );
    }

    #[test]
    fn in_order_is_fine() {
        let src = "class a (String $x, Optional[Integer] $z, $y = { 'a' => 1 }) {}\n";
        assert!(findings("parameter_order", src).is_empty());
    }
}
