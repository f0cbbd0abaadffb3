//! The tokens of a concrete tree, packed (kind id, named, span: 12 bytes each), so that a
//! parse may drop its tree and still give its tokens ([`super::tokens::tokens`]).

use super::ast::Span;

/// Kinds emitted whole, without their inner tokens.
const ATOMIC: &[&str] = &["double_quoted_string", "heredoc_body", "heredoc"];

/// A token as a parse keeps it without its tree: the kind's id, whether it is named, and
/// its span.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Packed {
    pub(crate) kind: u16,
    pub(crate) named: bool,
    pub(crate) span: Span,
}

/// The tokens of `tree`, packed, in source order.
pub(crate) fn pack(tree: &tree_sitter::Tree) -> Vec<Packed> {
    let mut out = Vec::new();
    let mut cursor = tree.walk();
    'walk: loop {
        let node = cursor.node();
        let atomic = ATOMIC.contains(&node.kind());
        if (atomic || node.child_count() == 0)
            && node.end_byte() > node.start_byte()
            && node.kind() != "manifest"
        {
            out.push(Packed {
                kind: node.kind_id(),
                named: node.is_named(),
                span: Span::new(node.start_byte(), node.end_byte()),
            });
        }
        if !atomic && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    out.sort_by_key(|t| (t.span.start, t.span.end));
    out
}
