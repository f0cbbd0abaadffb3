//! The parameter lists of definitions and lambdas: what owns one, and where Puppet places a
//! parameter in its messages.

use crate::syntax::{Expr, ExprKind, Parameter, Span};

/// What owns a parameter list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamOwner {
    Class,
    Define,
    Function,
    Plan,
    Lambda,
    /// The parameter header of an EPP template.
    Epp,
}

impl ParamOwner {
    /// Puppet's label for the owner.
    pub fn label(self) -> &'static str {
        match self {
            ParamOwner::Class => "Host Class Definition",
            ParamOwner::Define => "'define' expression",
            ParamOwner::Function => "Function Definition",
            ParamOwner::Plan => "Plan Definition",
            ParamOwner::Lambda => "Lambda",
            ParamOwner::Epp => "Epp Template",
        }
    }
}

/// The parameter list that `expr` owns: a definition's, the lambda's of a call, or a
/// template's header.
pub fn params_of(expr: &Expr) -> Option<(ParamOwner, &[Parameter])> {
    match &expr.kind {
        ExprKind::Class(c) => Some((ParamOwner::Class, &c.params)),
        ExprKind::Define(d) => Some((ParamOwner::Define, &d.params)),
        ExprKind::Function(f) => Some((ParamOwner::Function, &f.params)),
        ExprKind::Plan(p) => Some((ParamOwner::Plan, &p.params)),
        ExprKind::Call(c) => c
            .lambda
            .as_ref()
            .map(|l| (ParamOwner::Lambda, l.params.as_slice())),
        ExprKind::MethodCall(m) => m
            .lambda
            .as_ref()
            .map(|l| (ParamOwner::Lambda, l.params.as_slice())),
        ExprKind::Epp(t) => t.params.as_deref().map(|p| (ParamOwner::Epp, p)),
        _ => None,
    }
}

/// The node kinds whose expressions own parameter lists (see [`params_of`]).
pub const PARAM_OWNER_KINDS: &[crate::syntax::visit::NodeKind] = {
    use crate::syntax::visit::NodeKind;
    &[
        NodeKind::Class,
        NodeKind::Define,
        NodeKind::Function,
        NodeKind::Plan,
        NodeKind::Call,
        NodeKind::MethodCall,
        NodeKind::Epp,
    ]
};

/// Where Puppet places a parameter in its messages: at its `$name` (after any type and `*`).
pub fn param_span(p: &Parameter, source: &str) -> Span {
    let name = p.name.span;
    // The name's span may or may not include the `$`; include it when it is just before.
    let start = name.start();
    if start > 0 && source.as_bytes().get(start - 1) == Some(&b'$') {
        Span::new(start - 1, name.end())
    } else {
        name
    }
}
