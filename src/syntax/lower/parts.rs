//! Lowering a big manifest a part at a time. Tree-sitter's concrete tree takes 8 to 30
//! bytes per byte of source, more than the AST lowered from it, and the whole tree must
//! exist before its first node is lowered. A big file is therefore cut where a top-level
//! statement surely begins; each part is parsed as an included range of the whole text
//! (every position stays the file's), lowered, and its tree dropped before the next part
//! is parsed. The parts' statements, comments, errors and tokens, joined, are the whole
//! file's.
//!
//! A cut is made only before a line that starts, at column 0, a definition (`class x`,
//! `define x`, `node`, `function`, `plan`) or a resource (`file {`), right after a line
//! holding a lone `}`: no expression of the grammar continues a `}` with a word, so the
//! `}` ends the statement before and the word begins the next. A part that parses with an
//! error, whose first statement does not start at its cut, or whose last statement does
//! not end at that `}` (the cut was inside a string, comment or heredoc) makes the file
//! parsed whole instead: errors and recovery are always the whole file's.

use tree_sitter::{Language, Parser, Point, Range, Tree};

use super::walk;
use crate::syntax::ast::{Comment, Program, Span};
use crate::syntax::packed::Packed;
use crate::syntax::parsed::SyntaxError;

/// Files from this size are lowered a part at a time.
pub(super) const PARTS_FROM: usize = 1 << 20;
/// The least size of a part (the last one may be smaller).
pub(super) const PART: usize = 256 << 10;

/// What lowering a file gives: its program, comments, errors and, when asked, its tokens.
pub(super) type Lowered = (Program, Vec<Comment>, Vec<SyntaxError>, Option<Vec<Packed>>);

/// A place where the file is cut: just after the lone `}` that ends the statement before
/// (`brace_end`), and the start of the line that begins the next (`next`, a line start
/// at `row`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cut {
    brace_end: usize,
    next: usize,
    row: usize,
}

/// Lowers `source` a part of at least `part` bytes at a time, parsing `text` (the source,
/// or the same bytes with NULs replaced: see `tree_of`) with `language`; `None` when the
/// file has no cut, or a part does not parse cleanly on its own (see the module
/// documentation): then the file is to be parsed whole.
pub(super) fn lower_in_parts(
    source: &str,
    text: &str,
    language: &Language,
    packing: bool,
    part: usize,
) -> Option<Lowered> {
    let cuts = cuts(source, part);
    if cuts.is_empty() {
        return None;
    }
    let mut parser = Parser::new();
    parser.set_language(language).ok()?;
    let mut body = Vec::new();
    let mut comments = Vec::new();
    let mut errors = Vec::new();
    let mut packed = packing.then(Vec::new);
    let (mut start, mut point) = (0, Point::new(0, 0));
    for i in 0..=cuts.len() {
        let (end, end_point, brace_end) = match cuts.get(i) {
            Some(c) => (c.next, Point::new(c.row, 0), Some(c.brace_end)),
            None => (source.len(), end_point(source, point, start), None),
        };
        let range = Range {
            start_byte: start,
            end_byte: end,
            start_point: point,
            end_point,
        };
        parser.set_included_ranges(&[range]).ok()?;
        let tree = parser.parse(text, None)?;
        if !clean_part(&tree, start, brace_end) || unclosed_division(&tree, text, start, end) {
            return None;
        }
        let (p, c, e, k) = walk::lower_tree_packing(&tree, source, packing);
        drop(tree);
        body.extend(p.body);
        comments.extend(c);
        errors.extend(e);
        if let (Some(all), Some(k)) = (&mut packed, k) {
            all.extend(k);
        }
        (start, point) = (end, end_point);
    }
    // Grown part by part, by doubling: kept at their sizes.
    body.shrink_to_fit();
    comments.shrink_to_fit();
    if let Some(all) = &mut packed {
        all.shrink_to_fit();
    }
    let program = Program {
        body,
        span: Span::new(0, source.len()),
    };
    Some((program, comments, errors, packed))
}

