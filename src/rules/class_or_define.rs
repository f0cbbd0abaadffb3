//! A class or defined-type definition as the class and define checks of puppet-lint and its
//! plugins see it.

use crate::syntax::{Expr, ExprKind, Ident, Parameter, Span};

/// A class or defined-type definition, as the puppet-lint class checks see it.
pub struct Definition<'a> {
    /// `true` for a class, `false` for a defined type.
    pub is_class: bool,
    /// The full name (a nested class gets the enclosing class's name as prefix).
    pub name: &'a str,
    /// The name token as written.
    pub name_span: Span,
    /// Where the `class` / `define` keyword starts.
    pub keyword: usize,
    pub params: &'a [Parameter],
    /// The `inherits` parent of a class.
    pub parent: Option<&'a Ident>,
}

impl Definition<'_> {
    /// `class` or `defined type`, as puppet-lint's messages name the definition.
    pub fn what(&self) -> &'static str {
        if self.is_class {
            "class"
        } else {
            "defined type"
        }
    }
}

/// The definition `expr` is, if it is a class or a defined type.
pub fn definition(expr: &Expr) -> Option<Definition<'_>> {
    match &expr.kind {
        ExprKind::Class(c) => Some(Definition {
            is_class: true,
            name: &c.name,
            name_span: c.name_span,
            keyword: expr.span.start(),
            params: &c.params,
            parent: c.parent.as_ref(),
        }),
        ExprKind::Define(d) => Some(Definition {
            is_class: false,
            name: &d.name,
            name_span: d.name_span,
            keyword: expr.span.start(),
            params: &d.params,
            parent: None,
        }),
        _ => None,
    }
}
