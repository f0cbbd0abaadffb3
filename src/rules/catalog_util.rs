//! Helpers shared by the catalog-expression validation rules (group B): the attribute
//! operations of a resource-like expression, Puppet's labels for expressions (as its
//! validator words them), literal titles of a resource body, and the standard way these
//! rules build their metadata.

use crate::syntax::{AttributeOp, BinaryOp, Expr, ExprKind, Span, StringStyle, UnaryOp};

/// The attribute-operation lists of a resource-like expression, each with Puppet's label
/// of the expression that holds it ("Resource Instance Definition" for a resource body).
pub fn op_lists(expr: &Expr) -> Vec<(&[AttributeOp], &'static str)> {
    match &expr.kind {
        ExprKind::Resource(r) => r
            .bodies
            .iter()
            .map(|b| (b.ops.as_slice(), "Resource Instance Definition"))
            .collect(),
        ExprKind::ResourceDefaults(d) => vec![(d.ops.as_slice(), "Resource Defaults Expression")],
        ExprKind::ResourceOverride(o) => vec![(o.ops.as_slice(), "Resource Override")],
        ExprKind::Collect(c) => vec![(
            c.ops.as_slice(),
            if c.exported {
                "Exported Query"
            } else {
                "Virtual Query"
            },
        )],
        _ => Vec::new(),
    }
}

/// `label` with its indefinite article, capitalised ("An Array Expression"), as Puppet's
/// label provider writes it (quotes are skipped when choosing `a`/`an`; `y` is a vowel).
pub fn a_an_uc(label: &str) -> String {
    let s = a_an(label);
    match s.strip_prefix("an ") {
        Some(rest) => format!("An {rest}"),
        None => format!("A {}", s.get(2..).unwrap_or("")),
    }
}

/// `label` with its indefinite article in lower case ("an Integer").
pub fn a_an(label: &str) -> String {
    let first = label.chars().find(|c| *c != '\'' && *c != '"');
    let vowel = first.is_some_and(|c| "aeiouyAEIOUY".contains(c));
    format!("{} {label}", if vowel { "an" } else { "a" })
}

/// Puppet's label of an expression (`ModelLabelProvider`), e.g. "'>' expression".
pub fn label(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Nop => "Nop Expression".into(),
        ExprKind::Integer { .. } => "Literal Integer".into(),
        ExprKind::Float(_) => "Literal Float".into(),
        ExprKind::String { .. } => "String".into(),
        ExprKind::Concat(_) => "Double Quoted String".into(),
        ExprKind::Heredoc(h) => format!("'@({})' expression", h.syntax.as_deref().unwrap_or("")),
        ExprKind::Boolean(_) => "Boolean".into(),
        ExprKind::Undef => "'undef' expression".into(),
        ExprKind::Default => "'default' expression".into(),
        ExprKind::Regex { .. } => "Regular Expression".into(),
        ExprKind::Reserved(w) => format!("Reserved Word '{w}'"),
        ExprKind::QualifiedName(_) => "Name".into(),
        ExprKind::QualifiedReference(_) => "Type-Name".into(),
        ExprKind::Variable(_) => "Variable".into(),
        ExprKind::Array(_) => "Array Expression".into(),
        ExprKind::Hash { .. } => "Hash Expression".into(),
        ExprKind::Access { .. } => "'[]' expression".into(),
        ExprKind::Unary { op, .. } => match op {
            UnaryOp::Not => "'not' expression".into(),
            UnaryOp::Neg => "Unary Minus".into(),
            UnaryOp::Splat => "Unfold".into(),
        },
        ExprKind::Binary { op, .. } => format!("'{}' expression", op.as_str()),
        ExprKind::Assignment { op, .. } => format!("'{}' expression", op.as_str()),
        ExprKind::Relationship { op, .. } => format!("'{}' expression", op.as_str()),
        ExprKind::Paren(_) => "Parenthesized Expression".into(),
        ExprKind::Selector { .. } => "Selector Expression".into(),
        ExprKind::If(_) => "'if' statement".into(),
        ExprKind::Unless(_) => "'unless' Statement".into(),
        ExprKind::Case(_) => "'case' statement".into(),
        ExprKind::Call(_) => "Function Call".into(),
        ExprKind::MethodCall(_) => "Method call".into(),
        ExprKind::Resource(_) => "Resource Statement".into(),
        ExprKind::ResourceDefaults(_) => "Resource Defaults Expression".into(),
        ExprKind::ResourceOverride(_) => "Resource Override".into(),
        ExprKind::Collect(c) => if c.exported {
            "Exported Query"
        } else {
            "Virtual Query"
        }
        .into(),
        ExprKind::Class(_) => "Host Class Definition".into(),
        ExprKind::Define(_) => "'define' expression".into(),
        ExprKind::Node(_) => "Node Definition".into(),
        ExprKind::Function(_) => "Function Definition".into(),
        ExprKind::Plan(_) => "Plan Definition".into(),
        ExprKind::TypeAlias(_) => "Type Alias".into(),
        ExprKind::TypeMapping { .. } => "Type Mapping".into(),
        ExprKind::TypeDefinition(_) => "Type Definition".into(),
        ExprKind::Block(_) => "Block Expression".into(),
    }
}

