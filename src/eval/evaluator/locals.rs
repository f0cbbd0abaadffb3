//! The definitions of the checked file: its classes (nested ones included), defined
//! types, functions and type aliases, which the evaluator finds before the module path.

use crate::syntax::{ClassDef, DefineDef, Expr, ExprKind, FunctionDef};

pub(super) fn is_definition(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Class(_)
            | ExprKind::Define(_)
            | ExprKind::Function(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::TypeMapping { .. }
            | ExprKind::TypeDefinition(_)
            | ExprKind::Plan(_)
    )
}

/// The definitions of the checked file.
#[derive(Default)]
pub(super) struct Locals<'a> {
    pub(super) classes: Vec<&'a ClassDef>,
    pub(super) defines: Vec<&'a DefineDef>,
    pub(super) functions: Vec<&'a FunctionDef>,
    pub(super) aliases: Vec<(String, &'a Expr)>,
}

pub(super) fn collect_locals<'a>(body: &'a [Expr], out: &mut Locals<'a>) {
    for e in body {
        collect_expr(e, out);
    }
}

fn collect_expr<'a>(e: &'a Expr, out: &mut Locals<'a>) {
    match &e.kind {
        ExprKind::Class(c) => {
            out.classes.push(c);
            collect_locals(&c.body.statements, out);
        }
        ExprKind::Define(d) => out.defines.push(d),
        ExprKind::Function(f) => out.functions.push(f),
        ExprKind::TypeAlias(t) => out.aliases.push((t.name.name.clone(), &t.value)),
        _ => {}
    }
}
