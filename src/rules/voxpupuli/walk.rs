//! Walking a whole manifest: every expression below one, every variable of a file, and
//! whether a file defines a class or a defined type.

use crate::syntax::visit::for_each_child;
use crate::syntax::{Expr, ExprKind, Program, StringPart};

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
                for p in parts.iter() {
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
