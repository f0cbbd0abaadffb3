//! `variable_name`: a variable name that breaks Puppet's naming rule (`$Foo`, `$a::B`,
//! `$_a::b`) (Puppet's ILLEGAL_VAR_NAME).

use super::naming::is_var_name;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct VariableName;

static META: RuleMeta = RuleMeta {
    name: "variable_name",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_VAR_NAME"],
    since: "0.1.0",
    summary: "A variable name that breaks Puppet's naming rule (`$Foo`, `$a::B`, `$_a::b`).",
    doc: include_str!("../../../rules/variable_name.md"),
    kinds: &[NodeKind::Variable],
    options: &[],
};

impl Rule for VariableName {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Variable(name) = &expr.kind else {
            return;
        };
        let numeric = name.starts_with(|c: char| c.is_ascii_digit());
        if numeric || is_var_name(name) {
            return;
        }
        cx.report(
            Diagnostic::new(
                expr.span,
                format!(
                    "Illegal variable name, The given name '{name}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"
                ),
            )
            .with_help("variable names are lower case: letters, digits and `_`, with `::` between namespace segments (only the last segment may start with `_`)"),
        );
    }
}
