//! `params_empty_string_assignment` (plugin puppet-lint-params_empty_string-check): a
//! `String` or `Variant` typed class or defined-type parameter whose default is `''`.

use super::class_parameters::{class_or_define, type_head};
use crate::rules::{
    Category, Context, Diagnostic, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind};

pub struct ParamsEmptyStringAssignment;

static META: RuleMeta = RuleMeta {
    name: "params_empty_string_assignment",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-params_empty_string-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "A `String` (or `Variant`) parameter that defaults to the empty string.",
    doc: include_str!("../../../rules/params_empty_string_assignment.md"),
    kinds: &[NodeKind::Class, NodeKind::Define],
    options: &[],
};

/// Whether `e` is the empty string literal (`''` or `""`).
fn is_empty_string(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::String { value, .. } if value.is_empty())
}

impl Rule for ParamsEmptyStringAssignment {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((def, _)) = class_or_define(expr, cx) else {
            return;
        };
        for p in def.params {
            let (Some(t), Some(default)) = (&p.type_expr, &p.default) else {
                continue;
            };
            if matches!(type_head(t), Some("String" | "Variant")) && is_empty_string(default) {
                cx.report(
                    Diagnostic::new(
                        p.name.span,
                        "class parameter with String type defaults to empty string",
                    )
                    .with_help("type it `Optional[String[1]]` with default `undef`, or give a real default"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    const MSG: &str = "class parameter with String type defaults to empty string";

    #[test]
    fn empty_string_defaults() {
        let src = "class a (\n  String $x = '',\n  String[0] $y = \"\",\n  Variant[String, Integer] $z = '',\n  Optional[String] $o = '',\n  String $s = ' ',\n  $u = '',\n) {}\ndefine b (String $p = '') {}\n";
        assert_eq!(
            findings("params_empty_string_assignment", src),
            vec![
                format!("2:10 {MSG}"),
                format!("3:13 {MSG}"),
                format!("4:28 {MSG}"),
                format!("9:18 {MSG}"),
            ]
        );
    }
}
