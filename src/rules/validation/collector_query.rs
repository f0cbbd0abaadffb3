//! `collector_query`: a collector query using something other than `==`, `!=`, `and`,
//! `or`, parentheses, literals, variables and names (ILLEGAL_QUERY_EXPRESSION). Like
//! Puppet's validator, the operands of `==` / `!=` are not looked at here (see
//! `collector_query_value`).

use super::catalog_expressions::is_equality;
use super::labels::{a_an_uc, label};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{BinaryOp, Expr, ExprKind, Span};

pub struct CollectorQuery;

static META: RuleMeta = RuleMeta {
    name: "collector_query",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_QUERY_EXPRESSION"],
    since: "0.1.0",
    summary: "A collector query with an operator or expression Puppet cannot query with.",
    doc: include_str!("../../../rules/collector_query.md"),
    kinds: &[NodeKind::Collect],
    options: &[],
};

/// Reports the parts of query `q` that Puppet's validator rejects.
fn check(q: &Expr, cx: &mut Context<'_>) {
    match &q.kind {
        ExprKind::Paren(inner) => check(inner, cx),
        ExprKind::Binary {
            op: BinaryOp::And | BinaryOp::Or,
            lhs,
            rhs,
        } => {
            check(lhs, cx);
            check(rhs, cx);
        }
        ExprKind::Binary { op, .. } if is_equality(*op) => {}
        ExprKind::Variable(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::Integer { .. }
        | ExprKind::Float(_)
        | ExprKind::Boolean(_)
        // Quoted strings and bare words (`foo-bar`) are all literal strings to Puppet.
        | ExprKind::String { .. } => {}
        _ => {
            cx.report(
                Diagnostic::new(
                    operator_span(cx.source(), q),
                    format!(
                        "Illegal query expression. {} cannot be used in a query",
                        a_an_uc(&label(q))
                    ),
                )
                .with_help(
                    "a query compares attributes with `==` or `!=` and combines the comparisons with \
                     `and`, `or` and parentheses",
                ),
            );
        }
    }
}

impl Rule for CollectorQuery {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        if let ExprKind::Collect(c) = &expr.kind {
            if let Some(q) = &c.query {
                check(q, cx);
            }
        }
    }
}

/// Where Puppet places an expression: a binary expression at its operator, a method call
/// at its `.` (Puppet's parser positions these at that token), a selector where its subject
/// is placed; anything else at its start. The span runs from there to the end of `expr`.
fn operator_span(source: &str, expr: &Expr) -> Span {
    let (from, to, op) = match &expr.kind {
        ExprKind::Binary { op, lhs, rhs } => (lhs.span.end(), rhs.span.start(), op.as_str()),
        ExprKind::MethodCall(m) => (m.receiver.span.end(), m.name.span.start(), "."),
        ExprKind::Selector { subject, .. } => {
            let at = operator_span(source, subject).start();
            return Span::new(at, expr.span.end());
        }
        _ => return expr.span,
    };
    let gap = source.get(from..to).unwrap_or("");
    match gap.find(op) {
        Some(i) => Span::new(from + i, expr.span.end()),
        None => expr.span,
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    fn run(src: &str) -> Vec<(usize, usize, String)> {
        positions("collector_query", src)
    }

    fn m(what: &str) -> String {
        format!("Illegal query expression. {what} cannot be used in a query")
    }

    #[test]
    fn operators() {
        assert_eq!(
            run("File <| mode > 1 |>\n"),
            vec![(1, 14, m("A '>' expression"))]
        );
        assert_eq!(
            run("File <| mode =~ /x/ |>\n"),
            vec![(1, 14, m("A '=~' expression"))]
        );
        assert_eq!(
            run("File <| !(mode == 1) |>\n"),
            vec![(1, 9, m("A 'not' expression"))]
        );
        assert_eq!(
            run("File <| mode == 1 and (mode < 2) |>\n"),
            vec![(1, 29, m("A '<' expression"))]
        );
        assert_eq!(
            run("File <<| mode in [1] |>>\n"),
            vec![(1, 15, m("An 'in' expression"))]
        );
        assert_eq!(
            run("File <| $x[1] |>\n"),
            vec![(1, 9, m("A '[]' expression"))]
        );
        assert_eq!(
            run("File <| [1] |>\n"),
            vec![(1, 9, m("An Array Expression"))]
        );
        assert_eq!(run("File <| $x.f |>\n"), vec![(1, 11, m("A Method call"))]);
        // A selector is placed where its subject is (here the `==` of `mode == 1`).
        assert_eq!(
            run("File <| mode == 1 ? { default => 1 } |>\n"),
            vec![(1, 14, m("A Selector Expression"))]
        );
        assert_eq!(
            run("File <| mode == 1 and\n  mode < 3 |>\n"),
            vec![(2, 8, m("A '<' expression"))]
        );
    }

    #[test]
    fn accepted_queries() {
        assert_eq!(
            run("File <| tag == $x and (mode != 'a' or title == foo) |>\nFile <| 'a' |>\nFile <| foo-bar |>\nFile <| |>\nFile <| mode == 1 + 2 |>\nFile <| mode == [1] |>\n"),
            vec![]
        );
    }
}
