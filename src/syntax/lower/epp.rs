//! Lowering of the EPP dialect (`tree-sitter-grammar/epp/`): template text decoded as
//! Puppet's EPP scanner renders it, `<%= %>` render expressions, the parameter header, and
//! the template's lexer errors (an unclosed `<%#`, a `<%` or an open tag at the end of input).
//!
//! The text rules (Puppet 7.23 `epp_support.rb`): after `-%>` the blanks, one `\r` and one
//! newline that follow are dropped; `<%-` drops the blanks before it; `<%%` is a literal
//! `<%` and `%%>` a literal `%>`; `<%# ... %>` (ending at the first `%>` not preceded by `%`)
//! is removed, `<%#-` drops the blanks before it and a comment ending in `-%>` trims like
//! `-%>`.

use tree_sitter::Node;

use super::nodes::{any_node, field, span};
use super::walk::Lowerer;
use crate::syntax::ast::*;

/// Puppet's message for a `<%#` comment that is never closed.
pub const UNBALANCED_COMMENT: &str = "Reaching end after opening <%# without seeing %>";
/// Puppet's message for a `<%` at the very end of the input.
pub const UNBALANCED_EXPRESSION: &str =
    "Unbalanced embedded expression - opening <% and reaching end of input";
/// Puppet's message for a `<%` or `<%=` tag still open at the end of input.
pub const UNBALANCED_TAG: &str = "Unbalanced epp tag, reached <eof> without closing tag.";

/// Template text as Puppet renders it. `raw` is the text between tags; `trim_leading` says
/// it follows a `-%>`, `trim_trailing` that a `<%-` follows it, `at_end` that it reaches
/// the end of input. Returns the text (`None`
/// when Puppet drops it: a text that reaches the end of input right after a `<%# %>`
/// comment or a `<%%` gives no text at all) and, for a text that runs into an unclosed
/// `<%#` or a final `<%`, the error's offset in `raw` and its message.
pub fn render_text(
    raw: &str,
    trim_leading: bool,
    trim_trailing: bool,
    at_end: bool,
) -> (Option<String>, Option<(usize, &'static str)>) {
    let mut out = String::new();
    let mut skip_leading = trim_leading;
    let mut i = 0;
    loop {
        let (part_end, opener) = match raw[i..].find("<%") {
            Some(p) => (i + p + 2, true),
            None => (raw.len(), false),
        };
        let mut part = &raw[i..part_end];
        if skip_leading {
            part = part.trim_start_matches([' ', '\t']);
            part = part.strip_prefix('\r').unwrap_or(part);
            part = part.strip_prefix('\n').unwrap_or(part);
            skip_leading = false;
        }
        out.push_str(&part.replace("%%>", "%>"));
        i = part_end;
        if !opener {
            break;
        }
        match raw[i..].chars().next() {
            None => return (Some(out), Some((i, UNBALANCED_EXPRESSION))),
            Some('%') => {
                i += 1;
                if at_end && i == raw.len() {
                    return (None, None);
                }
            }
            Some('#') => {
                out.truncate(out.len() - 2);
                let Some(len) = comment_len(&raw[i..]) else {
                    return (Some(out), Some((i, UNBALANCED_COMMENT)));
                };
                if raw[i + 1..].starts_with('-') {
                    let kept = out.trim_end_matches([' ', '\t']).len();
                    out.truncate(kept);
                }
                skip_leading = raw[..i + len].ends_with("-%>");
                i += len;
                if at_end && i == raw.len() {
                    return (None, None);
                }
            }
            // An opener ends a text token; it cannot occur inside one.
            Some(_) => {
                out.truncate(out.len() - 2);
                break;
            }
        }
    }
    if trim_trailing {
        let kept = out.trim_end_matches([' ', '\t']).len();
        out.truncate(kept);
    }
    (Some(out), None)
}

/// The length of a comment from its `#` through the first `%>` whose preceding character
/// is not `%` (the `#` itself may be that character).
fn comment_len(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    (1..bytes.len().saturating_sub(1))
        .find(|&j| bytes[j] == b'%' && bytes[j + 1] == b'>' && bytes[j - 1] != b'%')
        .map(|j| j + 2)
}

impl<'t> Lowerer<'t, '_> {
    /// A template lexer error: Puppet stops there, so the parser's errors from there to
    /// the end are left out.
    fn lexer_error(&mut self, span: Span, message: &str) {
        self.error(span, message);
        self.suppress.push((span.start(), self.src.len()));
    }

    /// An `epp_text` token: `(render-s "...")`, with Puppet's lexer error when the text
    /// runs into an unclosed `<%#` or ends with `<%`.
    pub(super) fn epp_text(&mut self, node: Node<'t>) -> ExprKind {
        let (start, end) = (node.start_byte(), node.end_byte());
        let trim_leading = self.src[..start].ends_with("-%>");
        let trim_trailing = self.src[end..].starts_with("<%-");
        let at_end = end == self.src.len();
        let (text, error) = render_text(&self.src[start..end], trim_leading, trim_trailing, at_end);
        if let Some((offset, message)) = error {
            let at = if message == UNBALANCED_EXPRESSION {
                end
            } else {
                start + offset
            };
            self.lexer_error(Span::new(at, at), message);
        }
        // Dropped text lowers to a `Nop`, which `epp_template` leaves out.
        text.map_or(ExprKind::Nop, ExprKind::RenderString)
    }

    /// `<%= E %>` / `<%= { statements } %>` (one statement stands for itself).
    pub(super) fn epp_render(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.kids(node);
        let value = field(&kids, self.ids.f.value);
        let inner = match value {
            Some(v) if v.kind_id() == self.ids.k.block => {
                let mut stmts = self.statements(v);
                if stmts.len() == 1 {
                    stmts
                        .pop()
                        .unwrap_or_else(|| Expr::new(ExprKind::Nop, span(v)))
                } else {
                    Expr::new(ExprKind::Block(stmts), span(v))
                }
            }
            other => self.opt_expr(other, node),
        };
        ExprKind::Render(Box::new(inner))
    }

    /// The whole template: the header's parameters and the body, as one `Epp` statement.
    pub(super) fn epp_template(&mut self, root: Node<'t>) -> Expr {
        let kids = self.kids(root);
        let params = field(&kids, self.ids.f.parameters).map(|p| self.parameters(p));
        let mut body = self.statements(root);
        body.retain(|e| !matches!(e.kind, ExprKind::Nop));
        if let Some(at) = open_tag_at_end(root, self.src) {
            self.lexer_error(Span::new(at, at), UNBALANCED_TAG);
            // A `%>` the parser found missing at the end is this same error, and so is an
            // error at the last token (Puppet's lexer fails before the parser sees the end);
            // unless a token follows the missing `%>`: Puppet stops at that token first.
            let mut token_after_missing = None;
            for pos in missing_closers(root) {
                let rest = &self.src[pos..];
                if rest.trim().is_empty() {
                    self.suppress.push((pos, pos));
                } else {
                    token_after_missing = Some(pos + rest.len() - rest.trim_start().len());
                }
            }
            if let Some(last) = last_token(root).filter(|&l| Some(l) != token_after_missing) {
                self.suppress.push((last, self.src.len()));
            }
        }
        Expr::new(
            ExprKind::Epp(Box::new(EppTemplate {
                params,
                body,
                span: span(root),
            })),
            span(root),
        )
    }
}

