//! `parameter_types` (plugin puppet-lint-param-types): a class or defined-type parameter
//! declared without a data type.

use super::class_parameters::class_or_define;
use crate::rules::{
    Category, Context, Diagnostic, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta,
};
use crate::syntax::Expr;

pub struct ParameterTypes;

static META: RuleMeta = RuleMeta {
    name: "parameter_types",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-param-types",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "A class or defined-type parameter without a data type.",
    doc: include_str!("../../../rules/parameter_types.md"),
    kinds: &[NodeKind::Class, NodeKind::Define],
    options: &[],
};

impl Rule for ParameterTypes {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((def, name)) = class_or_define(expr, cx) else {
            return;
        };
        for p in def.params.iter().filter(|p| p.type_expr.is_none()) {
            cx.report(
                Diagnostic::new(
                    p.name.span,
                    format!("missing datatype for parameter {name}::{}", p.name.name),
                )
                .with_help("declare the parameter's data type (`String $x`, `Integer[0] $x`)"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    #[test]
    fn untyped_parameters() {
        let src = "class a (\n  $x,\n  String $y = 'y',\n  $z = { 'k' => $x },\n  Hash[String, Integer] $w = {},\n) {\n  class b ($v) {}\n}\ndefine c (*$rest) {}\nfunction d ($f) {}\n";
        assert_eq!(
            findings("parameter_types", src),
            vec![
                "2:3 missing datatype for parameter a::x",
                "4:3 missing datatype for parameter a::z",
                "7:12 missing datatype for parameter b::v",
                "9:12 missing datatype for parameter c::rest",
            ]
        );
    }

    #[test]
    fn typed_parameters_are_fine() {
        let src = "class a (Optional[String] $x = undef, Any $y) {}\ndefine b {}\n";
        assert!(findings("parameter_types", src).is_empty());
    }
}
