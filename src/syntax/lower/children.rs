//! The children of every node of a tree (with their field ids, extras left out), gathered
//! in the pre-pass's one cursor walk, so that the lowering reads a node's children from a
//! list instead of walking a cursor over them again (a tree-sitter cursor step through
//! the grammar's hidden nodes costs hundreds of instructions). Gathered only for sources
//! up to [`GATHERED_UP_TO`] bytes, so that a huge file costs no more memory than before:
//! the lowering walks a cursor for any node not found here.

use foldhash::{HashMap, HashMapExt};
use tree_sitter::Node;

use super::nodes::Kids;

/// Sources larger than this (in bytes) have their children read by a cursor.
pub(super) const GATHERED_UP_TO: usize = 1 << 20;

/// The children of the nodes of one tree, each node's in one run of `flat`.
#[derive(Default)]
pub(super) struct Children<'t> {
    flat: Vec<(u16, Node<'t>)>,
    /// Node id → its run in `flat` (start, length).
    runs: HashMap<usize, (u32, u32)>,
    /// Children of the nodes being walked through, the innermost last.
    pending: Vec<(u16, Node<'t>)>,
    /// The nodes being walked through (id, where their children start in `pending`).
    open: Vec<(usize, usize)>,
}

impl<'t> Children<'t> {
    /// Children for a source of `len` bytes.
    pub(super) fn for_source(len: usize) -> Children<'t> {
        // About one node per four bytes of source.
        let nodes = len / 4;
        Children {
            flat: Vec::with_capacity(nodes),
            runs: HashMap::with_capacity(nodes / 2),
            pending: Vec::new(),
            open: Vec::new(),
        }
    }

    /// The walk reached `node` (not the root), with field id `field` in its parent.
    pub(super) fn visit(&mut self, node: Node<'t>, field: u16) {
        if !node.is_extra() {
            self.pending.push((field, node));
        }
    }

    /// The walk goes down into `node`'s children.
    pub(super) fn enter(&mut self, node: Node<'t>) {
        self.open.push((node.id(), self.pending.len()));
    }

    /// The walk has come back up to the node entered last: its children are complete.
    pub(super) fn leave(&mut self) {
        let Some((id, start)) = self.open.pop() else {
            return;
        };
        let at = self.flat.len();
        self.flat.extend(self.pending.drain(start..));
        let (Ok(at), Ok(len)) = (u32::try_from(at), u32::try_from(self.flat.len() - at)) else {
            return;
        };
        self.runs.insert(id, (at, len));
    }

    /// The children of `node` when gathered (a node without children has none recorded).
    pub(super) fn of(&self, node: Node<'t>) -> Option<Kids<'t>> {
        let &(at, len) = self.runs.get(&node.id())?;
        let (at, len) = (at as usize, len as usize);
        self.flat.get(at..at + len).map(<[_]>::to_vec)
    }
}

#[cfg(test)]
mod tests {
    use super::super::prepass::prepass;

    /// Every node's children, gathered, are those a cursor walk over them finds.
    #[test]
    fn gathered_children_are_the_cursors() {
        let source = "# lead\nclass a (String $x = 'y') inherits b {\n  file { '/a': ensure => file, # c\n    mode => '0644' }\n  $h = { 'k' => [1, 2, 3], 'l' => @(END) }\n  text\n  | END\n  if $x =~ /y/ { notice(\"${x}s\") } else { fail('no') }\n  Exec <| tag == 'x' |> -> Service['s']\n}\n";
        let language = crate::syntax::grammar::language();
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&language).unwrap();
        let tree = parser.parse(source, None).unwrap();
        let pre = prepass(&tree, source, false);
        let mut nodes = vec![tree.root_node()];
        let mut cursor = tree.walk();
        let mut with_children = 0;
        while let Some(node) = nodes.pop() {
            cursor.reset(node);
            let mut walked = Vec::new();
            if cursor.goto_first_child() {
                loop {
                    let n = cursor.node();
                    nodes.push(n);
                    if !n.is_extra() {
                        walked.push((cursor.field_id().map_or(0, |f| f.get()), n));
                    }
                    if !cursor.goto_next_sibling() {
                        break;
                    }
                }
            }
            let kind = node.kind();
            if node.child_count() == 0 || kind == "comment" {
                assert_eq!(pre.children.of(node), None, "{kind}");
            } else {
                with_children += 1;
                assert_eq!(pre.children.of(node), Some(walked), "{kind}");
            }
        }
        assert!(with_children >= 30, "{with_children} nodes with children");
    }
}
