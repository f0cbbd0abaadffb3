//! Catalog expressions as Puppet's validator reads them: the attribute operations of a
//! resource-like expression with Puppet's label of the expression holding them, the literal
//! titles of a resource body, and which collector queries Puppet can evaluate.

use crate::syntax::{AttributeOp, BinaryOp, Expr, ExprKind, StringStyle};

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

/// Whether a query expression is a comparison Puppet's collector can evaluate: `==`/`!=`.
pub fn is_equality(op: BinaryOp) -> bool {
    matches!(op, BinaryOp::Eq | BinaryOp::Ne)
}