/// Whether the tree of the part from `start` parsed without an error, its first statement
/// starting at `start` and its last one ending at `brace_end` (when another part follows).
fn clean_part(tree: &Tree, start: usize, brace_end: Option<usize>) -> bool {
    let root = tree.root_node();
    if root.has_error() {
        return false;
    }
    let mut cursor = root.walk();
    let statements: Vec<_> = root
        .children(&mut cursor)
        .filter(|n| !n.is_extra())
        .collect();
    let starts = start == 0 || statements.first().is_some_and(|n| n.start_byte() == start);
    let ends = brace_end.is_none_or(|e| statements.last().is_some_and(|n| n.end_byte() == e));
    starts && ends
}

/// Whether the tree of the part from `start` to `end` has a division `/` with no `/`
/// after it in the part. The lexer reads a `/` where a regex may start as a regex up to
/// the next `/`, anywhere, and as a division when none follows: the whole file may have
/// that `/` past the part's end. Only the part's last `/` not right after a `\` can be
/// such a division: a regex read from an earlier `/` reaches it (the lexer skips only the
/// character after a `\`), and no token of clean code ends in `\` just before a `/`.
fn unclosed_division(tree: &Tree, text: &str, start: usize, end: usize) -> bool {
    let part = text.as_bytes().get(start..end).unwrap_or_default();
    let last = (0..part.len())
        .rev()
        .find(|&i| part.get(i) == Some(&b'/') && (i == 0 || part.get(i - 1) != Some(&b'\\')));
    let Some(at) = last.map(|i| start + i) else {
        return false;
    };
    tree.root_node()
        .descendant_for_byte_range(at, at + 1)
        .is_some_and(|n| {
            !n.is_named() && n.kind() == "/" && n.start_byte() == at && !closes(text, at + 1, end)
        })
}

/// Whether the lexer, reading a regex from `from` (just after its opening `/`), finds its
/// closing `/` before `end`: a backslash escapes the character after it.
fn closes(text: &str, from: usize, end: usize) -> bool {
    let bytes = text.as_bytes().get(from..end).unwrap_or_default();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' => i += 2,
            b'/' => return true,
            _ => i += 1,
        }
    }
    false
}

/// The row and column of the end of `source`, counting from `from` (at `point`).
fn end_point(source: &str, point: Point, from: usize) -> Point {
    let rest = source.get(from..).unwrap_or("");
    match rest.rfind('\n') {
        Some(i) => Point::new(point.row + rest.matches('\n').count(), rest.len() - i - 1),
        None => Point::new(point.row, point.column + rest.len()),
    }
}

/// Where to cut `source` into parts of at least `part` bytes (see the module
/// documentation), in order.
fn cuts(source: &str, part: usize) -> Vec<Cut> {
    let mut cuts = Vec::new();
    let mut last = 0;
    // The end of the previous non-blank line's `}`, when that line is a lone `}`.
    let mut brace: Option<usize> = None;
    let mut at = 0;
    for (row, line) in source.split_inclusive('\n').enumerate() {
        let body = line.trim_end();
        if !body.is_empty() {
            if let Some(brace_end) = brace.filter(|_| at - last >= part && starts_statement(body)) {
                cuts.push(Cut {
                    brace_end,
                    next: at,
                    row,
                });
                last = at;
            }
            brace = (body == "}").then_some(at + 1);
        }
        at += line.len();
    }
    cuts
}

/// Puppet's keywords: none of them names a resource type.
const KEYWORDS: &[&str] = &[
    "and",
    "application",
    "attr",
    "case",
    "class",
    "component",
    "consumes",
    "default",
    "define",
    "else",
    "elsif",
    "environment",
    "false",
    "function",
    "if",
    "import",
    "in",
    "inherits",
    "node",
    "or",
    "private",
    "produces",
    "plan",
    "site",
    "true",
    "type",
    "undef",
    "unit",
    "unless",
];

/// Whether `line` (not blank, without its line end) starts, at column 0, a definition
/// (`class x`, `define x`, `node x`, `function x`, `plan x`) or a resource (`file {`).
fn starts_statement(line: &str) -> bool {
    if !line.starts_with(|c: char| c.is_ascii_lowercase()) {
        return false;
    }
    let word_end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(line.len());
    let (word, rest) = line.split_at(word_end);
    match word {
        "class" | "define" | "node" | "function" | "plan" => {
            let name = rest.trim_start_matches(' ');
            name.len() < rest.len()
                && name.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '\'' || c == '"')
        }
        _ => !KEYWORDS.contains(&word) && rest.trim_start_matches(' ').starts_with('{'),
    }
}

#[cfg(test)]
mod tests;
