//! Syntax layer: parse a Puppet manifest with rein's tree-sitter grammar, lower the
//! concrete tree once into the typed AST (`ast`), and print the AST as Puppet's PN.
//!
//! Entry point: [`parse`]. Everything downstream (rules, formatter, evaluator) reads the
//! returned [`ParsedFile`]; nobody else touches tree-sitter.

pub mod ast;
pub mod errors;
pub mod grammar;
pub mod lower;
pub mod pn;
pub mod source_map;
pub mod strings;
pub mod suggest;
pub mod tokens;
pub mod visit;

pub use ast::*;
pub use source_map::LineIndex;

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
#[derive(Debug)]
pub struct ParsedFile {
    pub source: String,
    pub program: Program,
    /// Every comment, in source order.
    pub comments: Vec<Comment>,
    /// Errors and warnings, in source order. A file is valid when none is an `Error`.
    pub errors: Vec<SyntaxError>,
    pub line_index: LineIndex,
    /// The concrete tree, kept for [`tokens::tokens`]; private to the syntax layer.
    pub(crate) tree: Option<tree_sitter::Tree>,
}

impl ParsedFile {
    pub fn has_errors(&self) -> bool {
        self.errors.iter().any(|e| e.severity == Severity::Error)
    }
}

/// Parse raw file bytes: rejects a byte order mark and invalid UTF-8 with a positioned
/// error (the program is then empty), otherwise parses the text.
pub fn parse_bytes(bytes: &[u8]) -> ParsedFile {
    lower::parse_bytes(bytes)
}

/// Parse Puppet source text.
pub fn parse(source: &str) -> ParsedFile {
    lower::parse_str(source)
}
