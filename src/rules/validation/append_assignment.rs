//! `append_assignment`: `$x += ...` and `$x -= ...`, which Puppet 4 removed
//! (APPENDS_DELETES_NO_LONGER_SUPPORTED).

use super::positions::assign_op_span;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{AssignOp, Expr, ExprKind};

pub struct AppendAssignment;

static META: RuleMeta = RuleMeta {
    name: "append_assignment",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["APPENDS_DELETES_NO_LONGER_SUPPORTED"],
    since: "0.1.0",
    summary: "The `+=` and `-=` assignment operators, which Puppet no longer supports.",
    doc: include_str!("../../../rules/append_assignment.md"),
    kinds: &[NodeKind::Assignment],
    options: &[],
};

impl Rule for AppendAssignment {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Assignment { op, lhs, rhs } = &expr.kind else {
            return;
        };
        if *op == AssignOp::Assign {
            return;
        }
        let span = assign_op_span(cx.source(), lhs.span, rhs.span, *op);
        let sign = if *op == AssignOp::AddAssign { "+" } else { "-" };
        cx.report(
            Diagnostic::new(
                span,
                format!(
                    "The operator '{}' is no longer supported. See http://links.puppet.com/remove-plus-equals",
                    op.as_str()
                ),
            )
            .with_help(format!(
                "variables cannot be changed once assigned: assign the result to a new variable (`$new = $old {sign} ...`)"
            )),
        );
    }
}
