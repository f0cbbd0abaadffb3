//! Lowering: parse with rein's tree-sitter grammar and turn the concrete tree into the
//! typed AST (`ast.rs`) in one walk, applying Puppet's post-parse transforms (statement
//! calls, titleless resource bodies, the `${name}` rule, nested class names, type alias
//! rewrites) and its lexical checks (numbers, escapes, heredoc openings).
//!
//! Entry points: [`parse_bytes`] (input checks: byte order marks, invalid UTF-8) and
//! [`parse_str`].

mod catalog;
mod children;
pub mod epp;
mod kinds;
mod nodes;
mod parts;
mod prepass;
mod string_run;
mod text;
mod walk;

use super::ast::*;
use super::parsed::{ParsedFile, Severity, SyntaxError};
use super::source_map::LineIndex;

pub use walk::MAX_DEPTH;

/// Byte order marks Puppet rejects, longest first where they share a prefix.
const BOMS: &[(&str, &[u8])] = &[
    ("UTF-8", &[0xEF, 0xBB, 0xBF]),
    ("UTF-32BE", &[0x00, 0x00, 0xFE, 0xFF]),
    ("UTF-32LE", &[0xFF, 0xFE, 0x00, 0x00]),
    ("UTF-16BE", &[0xFE, 0xFF]),
    ("UTF-16LE", &[0xFF, 0xFE]),
    ("UTF-1", &[0xF7, 0x64, 0x4C]),
    ("UTF-EBCDIC", &[0xDD, 0x73, 0x66, 0x73]),
    ("SCSU", &[0x0E, 0xFE, 0xFF]),
    ("BOCU", &[0xFB, 0xEE, 0x28]),
    ("GB-18030", &[0x84, 0x31, 0x95, 0x33]),
];

/// Parse raw file bytes: a byte order mark or invalid UTF-8 gives an error (and an
/// empty program); otherwise the text is parsed.
pub fn parse_bytes(bytes: &[u8]) -> ParsedFile {
    parse_bytes_with(bytes, &super::grammar::language())
}

/// [`parse_bytes`] for an EPP template.
pub fn parse_epp_bytes(bytes: &[u8]) -> ParsedFile {
    parse_bytes_with(bytes, &super::grammar::epp_language())
}

fn parse_bytes_with(bytes: &[u8], language: &tree_sitter::Language) -> ParsedFile {
    for (name, bom) in BOMS {
        if bytes.starts_with(bom) {
            let hex: Vec<String> = bom.iter().map(|b| format!("{b:X}")).collect();
            let message = format!(
                "Illegal {name} Byte Order mark at beginning of input: [{}] - remove these from the puppet source",
                hex.join(" ")
            );
            return empty_file(
                String::from_utf8_lossy(bytes).into_owned(),
                SyntaxError {
                    span: Span::new(0, 0),
                    message,
                    severity: Severity::Error,
                },
            );
        }
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => parse_with(s, language),
        Err(e) => {
            let at = e.valid_up_to();
            // The source is the lossy text: the bad byte is a replacement character there
            // (at the same offset: everything before it is valid).
            empty_file(
                String::from_utf8_lossy(bytes).into_owned(),
                SyntaxError {
                    span: Span::new(at, at + char::REPLACEMENT_CHARACTER.len_utf8()),
                    message: "invalid byte sequence in UTF-8".to_string(),
                    severity: Severity::Error,
                },
            )
        }
    }
}

fn empty_file(source: String, error: SyntaxError) -> ParsedFile {
    ParsedFile {
        program: Program {
            body: Vec::new(),
            span: Span::new(0, source.len()),
        },
        comments: Vec::new(),
        errors: vec![error],
        line_index: LineIndex::new(&source),
        source,
        tree: None,
        packed: None,
    }
}

/// The concrete tree of `source`, from a parser made for this call (measured: making one
/// per file costs about 1% of `rein dump` and `rein check` on real code, so none is kept
/// between calls).
fn parse_tree(source: &str, language: &tree_sitter::Language) -> Option<tree_sitter::Tree> {
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(language).ok()?;
    parser.parse(source, None)
}

/// Parse Puppet source text into a [`ParsedFile`]. Text starting with U+FEFF (a UTF-8
/// byte order mark) is rejected as [`parse_bytes`] does.
pub fn parse_str(source: &str) -> ParsedFile {
    parse_with(source, &super::grammar::language())
}

fn parse_with(source: &str, language: &tree_sitter::Language) -> ParsedFile {
    if source.starts_with('\u{FEFF}') {
        return parse_bytes_with(source.as_bytes(), language);
    }
    let Some(tree) = tree_of(source, language) else {
        return no_tree(source.to_string());
    };
    let (program, comments, mut errors) = walk::lower_tree(&tree, source);
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    ParsedFile {
        source: source.to_string(),
        program,
        comments,
        errors,
        line_index: LineIndex::new(source),
        tree: Some(tree),
        packed: None,
    }
}