/// Where the input ends inside `<% ... ` or `<%= ...` (no closing tag): the end offset.
/// The input ends in text when its last text token reaches the end, when it is empty, or
/// when it ends with a closing `%>` that is code (not inside a comment or string).
fn open_tag_at_end(root: Node, src: &str) -> Option<usize> {
    let end = src.len();
    if end == 0 {
        return None;
    }
    let last = root.descendant_for_byte_range(end - 1, end);
    if last.is_some_and(|n| n.kind() == "epp_text") {
        return None;
    }
    if src.ends_with("%>") {
        let inside = root
            .descendant_for_byte_range(end - 2, end)
            .is_some_and(|n| n.kind() == "comment" || n.kind().contains("string"));
        if !inside {
            return None;
        }
    }
    // Text before the first tag reaches the end only in a template without tags.
    if !src.contains("<%") {
        return None;
    }
    Some(end)
}

/// Where the parser inserted a missing `%>` (error recovery), in an iterative walk.
fn missing_closers(root: Node) -> Vec<usize> {
    let mut out = Vec::new();
    any_node(root, |node| {
        if node.is_missing() && node.kind() == "%>" {
            out.push(node.start_byte());
        }
        false
    });
    out
}

/// The start of the last token of the tree that has text (not inserted by recovery).
fn last_token(root: Node) -> Option<usize> {
    let mut node = root;
    loop {
        let count = node.child_count();
        let child = (0..count)
            .rev()
            .filter_map(|i| node.child(i))
            .find(|c| !c.is_missing() && c.end_byte() > c.start_byte());
        match child {
            Some(c) => node = c,
            None => return (node.id() != root.id()).then(|| node.start_byte()),
        }
    }
}
