//! The definitions of the checked file: its classes (nested ones included), defined
//! types, functions and type aliases, which the evaluator finds before the module path;
//! found by name through an index (a file may define thousands of classes, each declared
//! from many places).

use foldhash::HashMap;

use crate::eval::names::trim_colons;
use crate::syntax::{ClassDef, DefineDef, Expr, ExprKind, FunctionDef};

/// A definition's name as the evaluator compares names: lower case, without leading `::`.
pub(super) fn norm(name: &str) -> String {
    trim_colons(name).to_ascii_lowercase()
}

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
    /// The first class, defined type and function of each name (lower case, without
    /// leading `::`).
    class_index: HashMap<String, &'a ClassDef>,
    define_index: HashMap<String, &'a DefineDef>,
    function_index: HashMap<String, &'a FunctionDef>,
}

impl<'a> Locals<'a> {
    /// The file's first class named `key` (lower case, no leading `::`).
    pub(super) fn class(&self, key: &str) -> Option<&'a ClassDef> {
        self.class_index.get(key).copied()
    }

    /// The file's first defined type named `key` (lower case, no leading `::`).
    pub(super) fn define(&self, key: &str) -> Option<&'a DefineDef> {
        self.define_index.get(key).copied()
    }

    /// The file's first function named `key` (lower case, no leading `::`).
    pub(super) fn function(&self, key: &str) -> Option<&'a FunctionDef> {
        self.function_index.get(key).copied()
    }
}

/// The definitions of `body` (a file's statements), indexed.
pub(super) fn collect_locals<'a>(body: &'a [Expr], out: &mut Locals<'a>) {
    collect_body(body, out);
    for c in &out.classes {
        out.class_index.entry(norm(&c.name)).or_insert(c);
    }
    for d in &out.defines {
        out.define_index.entry(norm(&d.name)).or_insert(d);
    }
    for f in &out.functions {
        out.function_index.entry(norm(&f.name)).or_insert(f);
    }
}

fn collect_body<'a>(body: &'a [Expr], out: &mut Locals<'a>) {
    for e in body {
        collect_expr(e, out);
    }
}

fn collect_expr<'a>(e: &'a Expr, out: &mut Locals<'a>) {
    match &e.kind {
        ExprKind::Class(c) => {
            out.classes.push(c);
            collect_body(&c.body.statements, out);
        }
        ExprKind::Define(d) => out.defines.push(d),
        ExprKind::Function(f) => out.functions.push(f),
        ExprKind::TypeAlias(t) => out.aliases.push((t.name.name.clone(), &t.value)),
        _ => {}
    }
}
