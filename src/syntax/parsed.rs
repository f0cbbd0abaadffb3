//! What parsing gives: the file with its AST, comments and syntax errors
//! ([`ParsedFile`]), and the errors' severities.

use super::ast::{Comment, Program, Span};
use super::packed::{pack, Packed};
use super::source_map::LineIndex;

/// How bad a syntax finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// A syntax error or warning found while parsing or lowering (lexical errors such as
/// `Not a valid octal number 0789`, unclosed strings, missing braces, unrecognised escapes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub span: Span,
    pub message: String,
    pub severity: Severity,
}

/// The result of parsing one file. Always produced, even for broken input: `errors` then
/// says what is wrong, and `program` holds what could be lowered.
#[derive(Clone, Debug)]
pub struct ParsedFile {
    pub source: String,
    pub program: Program,
    /// Every comment, in source order.
    pub comments: Vec<Comment>,
    /// Errors and warnings, in source order. A file is valid when none is an `Error`.
    pub errors: Vec<SyntaxError>,
    pub line_index: LineIndex,
    /// The concrete tree, kept for [`crate::syntax::tokens::tokens`]; private to the syntax layer.
    pub(crate) tree: Option<tree_sitter::Tree>,
    /// The tokens, packed, once the tree was dropped ([`ParsedFile::drop_tree`]).
    pub(crate) packed: Option<Vec<Packed>>,
}

impl ParsedFile {
    /// Drops the concrete tree (most of the memory of a parse: a run that holds the parses
    /// of many files at once calls this), keeping its tokens packed: everything else
    /// reads the AST.
    pub fn drop_tree(&mut self) {
        if let Some(tree) = self.tree.take() {
            self.packed = Some(pack(&tree));
        }
    }

    /// Drops the concrete tree without keeping the tokens, for code that reads the AST
    /// only (the formatter): [`crate::syntax::tokens::tokens`] gives none afterwards.
    pub fn forget_tree(&mut self) {
        self.tree = None;
    }

    pub fn has_errors(&self) -> bool {
        self.errors.iter().any(|e| e.severity == Severity::Error)
    }

    /// The first error (not warning), with its 1-based line and column.
    pub fn first_error(&self) -> Option<(usize, usize, &SyntaxError)> {
        let e = self.errors.iter().find(|e| e.severity == Severity::Error)?;
        let (line, column) = self.line_index.line_col(&self.source, e.span.start());
        Some((line, column, e))
    }
}
