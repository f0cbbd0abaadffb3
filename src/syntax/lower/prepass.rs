//! The pre-pass: one iterative cursor walk over every node that collects comments,
//! heredoc openings and bodies (bodies are extras placed wherever the next newline
//! falls, so they are paired with openings by order), the tree depth, and the lexer
//! errors Puppet reports for some ERROR regions.

use tree_sitter::{Node, Tree};

use super::children::{Children, GATHERED_UP_TO};
use super::kinds::ids_for;
use super::nodes::{at, span};
use crate::syntax::ast::*;
use crate::syntax::packed::{Packed, Packer};
use crate::syntax::parsed::{Severity, SyntaxError};

pub(super) struct Pre<'t> {
    pub(super) comments: Vec<Comment>,
    /// Lexer-level errors found in the pre-pass.
    pub(super) errors: Vec<SyntaxError>,
    pub(super) suppress: Vec<(usize, usize)>,
    pub(super) openings: Vec<Node<'t>>,
    pub(super) bodies: Vec<Node<'t>>,
    pub(super) max_depth: u32,
    /// The tree's tokens, when asked for.
    pub(super) packed: Option<Vec<Packed>>,
    /// The nodes' children (for sources up to [`GATHERED_UP_TO`] bytes).
    pub(super) children: Children<'t>,
}

/// One iterative cursor walk over every node: comments, heredoc openings and bodies (in
/// document order), the depth of the tree, and its tokens packed when `packing`.
pub(super) fn prepass<'t>(tree: &'t Tree, source: &str, packing: bool) -> Pre<'t> {
    let k = &ids_for(tree).k;
    let mut pre = Pre {
        comments: Vec::new(),
        errors: Vec::new(),
        suppress: Vec::new(),
        openings: Vec::new(),
        bodies: Vec::new(),
        max_depth: 0,
        packed: None,
        children: Children::default(),
    };
    let gather = source.len() <= GATHERED_UP_TO;
    if gather {
        pre.children = Children::for_source(source.len());
    }
    let mut packer = packing.then(|| Packer::new(tree));
    let mut cursor = tree.walk();
    // `TreeCursor::depth` walks the cursor's stack, so the depth is tracked here.
    let mut depth: u32 = 0;
    let mut heredoc_checked = false;
    loop {
        let node = cursor.node();
        let id = node.kind_id();
        pre.max_depth = pre.max_depth.max(depth);
        if id == k.comment {
            let text = source.get(node.start_byte()..).unwrap_or("");
            pre.comments.push(Comment {
                kind: if text.starts_with("/*") {
                    CommentKind::Block
                } else {
                    CommentKind::Line
                },
                span: span(node),
            });
        } else if id == k.heredoc {
            pre.openings.push(node);
        } else if id == k.heredoc_body {
            pre.bodies.push(node);
        } else if node.is_error() {
            let text = source.get(node.start_byte()..node.end_byte()).unwrap_or("");
            if !heredoc_checked {
                if let Some(e) = unclosed_heredoc_opening(source, node.start_byte(), text) {
                    heredoc_checked = true;
                    pre.suppress.push((node.start_byte(), source.len()));
                    pre.errors.push(e);
                }
            }
            if let Some(e) = definition_name_error(source, node.start_byte(), text) {
                pre.suppress.push((node.start_byte(), node.end_byte()));
                pre.errors.push(e);
            }
            // `@`/`@@` before something that is not a resource expression.
            // (A name or type followed by `{` is a broken resource instead.)
            let target = text.trim_start_matches('@').trim_start();
            let resource_like =
                target.starts_with(|c: char| c.is_ascii_alphabetic()) && text.contains('{');
            if text.starts_with('@') && !text.starts_with("@(") && !resource_like {
                let message = if text.starts_with("@@") {
                    "Exported (@@) can only be applied to a Resource Expression"
                } else {
                    "Virtual (@) can only be applied to a Resource Expression"
                };
                pre.suppress.push((node.start_byte(), node.start_byte()));
                pre.errors.push(SyntaxError {
                    span: at(node.start_byte()),
                    message: message.to_string(),
                    severity: Severity::Error,
                });
            }
        }
        if gather && depth > 0 {
            let field = cursor.field_id().map_or(0, |f| f.get());
            pre.children.visit(node, field);
        }
        let descended = id != k.comment && cursor.goto_first_child();
        if let Some(p) = &mut packer {
            p.visit(node, depth, !descended);
        }
        if descended {
            if gather {
                pre.children.enter(node);
            }
            depth += 1;
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                pre.packed = packer.map(Packer::finish);
                return pre;
            }
            if gather {
                pre.children.leave();
            }
            depth = depth.saturating_sub(1);
        }
    }
}

/// An `@(` in an ERROR region that has no `)` on its line: Puppet's lexer scans to the
/// first `)` anywhere; none gives `Unclosed parenthesis after '@(' ...` at the `@(`, one on
/// a later line gives `Invalid syntax in heredoc ...` just after that `)`.
fn unclosed_heredoc_opening(source: &str, start: usize, text: &str) -> Option<SyntaxError> {
    let at_open = start + text.find("@(")?;
    let rest = source.get(at_open + 2..)?;
    let line_end = rest.find('\n').unwrap_or(rest.len());
    if rest[..line_end].contains(')') {
        return None;
    }
    let (span, message) = match rest.find(')') {
        Some(i) => (
            at(at_open + 2 + i + 1),
            "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])".to_string(),
        ),
        None => {
            let shown: String = source
                .get(at_open..)
                .unwrap_or("")
                .chars()
                .take(5)
                .map(|c| match c {
                    '\n' => "\\n".to_string(),
                    '\r' => "\\r".to_string(),
                    '\t' => "\\t".to_string(),
                    c => c.to_string(),
                })
                .collect();
            (
                // The unclosed `@(` runs to the end of the input.
                Span::new(at_open, source.trim_end().len().max(at_open + 2)),
                format!("Unclosed parenthesis after '@(' followed by '{shown}...'"),
            )
        }
    };
    Some(SyntaxError {
        span,
        message,
        severity: Severity::Error,
    })
}

/// Puppet's parse errors for bad definition names, recognised in an ERROR region:
/// `class class {}` / `define class {}` and `class 'foo' {}` / `inherits 'bar'`.
fn definition_name_error(source: &str, start: usize, text: &str) -> Option<SyntaxError> {
    let blank = |c: char| c.is_whitespace();
    let word_end = |t: &str, w: &str| {
        t.strip_prefix(w).is_some_and(|r| {
            !r.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':' || c == '-')
        })
    };
    let after = source.get(start..)?;
    let mut found = None;
    for kw in ["class", "define"] {
        if !word_end(after, kw) {
            continue;
        }
        let rest = &after[kw.len()..];
        let name = rest.trim_start_matches(blank);
        let pos = start + kw.len() + (rest.len() - name.len());
        if word_end(name, "class") {
            found = Some((pos, "'class' keyword not allowed at this location"));
        } else if kw == "class" && name.starts_with(['\'', '"']) {
            found = Some((pos, "A quoted string is not valid as a name here"));
        }
    }
    if found.is_none() {
        if let Some(i) = text.find("inherits") {
            let rest = &text[i + "inherits".len()..];
            let parent = rest.trim_start_matches(blank);
            if parent.starts_with(['\'', '"']) {
                let pos = start + i + "inherits".len() + (rest.len() - parent.len());
                found = Some((pos, "A quoted string is not valid as a name here"));
            }
        }
    }
    let (pos, message) = found?;
    Some(SyntaxError {
        span: at(pos),
        message: message.to_string(),
        severity: Severity::Error,
    })
}
