//! `numeric_variable_name`: a variable name that starts with a digit but is not a decimal
//! number (`$01`, `$1x`) (Puppet's ILLEGAL_NUMERIC_VAR_NAME).

use super::naming::is_numeric_var_name;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct NumericVariableName;

static META: RuleMeta = RuleMeta {
    name: "numeric_variable_name",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_NUMERIC_VAR_NAME"],
    since: "0.1.0",
    summary: "A variable name that starts with a digit but is not a decimal number (`$01`, `$1x`).",
    doc: include_str!("../../../rules/numeric_variable_name.md"),
    kinds: &[NodeKind::Variable],
    options: &[],
};

impl Rule for NumericVariableName {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Variable(name) = &expr.kind else {
            return;
        };
        let numeric = name.starts_with(|c: char| c.is_ascii_digit());
        if !numeric || is_numeric_var_name(name) {
            return;
        }
        cx.report(
            Diagnostic::new(
                expr.span,
                format!(
                    "Illegal numeric variable name, The given name '{name}' must be a decimal value if it starts with a digit 0-9"
                ),
            )
            .with_help("match variables are `$0`, `$1`, `$2`, ... without leading zeros; other names must start with a letter"),
        );
    }
}
