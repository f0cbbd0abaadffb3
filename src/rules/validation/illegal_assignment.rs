//! `illegal_assignment`: assigning to something that is not a variable (`1 = 2`, `[$a, 1] =
//! ...`) (Puppet's ILLEGAL_ASSIGNMENT).

use super::assignments::{assign_problems, AssignProblem};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{AssignOp, Expr, ExprKind};

pub struct IllegalAssignment;

static META: RuleMeta = RuleMeta {
    name: "illegal_assignment",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_ASSIGNMENT"],
    since: "0.1.0",
    summary: "Assigning to something that is not a variable (`1 = 2`, `[$a, 1] = ...`).",
    doc: include_str!("../../../rules/illegal_assignment.md"),
    kinds: &[NodeKind::Assignment],
    options: &[],
};

impl Rule for IllegalAssignment {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
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
            if let AssignProblem::NotAssignable(label) = problem {
                cx.report(
                    Diagnostic::new(
                        super::positions::puppet_span(cx.source(), target),
                        format!(
                            "Illegal attempt to assign to '{}'. Not an assignable reference",
                            super::labels::a_an(&label)
                        ),
                    )
                    .with_help("only a variable (`$x`) or an array of variables (`[$a, $b]`) can be assigned to"),
                );
            }
        }
    }
}
