//! Syntax errors from tree-sitter's error recovery.
//!
//! Tree-sitter never stops at the first error: it wraps what it could not parse in `ERROR`
//! nodes and inserts zero-width `MISSING` tokens where one token was enough to go on. This
//! module turns each such region into one message a person understands ("expected `}` to
//! close the class body opened at 3:12", "unclosed string starting at 4:9", "unexpected
//! `=>`", "missing `:` after the resource title"). The words "ERROR" and "MISSING" are never
//! shown. Lexical errors of well-formed tokens (bad numbers, heredoc tags, escapes) are
//! reported by the lowering, not here.
//!
//! [`collect`] walks the tree. The messages are built on a `Ctx` (`context`: the source,
//! its line index and constant-time tree navigation, `nav`): for `MISSING` tokens in
//! `missing`, for `ERROR` regions in `region` (which replays the parser's states,
//! `states`, over the region's tokens, `leaves`), with the hints for brackets (`brackets`),
//! resource titles and attributes (`resources`) and unterminated strings and comments
//! (`unterminated`), worded by `wording`. [`drop_cascades`] then drops the errors that
//! only follow from an earlier one (`cascades`).

mod brackets;
mod cascades;
mod context;
mod leaves;
mod missing;
mod nav;
mod region;
mod resources;
mod states;
mod unterminated;
mod wording;

use tree_sitter::Tree;

use super::parsed::SyntaxError;
use super::source_map::LineIndex;
use context::Ctx;
use nav::Nav;

pub use cascades::drop_cascades;

/// Turns every `ERROR` and `MISSING` node of `tree` (parsed from `source`) into a
/// [`SyntaxError`], one per region, sorted by position.
pub fn collect(tree: &Tree, source: &str) -> Vec<SyntaxError> {
    let root = tree.root_node();
    if !root.has_error() {
        return Vec::new();
    }
    let ctx = Ctx {
        source,
        index: LineIndex::new(source),
        nav: Nav::new(root),
    };
    let mut found: Vec<SyntaxError> = Vec::new();
    let mut cursor = root.walk();
    'walk: loop {
        let node = cursor.node();
        let mut descend = node.has_error();
        if node.is_error() {
            found.extend(ctx.error_region(node));
            descend = false;
        } else if node.is_missing() {
            found.push(ctx.missing_token(node));
            descend = false;
        }
        if descend && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    found.sort_by(|a, b| {
        (a.span.start, a.span.end, &a.message).cmp(&(b.span.start, b.span.end, &b.message))
    });
    found.dedup_by(|a, b| a.span.start == b.span.start && a.message == b.message);
    drop_cascades(source, &ctx.index, found)
}