/// A literal title (or other literal string value): a string without interpolation or a
/// bare name, as the string it evaluates to.
pub fn literal_string(expr: &Expr) -> Option<&str> {
    match &expr.kind {
        ExprKind::String { value, style } => match style {
            StringStyle::Single | StringStyle::Double | StringStyle::Bare => Some(value),
        },
        ExprKind::QualifiedName(n) => Some(n),
        _ => None,
    }
}

/// One literal title found in a title expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Title<'a> {
    Name(&'a str),
    Default,
}

/// The literal titles of a title expression (arrays flattened, as Puppet does), each with
/// the expression that gives it. Anything that is not a literal string or `default` (a
/// variable, an interpolated string, a call) is left out: its value is not known here.
pub fn literal_titles<'a>(expr: &'a Expr, out: &mut Vec<(Title<'a>, &'a Expr)>) {
    match &expr.kind {
        ExprKind::Array(items) => items.iter().for_each(|e| literal_titles(e, out)),
        ExprKind::Default => out.push((Title::Default, expr)),
        _ => {
            if let Some(s) = literal_string(expr) {
                out.push((Title::Name(s), expr));
            }
        }
    }
}

/// Where Puppet places an expression: a binary expression at its operator, a method call
/// at its `.` (Puppet's parser positions these at that token), a selector where its subject
/// is placed; anything else at its start. The span runs from there to the end of `expr`.
pub fn operator_span(source: &str, expr: &Expr) -> Span {
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

/// Whether a query expression is a comparison Puppet's collector can evaluate: `==`/`!=`.
pub fn is_equality(op: BinaryOp) -> bool {
    matches!(op, BinaryOp::Eq | BinaryOp::Ne)
}

/// Test helper: the findings of rule `name` (at its default level) on `src`, as
/// `(line, column, message)`.
#[cfg(test)]
pub fn findings(name: &str, src: &str) -> Vec<(usize, usize, String)> {
    use crate::rules::engine::{check_file, RuleSet};
    let parsed = crate::syntax::parse(src);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let level = crate::rules::registry::find(name).unwrap().meta().level;
    check_file("t.pp", &parsed, &RuleSet::only(name, level))
        .into_iter()
        .map(|d| {
            let (l, c) = parsed.line_index.line_col(src, d.span.start());
            (l, c, d.message)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles_follow_puppet() {
        assert_eq!(a_an_uc("Array Expression"), "An Array Expression");
        assert_eq!(a_an_uc("'>' expression"), "A '>' expression");
        assert_eq!(a_an_uc("'in' expression"), "An 'in' expression");
        assert_eq!(a_an_uc("'undef' expression"), "An 'undef' expression");
        assert_eq!(a_an_uc("Boolean"), "A Boolean");
    }
}
