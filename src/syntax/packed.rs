//! The tokens of a concrete tree, packed (kind id, named, span: 12 bytes each), so that a
//! parse may drop its tree and still give its tokens ([`super::tokens::tokens`]), and the
//! rules read them where the parse keeps them, without a copy. The lowering's pre-pass
//! packs them in its own walk over every node ([`Packer`]); [`pack`] walks a tree for them
//! alone.

use super::ast::Span;

/// One token: its kind (by the grammar's id), whether it is named, and its span (12 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// The grammar's kind id (`Token::kind`, in [`super::tokens`], gives its name).
    pub(crate) kind_id: u16,
    /// A named token (a value, name, comment, string...) rather than punctuation/keyword.
    pub named: bool,
    pub span: Span,
}

/// A token as a parse keeps it without its tree.
pub(crate) type Packed = Token;

/// Packs the tokens of a tree from its nodes, visited in document order (depth first).
pub(crate) struct Packer {
    out: Vec<Packed>,
    /// Kinds emitted whole, without their inner tokens (double-quoted strings, heredoc
    /// openings and bodies).
    atomic: [u16; 3],
    /// The root's kind (never a token).
    manifest: u16,
    /// The depth of the atomic node being walked through, if any.
    inside: Option<u32>,
}

impl Packer {
    /// A packer of the tokens of `tree`.
    pub(crate) fn new(tree: &tree_sitter::Tree) -> Packer {
        let language = tree.language();
        let id = |kind| language.id_for_node_kind(kind, true);
        Packer {
            out: Vec::new(),
            atomic: [
                id("double_quoted_string"),
                id("heredoc_body"),
                id("heredoc"),
            ],
            manifest: id("manifest"),
            inside: None,
        }
    }

    /// Visits `node`, at `depth` in the walk; `leaf`: it has no (visible) children.
    pub(crate) fn visit(&mut self, node: tree_sitter::Node, depth: u32, leaf: bool) {
        if self.inside.is_some_and(|d| depth > d) {
            return;
        }
        self.inside = None;
        let kind = node.kind_id();
        let atomic = self.atomic.contains(&kind);
        let (start, end) = (node.start_byte(), node.end_byte());
        if (atomic || leaf) && end > start && kind != self.manifest {
            self.out.push(Packed {
                kind_id: kind,
                named: node.is_named(),
                span: Span::new(start, end),
            });
        }
        if atomic {
            self.inside = Some(depth);
        }
    }

    /// The tokens, in source order.
    pub(crate) fn finish(mut self) -> Vec<Packed> {
        self.out.sort_by_key(|t| (t.span.start, t.span.end));
        // Grown by doubling, kept as long as the parse: at its size.
        self.out.shrink_to_fit();
        self.out
    }
}

/// The tokens of `tree`, packed, in source order.
pub(crate) fn pack(tree: &tree_sitter::Tree) -> Vec<Packed> {
    let mut packer = Packer::new(tree);
    let mut cursor = tree.walk();
    let mut depth = 0;
    'walk: loop {
        let node = cursor.node();
        let descended = cursor.goto_first_child();
        packer.visit(node, depth, !descended);
        if descended {
            depth += 1;
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
            depth -= 1;
        }
    }
    packer.finish()
}
