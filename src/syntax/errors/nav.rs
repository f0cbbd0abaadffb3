//! Constant-time parent, sibling and last-child links of a tree's nodes, and the leaf
//! before or after a node.

use std::collections::HashMap;

use tree_sitter::Node;

/// The neighbours of a node.
#[derive(Clone, Copy, Default)]
pub(super) struct Links<'t> {
    parent: Option<Node<'t>>,
    prev: Option<Node<'t>>,
    next: Option<Node<'t>>,
    last_child: Option<Node<'t>>,
}

/// Parent, sibling and last-child links of every node of a tree, found in one walk.
/// Tree-sitter's own `Node::parent` and `Node::prev_sibling` search down from the root
/// (time and, in the C library, stack proportional to the depth), which makes walking up
/// from deep nodes quadratic; these lookups are constant-time.
pub(super) struct Nav<'t> {
    links: HashMap<usize, Links<'t>>,
}

impl<'t> Nav<'t> {
    pub(super) fn new(root: Node<'t>) -> Self {
        let mut links: HashMap<usize, Links<'t>> = HashMap::new();
        links.insert(root.id(), Links::default());
        let mut cursor = root.walk();
        // The open ancestors of the cursor, and the last child seen under each.
        let mut parents: Vec<(Node<'t>, Option<Node<'t>>)> = vec![(root, None)];
        if cursor.goto_first_child() {
            'walk: loop {
                let n = cursor.node();
                let (parent, prev) = match parents.last() {
                    Some((p, prev)) => (Some(*p), *prev),
                    None => (None, None),
                };
                if let Some(p) = prev {
                    if let Some(l) = links.get_mut(&p.id()) {
                        l.next = Some(n);
                    }
                }
                links.insert(
                    n.id(),
                    Links {
                        parent,
                        prev,
                        next: None,
                        last_child: None,
                    },
                );
                if let Some(top) = parents.last_mut() {
                    top.1 = Some(n);
                }
                if cursor.goto_first_child() {
                    parents.push((n, None));
                    continue;
                }
                loop {
                    if cursor.goto_next_sibling() {
                        break;
                    }
                    if let Some((p, last)) = parents.pop() {
                        if let Some(l) = links.get_mut(&p.id()) {
                            l.last_child = last;
                        }
                    }
                    if !cursor.goto_parent() {
                        break 'walk;
                    }
                }
            }
        }
        while let Some((p, last)) = parents.pop() {
            if let Some(l) = links.get_mut(&p.id()) {
                l.last_child = last;
            }
        }
        Nav { links }
    }

    pub(super) fn get(&self, node: Node<'t>) -> Links<'t> {
        self.links.get(&node.id()).copied().unwrap_or_default()
    }

    pub(super) fn parent(&self, node: Node<'t>) -> Option<Node<'t>> {
        self.get(node).parent
    }

    pub(super) fn prev_sibling(&self, node: Node<'t>) -> Option<Node<'t>> {
        self.get(node).prev
    }

    pub(super) fn next_sibling(&self, node: Node<'t>) -> Option<Node<'t>> {
        self.get(node).next
    }

    /// The last leaf of a subtree.
    pub(super) fn last_leaf(&self, node: Node<'t>) -> Node<'t> {
        let mut n = node;
        while let Some(c) = self.get(n).last_child {
            n = c;
        }
        n
    }

    /// The last non-extra leaf before `node` in the tree.
    pub(super) fn previous_leaf(&self, node: Node<'t>) -> Option<Node<'t>> {
        let sibling = self.non_extra_sibling(node, |n| self.prev_sibling(n))?;
        Some(self.last_leaf(sibling))
    }

    /// The first non-extra leaf after `node` in the tree.
    pub(super) fn next_leaf(&self, node: Node<'t>) -> Option<Node<'t>> {
        let mut leaf = self.non_extra_sibling(node, |n| self.next_sibling(n))?;
        while let Some(c) = leaf.child(0) {
            leaf = c;
        }
        Some(leaf)
    }

    /// The first non-extra node that `step` (to the previous or the next sibling) reaches
    /// from `node` or, when there is none, from its nearest ancestor that has one.
    fn non_extra_sibling(
        &self,
        node: Node<'t>,
        step: impl Fn(Node<'t>) -> Option<Node<'t>>,
    ) -> Option<Node<'t>> {
        let mut n = node;
        loop {
            let mut sibling = step(n);
            while let Some(s) = sibling {
                if !s.is_extra() {
                    return Some(s);
                }
                sibling = step(s);
            }
            n = self.parent(n)?;
        }
    }
}
