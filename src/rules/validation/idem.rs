//! Whether evaluating an expression has no effect besides its value (Puppet's validator
//! calls such an expression "idem"), for the rules about values in statement position.

use crate::syntax::{BinaryOp, Expr, ExprKind};

/// Whether Puppet's validator considers `expr` "idem": evaluating it is known to have no
/// effect other than producing a value (literals, variables, operators, access, selectors,
/// strings; an `if`/`case` whose parts all are). Calls, assignments, relationships,
/// resources, definitions and `=~`/`!~` (which set `$0`, `$1`, ...) are not.
pub fn idem(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Nop
        | ExprKind::Integer { .. }
        | ExprKind::Float(_)
        | ExprKind::String { .. }
        | ExprKind::Concat(_)
        | ExprKind::Heredoc(_)
        | ExprKind::Boolean(_)
        | ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Regex { .. }
        | ExprKind::Reserved(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::QualifiedReference(_)
        | ExprKind::Variable(_)
        | ExprKind::Array(_)
        | ExprKind::Hash { .. }
        | ExprKind::Access { .. }
        | ExprKind::Unary { .. }
        | ExprKind::Selector { .. } => true,
        ExprKind::Binary { op, .. } => !matches!(op, BinaryOp::Match | BinaryOp::NotMatch),
        ExprKind::Paren(e) => idem(e),
        ExprKind::Block(stmts) => stmts.iter().all(idem),
        ExprKind::If(i) => {
            idem(&i.test)
                && i.then_body.statements.iter().all(idem)
                && match &i.else_branch {
                    None => true,
                    Some(crate::syntax::ElseBranch::Elsif(e)) => idem(e),
                    Some(crate::syntax::ElseBranch::Else(b)) => b.statements.iter().all(idem),
                }
        }
        ExprKind::Unless(u) => {
            idem(&u.test)
                && u.then_body.statements.iter().all(idem)
                && u.else_body
                    .as_ref()
                    .is_none_or(|b| b.statements.iter().all(idem))
        }
        ExprKind::Case(c) => {
            idem(&c.test)
                && c.options
                    .iter()
                    .all(|o| o.values.iter().all(idem) && o.body.statements.iter().all(idem))
        }
        ExprKind::Assignment { .. }
        | ExprKind::Relationship { .. }
        | ExprKind::Call(_)
        | ExprKind::MethodCall(_)
        | ExprKind::Resource(_)
        | ExprKind::ResourceDefaults(_)
        | ExprKind::ResourceOverride(_)
        | ExprKind::Collect(_)
        | ExprKind::Class(_)
        | ExprKind::Define(_)
        | ExprKind::Node(_)
        | ExprKind::Function(_)
        | ExprKind::Plan(_)
        | ExprKind::TypeAlias(_)
        | ExprKind::TypeMapping { .. }
        | ExprKind::TypeDefinition(_)
        | ExprKind::Epp(_)
        | ExprKind::RenderString(_)
        | ExprKind::Render(_) => false,
    }
}

/// Whether `expr` is what Puppet's titleless-resource reading produces: a `Block` of a name
/// and a hash (`file { ensure => present }`), which Puppet reports as a resource without a
/// title rather than as a value without effect.
pub fn is_resource_without_title(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Block(stmts) => {
            stmts.len() == 2
                && matches!(
                    stmts.first().map(|e| &e.kind),
                    Some(ExprKind::QualifiedName(_))
                )
                && matches!(stmts.get(1).map(|e| &e.kind), Some(ExprKind::Hash { .. }))
        }
        _ => false,
    }
}
