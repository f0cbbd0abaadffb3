//! `cross_scope_assignment`: assigning to a variable of another namespace (`$a::b = 1`,
//! `$::x = 1`) (Puppet's CROSS_SCOPE_ASSIGNMENT).

use super::assignments::{check_assignment_target, AssignProblem};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct CrossScopeAssignment;

static META: RuleMeta = RuleMeta {
    name: "cross_scope_assignment",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["CROSS_SCOPE_ASSIGNMENT"],
    since: "0.1.0",
    summary: "Assigning to a variable of another namespace (`$a::b = 1`, `$::x = 1`).",
    doc: include_str!("../../../rules/cross_scope_assignment.md"),
    kinds: &[NodeKind::Assignment],
    options: &[],
};

impl Rule for CrossScopeAssignment {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        check_assignment_target(expr, cx, |target, problem, _| {
            let AssignProblem::CrossScope(name) = problem else {
                return None;
            };
            Some(
                Diagnostic::new(
                    target.span,
                    format!("Illegal attempt to assign to '{name}'. Cannot assign to variables in other namespaces"),
                )
                .with_help("assign a local variable (without `::`); a class can only set its own variables")
            )
        });
    }
}
