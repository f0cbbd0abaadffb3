//! The definitions Puppet's validator checks where they are: their names and labels, the
//! head a finding about one covers, and whether one is where Puppet allows it (at the top
//! level, or in a class).

use crate::syntax::visit::{BodyKind, Slot};
use crate::syntax::{Expr, ExprKind, Span};

/// The name of a class, define, function or plan definition, with Puppet's label for it.
pub fn named_definition(expr: &Expr) -> Option<(&str, &'static str)> {
    match &expr.kind {
        ExprKind::Class(c) => Some((&c.name, "Host Class Definition")),
        ExprKind::Define(d) => Some((&d.name, "'define' expression")),
        ExprKind::Function(f) => Some((&f.name, "Function Definition")),
        ExprKind::Plan(p) => Some((&p.name, "Plan Definition")),
        _ => None,
    }
}

/// Where a finding about a definition goes: its head, from where Puppet places it (a type
/// alias at its name, a type mapping at its `Runtime[...]`, everything else at its keyword)
/// to the end of its name (a node: of its host matches), not the whole body.
pub fn definition_span(expr: &Expr) -> Span {
    let head = |start: usize, end: usize| {
        if start <= end && end <= expr.span.end() {
            Span::new(start, end)
        } else {
            expr.span
        }
    };
    match &expr.kind {
        ExprKind::Class(c) => head(expr.span.start(), c.name_span.end()),
        ExprKind::Define(d) => head(expr.span.start(), d.name_span.end()),
        ExprKind::Function(f) => head(expr.span.start(), f.name_span.end()),
        ExprKind::Plan(p) => head(expr.span.start(), p.name_span.end()),
        ExprKind::Node(n) => match n.matches.last() {
            Some(m) => head(expr.span.start(), m.span.end()),
            None => expr.span,
        },
        ExprKind::TypeAlias(t) => head(t.name.span.start(), t.name.span.end()),
        ExprKind::TypeDefinition(t) => head(expr.span.start(), t.name.span.end()),
        ExprKind::TypeMapping { mapping, .. } => head(mapping.span.start(), mapping.span.end()),
        _ => expr.span,
    }
}

/// The node kinds of definitions that must be at the top level.
pub const DEFINITION_KINDS: &[crate::syntax::visit::NodeKind] = {
    use crate::syntax::visit::NodeKind;
    &[
        NodeKind::Class,
        NodeKind::Define,
        NodeKind::Node,
        NodeKind::Function,
        NodeKind::Plan,
        NodeKind::TypeAlias,
        NodeKind::TypeMapping,
        NodeKind::TypeDefinition,
    ]
};

/// Which of Puppet's two top-level issues a definition has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopLevelProblem {
    /// NOT_TOP_LEVEL: "Classes, definitions, and nodes may only appear at toplevel or
    /// inside other classes".
    NotTopLevel,
    /// NOT_ABSOLUTE_TOP_LEVEL: "A Function Definition may only appear at toplevel".
    NotAbsoluteTopLevel,
}

/// Puppet's `top` check of `Checker4_0` for the definition `expr` in `slot`.
///
/// Classes, defines, nodes and type mappings may be statements of the program or of a
/// class body. Functions, type aliases and type definitions only of the program: in a
/// statement list that Puppet models as a block (the body of a class, define, node, lambda,
/// case option, function, or any body with two or more statements) they get
/// NOT_ABSOLUTE_TOP_LEVEL; alone in an `if`, `unless` or `else` body (which Puppet does not
/// wrap in a block) or anywhere else, NOT_TOP_LEVEL.
pub fn top_level_problem(expr: &Expr, slot: Option<Slot>) -> Option<TopLevelProblem> {
    let absolute = match &expr.kind {
        ExprKind::Function(_)
        | ExprKind::Plan(_)
        | ExprKind::TypeAlias(_)
        | ExprKind::TypeDefinition(_) => true,
        ExprKind::Class(_)
        | ExprKind::Define(_)
        | ExprKind::Node(_)
        | ExprKind::TypeMapping { .. } => false,
        _ => return None,
    };
    let Some(Slot::Statement { body, count, .. }) = slot else {
        // No slot: not walked from a program (a test calling the rule directly).
        return slot.map(|_| TopLevelProblem::NotTopLevel);
    };
    if body == BodyKind::Program {
        return None;
    }
    if !absolute {
        return (body != BodyKind::Class).then_some(TopLevelProblem::NotTopLevel);
    }
    let block = count > 1 || !matches!(body, BodyKind::If | BodyKind::Else | BodyKind::Unless);
    Some(if block {
        TopLevelProblem::NotAbsoluteTopLevel
    } else {
        TopLevelProblem::NotTopLevel
    })
}
