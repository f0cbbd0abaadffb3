//! Messages for the tokens tree-sitter inserted as `MISSING`: an unclosed bracket, string
//! or heredoc, a missing `:` or `=>`, an expected expression, an EPP `<%=` without `%>`.

use tree_sitter::Node;

use super::brackets::{container_name, find_opener_before, opener_of};
use super::context::Ctx;
use super::wording::{describe_kind, shorten};
use crate::syntax::parsed::SyntaxError;

impl<'s, 't> Ctx<'s, 't> {
    pub(super) fn missing_token(&self, node: Node) -> SyntaxError {
        let at = node.start_byte();
        let kind = node.kind();
        let parent = self.nav.parent(node);
        let parent_kind = parent.map(|p| p.kind()).unwrap_or("");
        let message = if let Some(open) = opener_of(kind) {
            match parent.and_then(|p| find_opener_before(p, at, open)) {
                Some(opener) => {
                    let what =
                        container_name(&self.nav, opener).unwrap_or_else(|| format!("`{open}`"));
                    format!(
                        "expected `{kind}` to close the {what} opened at {}",
                        self.pos(opener.start_byte())
                    )
                }
                None => format!("expected `{kind}`"),
            }
        } else if kind == "\"" || kind == "'" {
            // Reported just after the opening quote, as Puppet does.
            let start = parent.map(|p| p.start_byte()).unwrap_or(at);
            return self.error(
                start + 1,
                at.max(start + 1),
                format!("unclosed string starting at {}", self.pos(start)),
            );
        } else if kind == "heredoc_end" {
            // Reported where the body starts, at the start of the line after the opening.
            let mut start = parent.map(|p| p.start_byte()).unwrap_or(at);
            if self.text(start, start + 1) == "\n" {
                start += 1;
            }
            let tag = self.heredoc_tag_before(start);
            let message = match tag {
                Some(tag) if !tag.is_empty() => {
                    format!("heredoc without end tag: no line ends with `{tag}`")
                }
                _ => "heredoc without end tag".to_string(),
            };
            return self.error(start, start, message);
        } else if kind == "%>" {
            // An EPP `<%= ...` without its closer: reported at the token that follows, which
            // Puppet finds unexpected there.
            let rest = self.source.get(at..).unwrap_or("");
            let next = at + (rest.len() - rest.trim_start().len());
            let open = parent.map(|p| p.start_byte()).unwrap_or(at);
            return self.error(
                next,
                next,
                format!(
                    "expected `%>` to close the `<%=` tag opened at {}",
                    self.pos(open)
                ),
            );
        } else if kind == ":" && parent_kind.starts_with("resource") {
            "missing `:` after the resource title".to_string()
        } else if kind == "=>" && (parent_kind == "attribute" || parent_kind == "pair") {
            let name = parent
                .and_then(|p| p.child(0))
                .map(|n| self.node_text(n))
                .unwrap_or("");
            if name.is_empty() {
                "missing `=>`".to_string()
            } else {
                format!("missing `=>` after `{}`", shorten(name))
            }
        } else if node.is_named()
            && is_expression_start(kind)
            && self
                .nav
                .prev_sibling(node)
                .is_some_and(|p| self.node_text(self.nav.last_leaf(p)) == ";")
            && self.only_closers_follow(at)
        {
            let semi = self
                .nav
                .prev_sibling(node)
                .map(|p| p.start_byte())
                .unwrap_or(at);
            return self.trailing_semicolon(semi);
        } else if node.is_named() {
            let what = if is_expression_start(kind) {
                "an expression".to_string()
            } else {
                describe_kind(kind)
            };
            match self
                .nav
                .prev_sibling(node)
                .map(|p| self.node_text(self.nav.last_leaf(p)))
            {
                Some(prev) if !prev.is_empty() => {
                    format!("expected {what} after `{}`", shorten(prev))
                }
                _ => format!("expected {what}"),
            }
        } else {
            format!("missing `{kind}`")
        };
        self.error(at, at, message)
    }
}

/// Kinds of the primary expressions tree-sitter may insert as missing.
fn is_expression_start(kind: &str) -> bool {
    matches!(
        kind,
        "name"
            | "variable"
            | "number"
            | "word"
            | "type_reference"
            | "single_quoted_string"
            | "double_quoted_string"
            | "regex"
            | "true"
            | "false"
            | "undef"
            | "default"
    )
}
