//! `indexed_assignment`: assigning to an element of an array or hash (`$a[0] = 1`)
//! (Puppet's ILLEGAL_INDEXED_ASSIGNMENT and ILLEGAL_ASSIGNMENT_VIA_INDEX).

use super::assignments::{check_assignment_target, AssignProblem};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct IndexedAssignment;

static META: RuleMeta = RuleMeta {
    name: "indexed_assignment",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_INDEXED_ASSIGNMENT", "ILLEGAL_ASSIGNMENT_VIA_INDEX"],
    since: "0.1.0",
    summary: "Assigning to an element of an array or hash (`$a[0] = 1`).",
    doc: include_str!("../../../rules/indexed_assignment.md"),
    kinds: &[NodeKind::Assignment],
    options: &[],
};

impl Rule for IndexedAssignment {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        check_assignment_target(expr, cx, |target, problem, _| {
            if problem != AssignProblem::Indexed {
                return None;
            }
            Some(
                Diagnostic::new(
                    target.span,
                    "Illegal attempt to assign via [index/key]. Not an assignable reference",
                )
                .with_help("values cannot be changed: build a new array or hash (`$b = $a + [1]`, `$h2 = $h + { k => v }`)")
            )
        });
    }
}
