//! `numeric_variable_assignment`: assigning to a numeric match variable (`$1 = 2`)
//! (Puppet's ILLEGAL_NUMERIC_ASSIGNMENT).

use super::assignments::{check_assignment_target, AssignProblem};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct NumericVariableAssignment;

static META: RuleMeta = RuleMeta {
    name: "numeric_variable_assignment",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_NUMERIC_ASSIGNMENT"],
    since: "0.1.0",
    summary: "Assigning to a numeric match variable (`$1 = 2`).",
    doc: include_str!("../../../rules/numeric_variable_assignment.md"),
    kinds: &[NodeKind::Assignment],
    options: &[],
};

impl Rule for NumericVariableAssignment {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        check_assignment_target(expr, cx, |target, problem, _| {
            let AssignProblem::Numeric(name) = problem else {
                return None;
            };
            Some(
                Diagnostic::new(
                    target.span,
                    format!("Illegal attempt to assign to the numeric match result variable '${name}'. Numeric variables are not assignable"),
                )
                .with_help("`$0`, `$1`, ... hold the results of the last regular expression match; use a named variable")
            )
        });
    }
}
