//! Resource expressions as several rule families read them: the type name as written and
//! the named attributes of a body.

use crate::syntax::{AttributeOp, Expr, ExprKind, Ident, ResourceBody};

/// The resource type of a resource expression as written (`file`, `concat`, `class`), when
/// it is a plain name.
pub fn type_name(type_name: &Expr) -> Option<&str> {
    match &type_name.kind {
        ExprKind::QualifiedName(n) => Some(n.as_str()),
        _ => None,
    }
}

/// The named attributes of a resource body: index among all operations (splats count),
/// name, value.
pub fn attributes(body: &ResourceBody) -> impl Iterator<Item = (usize, &Ident, &Expr)> {
    body.ops.iter().enumerate().filter_map(|(i, op)| match op {
        AttributeOp::Attribute { name, value, .. } => Some((i, name, value)),
        AttributeOp::Splat { .. } => None,
    })
}
