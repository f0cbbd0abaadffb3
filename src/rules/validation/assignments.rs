//! What the left side of an `=` assignment may be (Puppet's `assign` visitor of
//! `Checker4_0`), and the one body of the rules that report each problem it finds.

use super::labels::label;
use super::naming::is_numeric_var_name;
use crate::rules::{Context, Diagnostic};
use crate::syntax::{AssignOp, Expr, ExprKind};

/// Why the target of an `=` assignment (or a part of it) cannot be assigned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssignProblem {
    /// `$1 = ...` (ILLEGAL_NUMERIC_ASSIGNMENT); the variable's name.
    Numeric(String),
    /// `$a::b = ...` (CROSS_SCOPE_ASSIGNMENT); the variable's name.
    CrossScope(String),
    /// `$a[0] = ...` (ILLEGAL_INDEXED_ASSIGNMENT).
    Indexed,
    /// Anything else (ILLEGAL_ASSIGNMENT); Puppet's label of the target.
    NotAssignable(String),
}

/// The problems of the left side `lhs` of an `=` assignment, each with the expression it
/// is about, in source order (Puppet's `assign` visitor of `Checker4_0`).
pub fn assign_problems<'a>(lhs: &'a Expr, out: &mut Vec<(&'a Expr, AssignProblem)>) {
    match &lhs.kind {
        ExprKind::Variable(name) => {
            if is_numeric_var_name(name) {
                out.push((lhs, AssignProblem::Numeric(name.clone())));
            }
            if name.contains("::") {
                out.push((lhs, AssignProblem::CrossScope(name.clone())));
            }
        }
        // Indexed assignment is not allowed at all (the issue is an error by default, so
        // Puppet never goes on to check the target via the index).
        ExprKind::Access { .. } => out.push((lhs, AssignProblem::Indexed)),
        ExprKind::Array(items) => items.iter().for_each(|e| assign_problems(e, out)),
        _ => out.push((lhs, AssignProblem::NotAssignable(label(lhs)))),
    }
}

/// The body of the rules about `=` assignment targets (`illegal_assignment`,
/// `numeric_variable_assignment`, `cross_scope_assignment`, `indexed_assignment`): for an
/// `=` assignment `expr`, reports what `finding` makes of each problem of its left side
/// (given the expression the problem is about and the file's text); `finding` gives `None`
/// for the problems of the other rules.
pub fn check_assignment_target(
    expr: &Expr,
    cx: &mut Context<'_>,
    finding: impl Fn(&Expr, AssignProblem, &str) -> Option<Diagnostic>,
) {
    let ExprKind::Assignment {
        op: AssignOp::Assign,
        lhs,
        ..
    } = &expr.kind
    else {
        return;
    };
    let mut problems = Vec::new();
    assign_problems(lhs, &mut problems);
    for (target, problem) in problems {
        if let Some(d) = finding(target, problem, cx.source()) {
            cx.report(d);
        }
    }
}
