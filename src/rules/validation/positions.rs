//! Where Puppet places an expression in its messages: operator expressions (assignments,
//! binary operators, relationships, hash entries) at their operator, found past blanks and
//! comments, and method calls at their `.`.

use crate::syntax::{AssignOp, Expr, ExprKind, Span};

/// The offset of the first byte at or after `i` (and before `end`) that is not a blank or
/// part of a comment.
fn skip_trivia(source: &str, mut i: usize, end: usize) -> usize {
    let bytes = source.as_bytes();
    while i < end {
        match bytes.get(i) {
            Some(b' ' | b'\t' | b'\r' | b'\n') => i += 1,
            Some(b'#') => {
                while i < end && bytes.get(i) != Some(&b'\n') {
                    i += 1;
                }
            }
            Some(b'/') if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < end
                    && !(bytes.get(i) == Some(&b'*') && bytes.get(i + 1) == Some(&b'/'))
                {
                    i += 1;
                }
                i += 2;
            }
            _ => break,
        }
    }
    i
}

/// The `=`, `+=` or `-=` of an assignment: the operator between the end of `lhs` and the
/// start of `rhs` (skipping blanks and comments). Puppet places assignments there.
pub fn assign_op_span(source: &str, lhs: Span, rhs: Span, op: AssignOp) -> Span {
    infix_op_span(source, lhs, rhs, op.as_str())
        .unwrap_or_else(|| Span::new(lhs.end(), rhs.start().max(lhs.end())))
}

/// The operator `op` between the end of `lhs` and the start of `rhs` (skipping blanks and
/// comments), if it is there.
fn infix_op_span(source: &str, lhs: Span, rhs: Span, op: &str) -> Option<Span> {
    let end = rhs.start().min(source.len());
    let i = skip_trivia(source, lhs.end(), end);
    let len = op.len();
    (i + len <= end && source.get(i..i + len) == Some(op)).then(|| Span::new(i, i + len))
}

/// Where Puppet places `expr` in its messages: an operator expression (assignment, binary,
/// relationship) at its operator and a method call at its `.`, both up to the end of the
/// expression; everything else at its start.
pub fn puppet_span(source: &str, expr: &Expr) -> Span {
    let at = match &expr.kind {
        ExprKind::MethodCall(m) => {
            let dot = skip_trivia(source, m.receiver.span.end(), m.name.span.start());
            (source.as_bytes().get(dot) == Some(&b'.')).then_some(dot)
        }
        ExprKind::Assignment { lhs, rhs, op } => {
            infix_op_span(source, lhs.span, rhs.span, op.as_str()).map(|s| s.start())
        }
        ExprKind::Binary { lhs, rhs, op } => {
            infix_op_span(source, lhs.span, rhs.span, op.as_str()).map(|s| s.start())
        }
        ExprKind::Relationship { lhs, rhs, op } => {
            infix_op_span(source, lhs.span, rhs.span, op.as_str()).map(|s| s.start())
        }
        _ => None,
    };
    match at {
        Some(start) if start < expr.span.end() => Span::new(start, expr.span.end()),
        _ => expr.span,
    }
}

/// The span to report an expression at, starting where Puppet places it: Puppet places a
/// binary operator expression at its operator, so when the operator is on a later line than
/// the left operand (`$x\n== 1`) the span starts at the operator.
pub fn operator_line_span(source: &str, expr: &Expr) -> Span {
    match &expr.kind {
        ExprKind::Binary { op, lhs, rhs } => {
            let at = operator_between(source, lhs, rhs, op.as_str()).start();
            let before = source.get(expr.span.start()..at).unwrap_or("");
            if before.contains('\n') {
                Span::new(at, expr.span.end())
            } else {
                expr.span
            }
        }
        _ => expr.span,
    }
}

/// The span of the operator `op` written between `lhs` and `rhs` (Puppet places binary
/// expressions and hash entries there), or `lhs`'s span when it cannot be found.
pub fn operator_between(source: &str, lhs: &Expr, rhs: &Expr, op: &str) -> Span {
    let between = Span::new(lhs.span.end(), rhs.span.start());
    match source
        .get(between.start()..between.end())
        .and_then(|t| find_operator(t, op))
    {
        Some(at) => Span::new(between.start() + at, between.start() + at + op.len()),
        None => lhs.span,
    }
}

/// The offset of `op` in the text between two operands, skipping comments.
fn find_operator(text: &str, op: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let rest = text.get(i..)?;
        if rest.starts_with('#') {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |e| e + 2);
        } else if rest.starts_with(op) {
            return Some(i);
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_are_found_past_comments() {
        let src = "$x # == not this\n/* == */ == 1";
        let parsed = crate::syntax::parse(src);
        let Some(stmt) = parsed.program.body.first() else {
            panic!("no statement");
        };
        let ExprKind::Binary { lhs, rhs, .. } = &stmt.kind else {
            panic!("not a binary expression: {stmt:?}");
        };
        let at = operator_between(src, lhs, rhs, "==");
        assert_eq!(src.get(at.start()..), Some("== 1"));
        assert_eq!(operator_line_span(src, stmt).start(), at.start());
    }
}
