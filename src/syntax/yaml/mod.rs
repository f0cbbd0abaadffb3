//! The YAML front end: parses a YAML stream into a tree of [`Node`]s that keep their byte
//! [`Span`]s, for the rules on Hiera (and other YAML) files.
//!
//! Built on the `saphyr-parser` crate's event parser (a YAML 1.2 parser that passes the
//! YAML test suite and gives every event its position); the tree is built here
//! ([`mod@build`]), which is where duplicate keys are found, since a loader that returns
//! maps would have dropped them. Scalars keep their text and style; what a plain scalar
//! means is resolved by [`Scalar::resolve`] as Ruby's Psych (YAML 1.1), which Hiera uses,
//! resolves it. Tabs in indentation are found by [`mod@tabs`], comments (for `# lint:ignore:`
//! directives) by [`mod@comments`].
//!
//! Entry point: [`parse`]. Everything is positioned: [`YamlFile::line_index`] turns byte
//! offsets into lines and columns.

pub mod build;
pub mod comments;
pub mod node;
pub mod scalar;
pub mod tabs;

pub use node::{Entry, Node, NodeKind, Scalar, ScalarStyle};
pub use scalar::Plain;

use super::ast::{Comment, Span};
use super::source_map::LineIndex;

/// A syntax error: where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YamlError {
    pub span: Span,
    pub message: String,
    /// The parser stopped at a tab in indentation.
    pub tab: bool,
}

/// A key that appears twice in one mapping: the later `key` (its text, and where) and
/// where the first one is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuplicateKey {
    pub key: String,
    pub span: Span,
    pub first: Span,
}

/// A parsed YAML file. Always produced: `error` says why the stream stopped parsing, and
/// `documents` holds the documents complete before it.
#[derive(Debug, Default)]
pub struct YamlFile {
    pub source: String,
    /// The documents of the stream, in order (their partial trees are dropped on error).
    pub documents: Vec<Node>,
    /// The first syntax error (the parser stops there).
    pub error: Option<YamlError>,
    /// Keys repeated within a mapping, in source order.
    pub duplicate_keys: Vec<DuplicateKey>,
    /// Tabs in the indentation of a line, outside block scalars' content (one per line).
    pub tabs: Vec<Span>,
    /// The comments, in order (see [`mod@comments`]).
    pub comments: Vec<Comment>,
    pub line_index: LineIndex,
}

impl YamlFile {
    /// The first document's root node, if the stream has one.
    pub fn root(&self) -> Option<&Node> {
        self.documents.first()
    }

    /// The text of `span`.
    pub fn text(&self, span: Span) -> &str {
        self.source.get(span.start()..span.end()).unwrap_or("")
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        self.line_index.line_col(&self.source, offset)
    }
}

/// Parses YAML text (a stream of one or more documents).
pub fn parse(source: &str) -> YamlFile {
    let (documents, error, duplicate_keys) = build::build(source);
    YamlFile {
        source: source.to_string(),
        tabs: tabs::indentation_tabs(source, &documents, error.as_ref()),
        comments: comments::comments(source, &documents),
        documents,
        error,
        duplicate_keys,
        line_index: LineIndex::new(source),
    }
}

/// Parses raw file bytes: a file that is not UTF-8 is a syntax error at the first bad byte.
pub fn parse_bytes(bytes: &[u8]) -> YamlFile {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => {
            let at = e.valid_up_to();
            let source = String::from_utf8_lossy(bytes).into_owned();
            YamlFile {
                error: Some(YamlError {
                    span: Span::new(at, at + char::REPLACEMENT_CHARACTER.len_utf8()),
                    message: "the file is not valid UTF-8".to_string(),
                    tab: false,
                }),
                line_index: LineIndex::new(&source),
                source,
                ..YamlFile::default()
            }
        }
    }
}

#[cfg(test)]
mod tests;
