//! The words Puppet's messages use for expressions: its label of each kind of expression
//! (`Puppet::Pops::Model::ModelLabelProvider`) and the article it puts before a label.

use crate::syntax::{Expr, ExprKind, UnaryOp};

/// Puppet's label for an expression (`Puppet::Pops::Model::ModelLabelProvider`), the words
/// it uses in messages such as "Illegal attempt to assign to 'a Literal Integer'".
pub fn label(expr: &Expr) -> String {
    let s = match &expr.kind {
        ExprKind::Nop => "Nop Expression",
        ExprKind::Integer { .. } => "Literal Integer",
        ExprKind::Float(_) => "Literal Float",
        ExprKind::String { .. } => "String",
        ExprKind::Concat(_) => "Double Quoted String",
        ExprKind::Heredoc(h) => {
            return format!("'@({})' expression", h.syntax.as_deref().unwrap_or(""));
        }
        ExprKind::Boolean(_) => "Boolean",
        ExprKind::Undef => "'undef' expression",
        ExprKind::Default => "'default' expression",
        ExprKind::Regex { .. } => "Regular Expression",
        ExprKind::Reserved(w) => return format!("Reserved Word '{w}'"),
        ExprKind::QualifiedName(_) => "Name",
        ExprKind::QualifiedReference(_) => "Type-Name",
        ExprKind::Variable(_) => "Variable",
        ExprKind::Array(_) => "Array Expression",
        ExprKind::Hash { .. } => "Hash Expression",
        ExprKind::Access { .. } => "'[]' expression",
        ExprKind::Unary { op, .. } => match op {
            UnaryOp::Not => "'not' expression",
            UnaryOp::Neg => "Unary Minus",
            UnaryOp::Splat => "Unfold",
        },
        ExprKind::Binary { op, .. } => return format!("'{}' expression", op.as_str()),
        ExprKind::Assignment { op, .. } => return format!("'{}' expression", op.as_str()),
        ExprKind::Relationship { op, .. } => return format!("'{}' expression", op.as_str()),
        ExprKind::Paren(_) => "Parenthesized Expression",
        ExprKind::Selector { .. } => "Selector Expression",
        ExprKind::If(_) => "'if' statement",
        ExprKind::Unless(_) => "'unless' Statement",
        ExprKind::Case(_) => "'case' statement",
        ExprKind::Call(_) => "Function Call",
        ExprKind::MethodCall(_) => "Method call",
        ExprKind::Resource(_) => "Resource Statement",
        ExprKind::ResourceDefaults(_) => "Resource Defaults Expression",
        ExprKind::ResourceOverride(_) => "Resource Override",
        ExprKind::Collect(c) => {
            if c.exported {
                "Exported Query"
            } else {
                "Virtual Query"
            }
        }
        ExprKind::Class(_) => "Host Class Definition",
        ExprKind::Define(_) => "'define' expression",
        ExprKind::Node(_) => "Node Definition",
        ExprKind::Function(_) => "Function Definition",
        ExprKind::Plan(_) => "Plan Definition",
        ExprKind::TypeAlias(_) => "Type Alias",
        ExprKind::TypeMapping { .. } => "Type Mapping",
        ExprKind::TypeDefinition(_) => "Type Definition",
        ExprKind::Block(_) => "Block Expression",
        ExprKind::Epp(_) => "Epp Expression",
        ExprKind::RenderString(_) => "Render String Expression",
        ExprKind::Render(_) => "Render Expression",
    };
    s.to_string()
}

/// `label` with the indefinite article Puppet puts before it ("a Name", "an 'in' expression"):
/// a leading quote is skipped, then `an` before a vowel (`y` counts as one).
pub fn a_an(label: &str) -> String {
    format!("{} {label}", article(label))
}

/// `label` with its article capitalised ("An Array Expression", "A '>' expression").
pub fn a_an_uc(label: &str) -> String {
    let cap = if article(label) == "an" { "An" } else { "A" };
    format!("{cap} {label}")
}

fn article(label: &str) -> &'static str {
    let mut chars = label.chars();
    let mut first = chars.next();
    if matches!(first, Some('"') | Some('\'')) {
        first = chars.next();
    }
    let vowel = first.is_some_and(|c| "aeiouy".contains(c.to_ascii_lowercase()));
    if vowel {
        "an"
    } else {
        "a"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles() {
        assert_eq!(a_an("Literal Integer"), "a Literal Integer");
        assert_eq!(a_an("'in' expression"), "an 'in' expression");
        assert_eq!(a_an("Unfold"), "an Unfold");
        assert_eq!(a_an("'undef' expression"), "an 'undef' expression");
        assert_eq!(a_an("Function Call"), "a Function Call");
        assert_eq!(a_an_uc("Array Expression"), "An Array Expression");
        assert_eq!(a_an_uc("'>' expression"), "A '>' expression");
        assert_eq!(a_an_uc("'in' expression"), "An 'in' expression");
        assert_eq!(a_an_uc("'undef' expression"), "An 'undef' expression");
        assert_eq!(a_an_uc("Boolean"), "A Boolean");
        assert_eq!(a_an_uc("Exported Query"), "An Exported Query");
        assert_eq!(a_an_uc("'[]' expression"), "A '[]' expression");
        assert_eq!(a_an_uc("'@()' expression"), "A '@()' expression");
    }
}
