//! The YAML tree: [`Node`]s (scalars, sequences, mappings, aliases), each with its byte
//! span, anchor and tag, and the accessors rules navigate it with.

use super::scalar::Plain;
use crate::syntax::ast::Span;

/// How a scalar was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarStyle {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    /// `|` block.
    Literal,
    /// `>` block.
    Folded,
}

/// A scalar: its value (quotes and escapes resolved, block scalars folded) and style.
#[derive(Clone, Debug, PartialEq)]
pub struct Scalar {
    pub value: String,
    pub style: ScalarStyle,
}

impl Scalar {
    /// What the scalar means to Hiera (YAML 1.1 as Ruby's Psych reads it): quoted and
    /// block scalars, and scalars with a tag other than a core one, are strings.
    pub fn resolve(&self) -> Plain {
        match self.style {
            ScalarStyle::Plain => Plain::of(&self.value),
            _ => Plain::Str,
        }
    }
}

/// One `key: value` pair of a mapping.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub key: Node,
    pub value: Node,
}

/// What a node is.
#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    Scalar(Scalar),
    Seq(Vec<Node>),
    /// The entries in source order (duplicates kept).
    Map(Vec<Entry>),
    /// `*name`: refers to the node anchored as `name`.
    Alias(String),
}

/// A node of the tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub kind: NodeKind,
    /// From the node's properties (anchor, tag) to its end; a block collection ends with
    /// its last entry.
    pub span: Span,
    /// `&name` before the node.
    pub anchor: Option<String>,
    /// The tag, as written (`!!str`, `!foo`), when there is one.
    pub tag: Option<String>,
}

impl Node {
    /// The scalar, if the node is one.
    pub fn as_scalar(&self) -> Option<&Scalar> {
        match &self.kind {
            NodeKind::Scalar(s) => Some(s),
            _ => None,
        }
    }

    /// The text of a scalar node, whatever its style.
    pub fn as_str(&self) -> Option<&str> {
        self.as_scalar().map(|s| s.value.as_str())
    }

    /// The text of a scalar that is a string to Hiera (quoted, a block, or a plain scalar
    /// that is not a number, boolean or null).
    pub fn as_string(&self) -> Option<&str> {
        let s = self.as_scalar()?;
        (self.tag.as_deref() == Some("!!str") || s.resolve() == Plain::Str)
            .then_some(s.value.as_str())
    }

    /// The entries, if the node is a mapping.
    pub fn as_map(&self) -> Option<&[Entry]> {
        match &self.kind {
            NodeKind::Map(m) => Some(m),
            _ => None,
        }
    }

    /// The items, if the node is a sequence.
    pub fn as_seq(&self) -> Option<&[Node]> {
        match &self.kind {
            NodeKind::Seq(s) => Some(s),
            _ => None,
        }
    }

    /// The entry whose key is the scalar `key` (the last one, as YAML loaders keep).
    pub fn entry(&self, key: &str) -> Option<&Entry> {
        self.as_map()?
            .iter()
            .rev()
            .find(|e| e.key.as_str() == Some(key))
    }

    /// The value of the entry whose key is `key`.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.entry(key).map(|e| &e.value)
    }

    /// An empty plain scalar, `~` or `null`.
    pub fn is_null(&self) -> bool {
        self.tag.is_none() && self.as_scalar().is_some_and(|s| s.resolve() == Plain::Null)
    }

    /// A short name of the node's kind for messages: `a string`, `a mapping`, ...
    pub fn describe(&self) -> &'static str {
        match &self.kind {
            NodeKind::Scalar(s) => match s.resolve() {
                Plain::Null => "null",
                Plain::Bool(_) => "a boolean",
                Plain::Int(_) => "an integer",
                Plain::Float(_) => "a float",
                Plain::Str => "a string",
            },
            NodeKind::Seq(_) => "a sequence",
            NodeKind::Map(_) => "a mapping",
            NodeKind::Alias(_) => "an alias",
        }
    }

    /// Calls `f` on this node and every node below it (keys included), depth first, in
    /// source order.
    pub fn walk<'a>(&'a self, f: &mut impl FnMut(&'a Node)) {
        f(self);
        match &self.kind {
            NodeKind::Seq(items) => items.iter().for_each(|n| n.walk(f)),
            NodeKind::Map(entries) => entries.iter().for_each(|e| {
                e.key.walk(f);
                e.value.walk(f);
            }),
            NodeKind::Scalar(_) | NodeKind::Alias(_) => {}
        }
    }
}
