//! The parameters of classes and defined types as the parameter plugins read them: the
//! definition with its name as written, and the head and arguments of a parameter's type.

use crate::rules::class_or_define::{definition, Definition};
use crate::rules::Context;
use crate::syntax::{Expr, ExprKind};

/// The class or defined-type definition `expr` is, with the name as written in the source
/// (the plugins name a nested class by its own name token, not by its full name).
pub fn class_or_define<'a>(expr: &'a Expr, cx: &Context<'a>) -> Option<(Definition<'a>, &'a str)> {
    let def = definition(expr)?;
    let written = cx.text(def.name_span);
    let written = if written.is_empty() {
        def.name
    } else {
        written
    };
    Some((def, written))
}

/// The name at the head of a type expression: `String` for `String`, `String[1]`;
/// `Stdlib::Port` for `Stdlib::Port`.
pub fn type_head(t: &Expr) -> Option<&str> {
    match &t.kind {
        ExprKind::QualifiedReference(n) => Some(n.as_str()),
        ExprKind::Access { target, .. } => match &target.kind {
            ExprKind::QualifiedReference(n) => Some(n.as_str()),
            _ => None,
        },
        _ => None,
    }
}

/// The type parameters of `T[...]` (empty for a bare `T`).
pub fn type_args(t: &Expr) -> &[Expr] {
    match &t.kind {
        ExprKind::Access { keys, .. } => keys,
        _ => &[],
    }
}

/// Whether `t` is written as `Optional` or `Optional[...]`.
pub fn is_optional(t: &Expr) -> bool {
    type_head(t) == Some("Optional")
}

/// Whether `expr` is `undef`.
pub fn is_undef(expr: &Expr) -> bool {
    matches!(expr.kind, ExprKind::Undef)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    fn type_of(src: &str) -> Expr {
        let parsed = parse(src);
        match &parsed.program.body.first().map(|e| &e.kind) {
            Some(ExprKind::Class(c)) => c.params[0].type_expr.clone().unwrap(),
            _ => panic!("not a class"),
        }
    }

    #[test]
    fn type_heads() {
        assert_eq!(
            type_head(&type_of("class a (String[1] $x) {}")),
            Some("String")
        );
        assert_eq!(
            type_head(&type_of("class a (Stdlib::Port $x) {}")),
            Some("Stdlib::Port")
        );
        assert!(is_optional(&type_of("class a (Optional[Integer] $x) {}")));
        assert_eq!(
            type_args(&type_of("class a (Variant[A, B] $x) {}")).len(),
            2
        );
    }
}
