//! Helpers shared by the Vox Pupuli plugin rules of group C (parameters, variables, class
//! names): the parameters of class and define definitions, their type heads, walking
//! expressions, and removing the leading `::` of a name.

use super::style_c_util::{definition, Definition};
use super::{Context, Edit};
use crate::syntax::visit::for_each_child;
use crate::syntax::{Expr, ExprKind, Program, Span, StringPart};

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

/// Calls `f` with `expr` and every expression below it, in source order.
pub fn walk<'a>(expr: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    f(expr);
    for_each_child(expr, &mut |child, _| walk(child, f));
}

/// Calls `f` with every variable of `program` (the expression and whether it is
/// interpolated into a string without braces, `"$x"`), in source order.
pub fn for_each_variable<'a>(program: &'a Program, f: &mut dyn FnMut(&'a Expr, bool)) {
    fn go<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Expr, bool)) {
        match &e.kind {
            ExprKind::Variable(_) => f(e, false),
            ExprKind::Concat(parts) => {
                for p in parts {
                    if let StringPart::Interpolation { expr, braces, .. } = p {
                        if !braces && matches!(expr.kind, ExprKind::Variable(_)) {
                            f(expr, true);
                        } else {
                            go(expr, f);
                        }
                    }
                }
            }
            _ => for_each_child(e, &mut |c, _| go(c, f)),
        }
    }
    for e in &program.body {
        go(e, f);
    }
}

/// Whether `program` defines a class or a defined type (at any depth).
pub fn has_class_or_define(program: &Program) -> bool {
    let mut found = false;
    for e in &program.body {
        walk(e, &mut |x| {
            found |= matches!(x.kind, ExprKind::Class(_) | ExprKind::Define(_));
        });
    }
    found
}

/// Whether `expr` is `undef`.
pub fn is_undef(expr: &Expr) -> bool {
    matches!(expr.kind, ExprKind::Undef)
}

/// The edit deleting the leading `::` of a class name written at `span`: a bare name
/// (`::foo`) or a quoted string (`'::foo'`). `None` when the text there does not start
/// so (an escaped or interpolated string).
pub fn strip_leading_colons(cx: &Context<'_>, span: Span) -> Option<Edit> {
    let text = cx.text(span);
    let at = if text.starts_with("::") && text.len() > 2 {
        0
    } else if (text.starts_with("'::") || text.starts_with("\"::")) && text.len() > 4 {
        1
    } else {
        return None;
    };
    let start = span.start() + at;
    Some(Edit::delete(Span::new(start, start + 2)))
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
