//! What every message builder works on: the source, its line index and the tree's
//! navigation links, with the texts and positions that messages quote.

use tree_sitter::Node;

use super::nav::Nav;
use crate::syntax::ast::Span;
use crate::syntax::parsed::{Severity, SyntaxError};
use crate::syntax::source_map::LineIndex;

/// What the message builders read: the source, its line index, the tree's links.
pub(super) struct Ctx<'s, 't> {
    pub(super) source: &'s str,
    pub(super) index: LineIndex,
    pub(super) nav: Nav<'t>,
}

impl<'s, 't> Ctx<'s, 't> {
    pub(super) fn error(&self, start: usize, end: usize, message: String) -> SyntaxError {
        SyntaxError {
            span: Span::new(start, end.max(start)),
            message,
            severity: Severity::Error,
        }
    }

    pub(super) fn text(&self, start: usize, end: usize) -> &'s str {
        self.source.get(start..end).unwrap_or("")
    }

    pub(super) fn node_text(&self, node: Node) -> &'s str {
        self.text(node.start_byte(), node.end_byte())
    }

    /// `line:column` (1-based, columns in characters) of a byte offset.
    pub(super) fn pos(&self, offset: usize) -> String {
        let (line, col) = self.index.line_col(self.source, offset);
        format!("{line}:{col}")
    }

    /// End of the last non-blank, non-comment character of the source.
    pub(super) fn meaningful_end(&self) -> usize {
        self.source.trim_end().len()
    }
}
