//! Small helpers over tree-sitter nodes shared by the pre-pass and the lowering walk:
//! spans, field lookup among a node's children, whether a node carries a value, the
//! `Nop` placeholder expression, and an iterative search of a tree's nodes.

use tree_sitter::Node;

use crate::syntax::ast::*;

/// The byte span of a node.
pub(super) fn span(node: Node) -> Span {
    Span::new(node.start_byte(), node.end_byte())
}

/// An empty span at `pos`.
pub(super) fn at(pos: usize) -> Span {
    Span::new(pos, pos)
}

/// A `Nop` expression standing where nothing usable was found.
pub(super) fn nop(span: Span) -> Expr {
    Expr::new(ExprKind::Nop, span)
}

/// A child of a node with its field id (0 when it has none).
pub(super) type Kids<'t> = Vec<(u16, Node<'t>)>;

/// The child with field id `id`.
pub(super) fn field<'t>(kids: &Kids<'t>, id: u16) -> Option<Node<'t>> {
    kids.iter().find(|(f, _)| *f == id).map(|(_, n)| *n)
}

/// A node that carries a value (named, not an error, not missing).
pub(super) fn usable(n: Node) -> bool {
    n.is_named() && !n.is_error() && !n.is_missing()
}

/// Whether some node at or below `root` satisfies `found`, visiting them in document order
/// without recursion (the first one found ends the walk).
pub(super) fn any_node<'t>(root: Node<'t>, mut found: impl FnMut(Node<'t>) -> bool) -> bool {
    let mut cursor = root.walk();
    loop {
        if found(cursor.node()) {
            return true;
        }
        if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return false;
            }
        }
    }
}
