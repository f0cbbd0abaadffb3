//! `assignment_context`: an assignment inside the default value of a parameter
//! (ILLEGAL_ASSIGNMENT_CONTEXT), the one place Puppet's validator forbids one.

use super::parameter_lists::{params_of, PARAM_OWNER_KINDS};
use super::positions::puppet_span;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::visit::for_each_child;
use crate::syntax::{Expr, ExprKind};

pub struct AssignmentContext;

static META: RuleMeta = RuleMeta {
    name: "assignment_context",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_ASSIGNMENT_CONTEXT"],
    since: "0.1.0",
    summary: "An assignment inside a parameter's default value.",
    doc: include_str!("../../../rules/assignment_context.md"),
    kinds: PARAM_OWNER_KINDS,
    options: &[],
};

impl Rule for AssignmentContext {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((_, params)) = params_of(expr) else {
            return;
        };
        let mut found = Vec::new();
        for p in params {
            if let Some(d) = &p.default {
                assignments(d, &mut found);
            }
        }
        for a in found {
            if let ExprKind::Assignment { .. } = &a.kind {
                let span = puppet_span(cx.source(), a);
                cx.report(
                    Diagnostic::new(span, "Assignment not allowed here").with_help(
                        "a parameter's default value cannot assign variables; assign in the body instead",
                    ),
                );
            }
        }
    }
}

/// The outermost assignments in `expr`, not looking into lambdas (which may assign their
/// own local variables).
fn assignments<'a>(expr: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &expr.kind {
        ExprKind::Assignment { .. } => out.push(expr),
        ExprKind::Call(c) => {
            assignments(&c.functor, out);
            c.args.iter().for_each(|a| assignments(a, out));
        }
        ExprKind::MethodCall(m) => {
            assignments(&m.receiver, out);
            m.args.iter().for_each(|a| assignments(a, out));
        }
        _ => for_each_child(expr, &mut |child, _| assignments(child, out)),
    }
}
