//! The leaf tokens of an error region, each marked when it is text inside a string, regex
//! or heredoc rather than code.

use tree_sitter::Node;

/// A leaf token of an error region.
#[derive(Clone, Copy)]
pub(super) struct Leaf<'t> {
    pub(super) node: Node<'t>,
    pub(super) start: usize,
    pub(super) end: usize,
    /// Inside a string, regex or heredoc: not a bracket of the code.
    pub(super) in_atomic: bool,
}

/// Kinds whose inner tokens are text, not code brackets.
fn is_atomic(kind: &str) -> bool {
    matches!(
        kind,
        "single_quoted_string" | "double_quoted_string" | "regex" | "heredoc" | "heredoc_body"
    )
}

/// The leaf tokens of a subtree in source order, comments and other extras left out.
pub(super) fn leaves(node: Node) -> Vec<Leaf> {
    let mut out = Vec::new();
    let mut cursor = node.walk();
    if !cursor.goto_first_child() {
        return out;
    }
    // How many atomic ancestors the cursor is inside.
    let mut atomic_depth: Vec<bool> = Vec::new();
    let mut atomic_count = 0usize;
    'walk: loop {
        let n = cursor.node();
        let skip = n.is_extra() && n.kind() == "comment";
        let inside = atomic_count > 0;
        if !skip && n.child_count() == 0 {
            out.push(Leaf {
                node: n,
                start: n.start_byte(),
                end: n.end_byte(),
                in_atomic: inside,
            });
        }
        if !skip && cursor.goto_first_child() {
            let atomic = is_atomic(n.kind()) || (n.is_extra() && !n.is_error());
            atomic_count += usize::from(atomic);
            atomic_depth.push(atomic);
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() || cursor.node() == node {
                break 'walk;
            }
            if atomic_depth.pop() == Some(true) {
                atomic_count -= 1;
            }
        }
    }
    out
}
