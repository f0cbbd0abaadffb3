//! `illegal_assignment`: assigning to something that is not a variable (`1 = 2`, `[$a, 1] =
//! ...`) (Puppet's ILLEGAL_ASSIGNMENT).

use super::assignments::{check_assignment_target, AssignProblem};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::Expr;

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
        check_assignment_target(expr, cx, |target, problem, source| {
            let AssignProblem::NotAssignable(label) = problem else {
                return None;
            };
            Some(
                Diagnostic::new(
                    super::positions::puppet_span(source, target),
                    format!(
                        "Illegal attempt to assign to '{}'. Not an assignable reference",
                        super::labels::a_an(&label)
                    ),
                )
                .with_help("only a variable (`$x`) or an array of variables (`[$a, $b]`) can be assigned to")
            )
        });
    }
}
