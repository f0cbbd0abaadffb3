//! Helpers shared by the validation rules of group C (values, nodes, expressions, types):
//! the names Puppet's messages give to expressions (its model label provider), the
//! "idem" test (does evaluating an expression have no effect besides its value), and a
//! test helper that runs one rule on a snippet.

use crate::syntax::{BinaryOp, Expr, ExprKind, Span};

/// The label Puppet's messages use for an expression (its model label provider); shared
/// with group A.
pub use super::vala_util::label;

/// `a <label>` / `an <label>`: Puppet's article rule (a leading quote is skipped, then
/// `an` before a vowel).
pub fn a_an(label: &str) -> String {
    format!("{} {label}", article(label))
}

/// `A <label>` / `An <label>`.
pub fn a_an_uc(label: &str) -> String {
    let a = article(label);
    let cap = if a == "an" { "An" } else { "A" };
    format!("{cap} {label}")
}

fn article(label: &str) -> &'static str {
    let mut chars = label.chars();
    let mut c = chars.next();
    if matches!(c, Some('"') | Some('\'')) {
        c = chars.next();
    }
    match c.map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// Whether Puppet's validator considers `expr` "idem": evaluating it is known to have no
/// effect other than producing a value (literals, variables, operators, access, selectors,
/// strings; an `if`/`case` whose parts all are). Calls, assignments, relationships,
/// resources, definitions and `=~`/`!~` (which set `$0`, `$1`, ...) are not.
pub fn idem(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Nop
        | ExprKind::Integer { .. }
        | ExprKind::Float(_)
        | ExprKind::String { .. }
        | ExprKind::Concat(_)
        | ExprKind::Heredoc(_)
        | ExprKind::Boolean(_)
        | ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Regex { .. }
        | ExprKind::Reserved(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::QualifiedReference(_)
        | ExprKind::Variable(_)
        | ExprKind::Array(_)
        | ExprKind::Hash { .. }
        | ExprKind::Access { .. }
        | ExprKind::Unary { .. }
        | ExprKind::Selector { .. } => true,
        ExprKind::Binary { op, .. } => !matches!(op, BinaryOp::Match | BinaryOp::NotMatch),
        ExprKind::Paren(e) => idem(e),
        ExprKind::Block(stmts) => stmts.iter().all(idem),
        ExprKind::If(i) => {
            idem(&i.test)
                && i.then_body.statements.iter().all(idem)
                && match &i.else_branch {
                    None => true,
                    Some(crate::syntax::ElseBranch::Elsif(e)) => idem(e),
                    Some(crate::syntax::ElseBranch::Else(b)) => b.statements.iter().all(idem),
                }
        }
        ExprKind::Unless(u) => {
            idem(&u.test)
                && u.then_body.statements.iter().all(idem)
                && u.else_body
                    .as_ref()
                    .is_none_or(|b| b.statements.iter().all(idem))
        }
        ExprKind::Case(c) => {
            idem(&c.test)
                && c.options
                    .iter()
                    .all(|o| o.values.iter().all(idem) && o.body.statements.iter().all(idem))
        }
        ExprKind::Assignment { .. }
        | ExprKind::Relationship { .. }
        | ExprKind::Call(_)
        | ExprKind::MethodCall(_)
        | ExprKind::Resource(_)
        | ExprKind::ResourceDefaults(_)
        | ExprKind::ResourceOverride(_)
        | ExprKind::Collect(_)
        | ExprKind::Class(_)
        | ExprKind::Define(_)
        | ExprKind::Node(_)
        | ExprKind::Function(_)
        | ExprKind::Plan(_)
        | ExprKind::TypeAlias(_)
        | ExprKind::TypeMapping { .. }
        | ExprKind::TypeDefinition(_) => false,
    }
}

/// Whether `expr` is what Puppet's titleless-resource reading produces: a `Block` of a name
/// and a hash (`file { ensure => present }`), which Puppet reports as a resource without a
/// title rather than as a value without effect.
pub fn is_resource_without_title(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Block(stmts) => {
            stmts.len() == 2
                && matches!(
                    stmts.first().map(|e| &e.kind),
                    Some(ExprKind::QualifiedName(_))
                )
                && matches!(stmts.get(1).map(|e| &e.kind), Some(ExprKind::Hash { .. }))
        }
        _ => false,
    }
}

/// The span to report an expression at, starting where Puppet places it: Puppet places a
/// binary operator expression at its operator, so when the operator is on a later line than
/// the left operand (`$x\n== 1`) the span starts at the operator.
pub fn puppet_span(source: &str, expr: &Expr) -> Span {
    match &expr.kind {
        ExprKind::Binary { op, lhs, rhs } => {
            let at = operator_span(source, lhs, rhs, op.as_str()).start();
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
pub fn operator_span(source: &str, lhs: &Expr, rhs: &Expr, op: &str) -> Span {
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

/// Test helper: the findings of rule `name` (at error level) on `src`, as
/// `(line, column, message)` with 1-based line and column.
#[cfg(test)]
pub fn run(name: &str, src: &str) -> Vec<(usize, usize, String)> {
    use super::engine::{check_file, RuleSet};
    use super::Level;
    let parsed = crate::syntax::parse(src);
    check_file("t.pp", &parsed, &RuleSet::only(name, Level::Error))
        .into_iter()
        .filter(|d| d.rule == name)
        .map(|d| {
            let start = d.span.start();
            let line = parsed.line_index.line(start);
            let line_start = src
                .get(..start)
                .and_then(|s| s.rfind('\n'))
                .map_or(0, |i| i + 1);
            let col = src.get(line_start..start).map_or(0, |s| s.chars().count()) + 1;
            (line, col, d.message)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles_as_puppet_chooses_them() {
        assert_eq!(a_an("'undef' expression"), "an 'undef' expression");
        assert_eq!(a_an_uc("Exported Query"), "An Exported Query");
        assert_eq!(a_an_uc("'[]' expression"), "A '[]' expression");
        assert_eq!(a_an_uc("'@()' expression"), "A '@()' expression");
        assert_eq!(a_an("Function Call"), "a Function Call");
    }

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
        let at = operator_span(src, lhs, rhs, "==");
        assert_eq!(src.get(at.start()..), Some("== 1"));
        assert_eq!(puppet_span(src, stmt).start(), at.start());
    }
}