/// [`parse_str`] for code that reads the AST only (the formatter): the text is moved in,
/// not copied, and the concrete tree is dropped as soon as it is lowered.
pub fn parse_string_ast_only(source: String) -> ParsedFile {
    if source.starts_with('\u{FEFF}') {
        let mut parsed = parse_bytes_with(source.as_bytes(), &super::grammar::language());
        parsed.tree = None;
        return parsed;
    }
    parse_owned(source, Keep::Nothing)
}

/// [`parse_bytes`] for a run that keeps the packed tokens, not the concrete tree (as
/// [`ParsedFile::drop_tree`] leaves it): the bytes are moved in (not copied when they are
/// text), and the tree is packed and dropped as soon as it is lowered. Gives the bytes
/// back when they are not the parsed source (a byte order mark, invalid UTF-8).
pub fn parse_bytes_packed(bytes: Vec<u8>) -> (ParsedFile, Option<Vec<u8>>) {
    match String::from_utf8(bytes) {
        Ok(source) if !source.starts_with('\u{FEFF}') => (parse_owned(source, Keep::Packed), None),
        other => {
            let bytes = match other {
                Ok(source) => source.into_bytes(),
                Err(e) => e.into_bytes(),
            };
            let mut parsed = parse_bytes(&bytes);
            parsed.drop_tree();
            let raw = (parsed.source.as_bytes() != bytes.as_slice()).then_some(bytes);
            (parsed, raw)
        }
    }
}

/// What a parse keeps of its concrete tree once it is lowered.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    Nothing,
    Packed,
}

/// Parses `source` (moved in; no byte order mark) and drops the concrete tree as soon as
/// it is lowered, keeping its packed tokens or nothing, before the line index is built:
/// the tree and the AST together are the peak of a big file's memory. A big file is
/// lowered a part at a time ([`parts`]): only one part's tree exists at once.
fn parse_owned(source: String, keep: Keep) -> ParsedFile {
    let packing = keep == Keep::Packed;
    let part = (source.len() >= parts::PARTS_FROM).then_some(parts::PART);
    let Some((program, comments, mut errors, packed)) = lower_owned(&source, packing, part) else {
        return no_tree(source);
    };
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    let line_index = LineIndex::new(&source);
    ParsedFile {
        source,
        program,
        comments,
        errors,
        line_index,
        tree: None,
        packed,
    }
}

/// Lowers `source` (no byte order mark) a part of at least `part` bytes at a time when it
/// can be cut (see [`parts`]), else whole; `None` when the parser gave no tree.
fn lower_owned(source: &str, packing: bool, part: Option<usize>) -> Option<parts::Lowered> {
    let text = parse_text(source);
    let language = super::grammar::language();
    if let Some(lowered) =
        part.and_then(|part| parts::lower_in_parts(source, &text, &language, packing, part))
    {
        return Some(lowered);
    }
    let tree = parse_tree(&text, &language)?;
    Some(walk::lower_tree_packing(&tree, source, packing))
}

/// [`parse_string_ast_only`] of `source` cut into parts of at least `part` bytes, whatever
/// its size; `None` when it is parsed whole (it has no cut, or a part does not parse
/// cleanly on its own). For tests and fuzzing: the result must be the whole file's parse.
pub fn parse_in_parts(source: &str, part: usize) -> Option<ParsedFile> {
    if source.starts_with('\u{FEFF}') {
        return None;
    }
    let text = parse_text(source);
    let language = super::grammar::language();
    let (program, comments, mut errors, packed) =
        parts::lower_in_parts(source, &text, &language, true, part)?;
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    Some(ParsedFile {
        source: source.to_string(),
        program,
        comments,
        errors,
        line_index: LineIndex::new(source),
        tree: None,
        packed,
    })
}

/// The text tree-sitter parses for `source`. Tree-sitter's generated lexers treat a NUL
/// byte as the end of input, so NULs (which Puppet accepts in strings and comments) are
/// parsed as U+0001, a byte that is equally invalid as code. Values are read from the
/// original text, so they keep their NULs.
fn parse_text(source: &str) -> std::borrow::Cow<'_, str> {
    if source.contains('\0') {
        std::borrow::Cow::Owned(source.replace('\0', "\u{1}"))
    } else {
        std::borrow::Cow::Borrowed(source)
    }
}

/// The concrete tree of `source` (see [`parse_text`]).
fn tree_of(source: &str, language: &tree_sitter::Language) -> Option<tree_sitter::Tree> {
    parse_tree(&parse_text(source), language)
}

/// A file the parser gave no tree for.
fn no_tree(source: String) -> ParsedFile {
    empty_file(
        source,
        SyntaxError {
            span: Span::new(0, 0),
            message: "the parser gave no tree".to_string(),
            severity: Severity::Error,
        },
    )
}

/// Parse an EPP template (a `.epp` file's text) into a [`ParsedFile`] whose program is one
/// [`ExprKind::Epp`] statement (PN `(lambda {:params ... :body [(epp ...)]})`).
pub fn parse_epp_str(source: &str) -> ParsedFile {
    parse_with(source, &super::grammar::epp_language())
}

#[cfg(test)]
mod tests;
