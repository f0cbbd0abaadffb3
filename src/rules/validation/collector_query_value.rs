//! `collector_query_value`: a value in a collector query's `==` / `!=` that the collector
//! cannot evaluate, such as an array or a hash. Puppet's validator accepts it; evaluation
//! fails ("Cannot transform object of class Puppet::Pops::Model::LiteralList").
//!
//! Puppet's query transformer accepts strings (also interpolated), numbers, booleans,
//! `undef`, names, variables, `[]` access expressions, parentheses and nested
//! `==`/`!=`/`and`/`or`; anything else fails, even a negative number (`-1` is a unary
//! minus expression in Puppet's model). It also fails on a number or boolean as the
//! attribute name of a comparison, and on `tag == <number>`.

use super::catalog_expressions::is_equality;
use super::labels::{a_an_uc, label};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{BinaryOp, Expr, ExprKind};

pub struct CollectorQueryValue;

static META: RuleMeta = RuleMeta {
    name: "collector_query_value",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "An array, hash or other expression as a value in a collector query.",
    doc: include_str!("../../../rules/collector_query_value.md"),
    kinds: &[NodeKind::Collect],
    options: &[],
};

/// Walks the query's `and` / `or` / parentheses down to the comparisons.
fn query(q: &Expr, cx: &mut Context<'_>) {
    match &q.kind {
        ExprKind::Paren(inner) => query(inner, cx),
        ExprKind::Binary {
            op: BinaryOp::And | BinaryOp::Or,
            lhs,
            rhs,
        } => {
            query(lhs, cx);
            query(rhs, cx);
        }
        ExprKind::Binary { op, lhs, rhs } if is_equality(*op) => {
            value(lhs, cx);
            value(rhs, cx);
            comparison(*op, lhs, rhs, cx);
        }
        _ => {}
    }
}

/// The literal operands of a query comparison that Puppet's collector fails on although
/// it can transform them: a number or boolean as the attribute name (Puppet 7.23 crashes
/// with "undefined method `intern'"), and a number compared with `tag`.
fn comparison(op: BinaryOp, lhs: &Expr, rhs: &Expr, cx: &mut Context<'_>) {
    let is_number = |e: &Expr| matches!(e.kind, ExprKind::Integer { .. } | ExprKind::Float(_));
    if is_number(lhs) || matches!(lhs.kind, ExprKind::Boolean(_)) {
        cx.report(
            Diagnostic::new(
                lhs.span,
                format!(
                    "Illegal query. {} cannot be the attribute name of a query comparison",
                    a_an_uc(&label(lhs))
                ),
            )
            .with_help(
                "Puppet fails at run time (\"undefined method `intern'\"); write the attribute \
                 name on the left: `attribute == value`",
            ),
        );
    }
    let is_tag = super::catalog_expressions::literal_string(lhs) == Some("tag");
    if op == BinaryOp::Eq && is_tag && is_number(rhs) {
        cx.report(
            Diagnostic::new(rhs.span, "Cannot transform a number to a tag").with_help(
                "Puppet fails at run time; tags are strings: quote the value (`tag == '1'`)",
            ),
        );
    }
}

/// Checks an operand of `==` / `!=`.
fn value(v: &Expr, cx: &mut Context<'_>) {
    match &v.kind {
        ExprKind::Paren(inner) => value(inner, cx),
        ExprKind::Binary { op, lhs, rhs }
            if is_equality(*op) || matches!(op, BinaryOp::And | BinaryOp::Or) =>
        {
            value(lhs, cx);
            value(rhs, cx);
        }
        ExprKind::Variable(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::Integer { .. }
        | ExprKind::Float(_)
        | ExprKind::Boolean(_)
        | ExprKind::String { .. }
        | ExprKind::Concat(_)
        | ExprKind::Undef
        | ExprKind::Access { .. } => {}
        _ => {
            cx.report(
                Diagnostic::new(
                    v.span,
                    format!(
                        "Illegal query value. {} cannot be used as a value in a query",
                        a_an_uc(&label(v))
                    ),
                )
                .with_help(
                    "Puppet fails at run time (\"Cannot transform object\"); compare with one value per \
                     `==` and combine the comparisons with `or`, or compute the value into a variable first",
                ),
            );
        }
    }
}

impl Rule for CollectorQueryValue {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        if let ExprKind::Collect(c) = &expr.kind {
            if let Some(q) = &c.query {
                query(q, cx);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    fn run(src: &str) -> Vec<(usize, usize, String)> {
        positions("collector_query_value", src)
    }

    fn m(what: &str) -> String {
        format!("Illegal query value. {what} cannot be used as a value in a query")
    }

    #[test]
    fn arrays_hashes_and_others() {
        assert_eq!(
            run("File <| mode == [1] |>\n"),
            vec![(1, 17, m("An Array Expression"))]
        );
        assert_eq!(
            run("File <| tag == 'a' or (mode != {'a' => 1}) |>\n"),
            vec![(1, 32, m("A Hash Expression"))]
        );
        assert_eq!(
            run("File <| mode == 1 + 2 |>\n"),
            vec![(1, 17, m("A '+' expression"))]
        );
        assert_eq!(
            run("File <| mode == f(1) |>\n"),
            vec![(1, 17, m("A Function Call"))]
        );
        assert_eq!(
            run("File <| 1 == tag or tag == 2 |>\n"),
            vec![
                (1, 9, "Illegal query. A Literal Integer cannot be the attribute name of a query comparison".to_string()),
                (1, 28, "Cannot transform a number to a tag".to_string()),
            ]
        );
        assert_eq!(
            run("File <| tag != 2 and mode == 1 and tag == '2' |>\n"),
            vec![]
        );
        // Puppet 7.23 fails on a negative number too (a UnaryMinusExpression).
        assert_eq!(
            run("File <| mode == -1 |>\n"),
            vec![(1, 17, m("An Unary Minus"))]
        );
    }

    #[test]
    fn accepted_values() {
        assert_eq!(
            run("File <| tag == $x and (mode != 'a' or title == foo) |>\nFile <| a == \"x${y}\" and b == undef and d == $h['k'] and e == true |>\nFile <| mode > [1] |>\n"),
            vec![]
        );
    }
}
