//! Syntax layer: parse a Puppet manifest with rein's tree-sitter grammar, lower the
//! concrete tree once into the typed AST (`ast`), and print the AST as Puppet's PN.
//!
//! Entry point: [`parse`]. Everything downstream (rules, formatter, evaluator) reads the
//! returned [`ParsedFile`]; nobody else touches tree-sitter.

pub mod ast;
pub mod checkers;
pub mod epp;
pub mod errors;
pub mod grammar;
pub mod lower;
mod packed;
mod parsed;
pub mod pn;
pub mod source_map;
pub mod strings;
pub mod suggest;
pub mod tokens;
pub mod unfurl;
pub mod visit;
pub mod yaml;

pub use ast::*;
pub use parsed::{ParsedFile, Severity, SyntaxError};
pub use source_map::LineIndex;

/// Parse raw file bytes: rejects a byte order mark and invalid UTF-8 with a positioned
/// error (the program is then empty), otherwise parses the text.
pub fn parse_bytes(bytes: &[u8]) -> ParsedFile {
    lower::parse_bytes(bytes)
}

/// Parse the bytes of the file `path`: an EPP template when its name ends in `.epp`
/// ([`epp::parse_bytes`]), a manifest otherwise.
pub fn parse_file_bytes(path: &std::path::Path, bytes: &[u8]) -> ParsedFile {
    if epp::is_template_path(path) {
        epp::parse_bytes(bytes)
    } else {
        lower::parse_bytes(bytes)
    }
}

/// Parse Puppet source text.
pub fn parse(source: &str) -> ParsedFile {
    lower::parse_str(source)
}

/// Parse a manifest's bytes keeping its packed tokens, not its concrete tree; the bytes
/// come back when they are not the source ([`lower::parse_bytes_packed`]).
pub fn parse_bytes_packed(bytes: Vec<u8>) -> (ParsedFile, Option<Vec<u8>>) {
    lower::parse_bytes_packed(bytes)
}

/// Parse Puppet source text for code that reads the AST only: no concrete tree is kept
/// (the tokens are unavailable), and the text is moved in.
pub fn parse_ast_only(source: String) -> ParsedFile {
    lower::parse_string_ast_only(source)
}

/// The parse of `source` cut into parts of at least `part` bytes whatever its size, as big
/// files are parsed; `None` when it is parsed whole ([`lower::parse_in_parts`]). For tests
/// and fuzzing: it must equal the whole file's parse.
pub fn parse_in_parts(source: &str, part: usize) -> Option<ParsedFile> {
    lower::parse_in_parts(source, part)
}
