//! Messages for the `ERROR` regions of the tree: the first token the parser could not
//! take ("unexpected `X`", with what it expected), a bracket left open at the end of the
//! input, an operator without its operand, a stray `;`, and the shapes that say more
//! (`@` before something that is not a resource, a quoted name after `class`).

use tree_sitter::Node;

use super::brackets::{container_name, innermost_unclosed};
use super::context::Ctx;
use super::leaves::{leaves, Leaf};
use super::states::{accepts_token, expected_tokens, expects_expression, first_rejected, Rejected};
use super::wording::{first_word, shorten, template_text, with_expected};
use crate::syntax::parsed::SyntaxError;

impl<'s, 't> Ctx<'s, 't> {
    /// The errors of one ERROR region: one, or two when the parser went wrong before an
    /// unterminated string or comment of the region.
    pub(super) fn error_region(&self, node: Node) -> Vec<SyntaxError> {
        let leaves = leaves(node);
        // An unlexable character, or an unterminated string or comment, shows up as a
        // childless error leaf (the lexer skipped it) whose text says what it is.
        // The unterminated token's start, and its error.
        let mut unterminated = None;
        for leaf in &leaves {
            if leaf.node.is_error() || leaf.node.is_missing() {
                let text = self.text(leaf.start, self.source.len());
                if let Some(e) = self.unterminated(leaf.start, text) {
                    unterminated = Some((leaf.start, e));
                    break;
                }
            }
        }
        if leaves.is_empty() {
            let text = self.text(node.start_byte(), self.source.len());
            unterminated = self
                .unterminated(node.start_byte(), text)
                .map(|e| (node.start_byte(), e));
        }
        let Some((token_start, unterminated)) = unterminated else {
            return vec![self.region_error(node, &leaves)];
        };
        // A quote missing earlier makes the later quotes pair up wrongly: where the parser
        // first stumbled is then the better hint, and is reported too.
        let mut out = Vec::new();
        if let Some(Rejected::Inside(i, state)) = first_rejected(&self.nav, node, &leaves) {
            if let Some(leaf) = leaves.get(i).copied() {
                if leaf.start < token_start {
                    out.push(self.unexpected(&leaves, i, leaf, state));
                }
            }
        }
        out.push(unterminated);
        out
    }

    /// The error of an ERROR region without unterminated strings or comments.
    pub(super) fn region_error(&self, node: Node, leaves: &[Leaf]) -> SyntaxError {
        let leaves = leaves.to_vec();
        // Reaching the end of the input with an opening bracket not closed.
        if node.end_byte() >= self.meaningful_end() {
            if let Some((opener, close)) = innermost_unclosed(&leaves) {
                let what = container_name(&self.nav, opener.node)
                    .or_else(|| self.keyword_context(&leaves, opener))
                    .unwrap_or_else(|| format!("`{}`", self.text(opener.start, opener.end)));
                let at = leaves.last().map(|l| l.end).unwrap_or(node.end_byte());
                return self.error(
                    at,
                    at,
                    format!(
                        "expected `{close}` to close the {what} opened at {}",
                        self.pos(opener.start)
                    ),
                );
            }
        }
        let Some(first) = leaves.first().copied() else {
            // Characters the lexer skipped: name the first word of them.
            let at = node.start_byte();
            let word = first_word(self.node_text(node));
            return if word.is_empty() {
                self.error(at, at, "unexpected end of input".to_string())
            } else {
                self.error(
                    at,
                    at + word.len(),
                    format!("unexpected `{}`", shorten(word)),
                )
            };
        };
        let first_text = self.text(first.start, first.end);
        if first_text == ";" && self.only_closers_follow(node.end_byte()) {
            return self.trailing_semicolon(first.start);
        }
        if let Some(e) = self.special_region(node, &leaves) {
            return e;
        }
        if let Some(e) = self.text_condition(&leaves) {
            return e;
        }
        // The first token the parser could not take, from the parse states it went through.
        let rejected = first_rejected(&self.nav, node, &leaves);
        // `$x = 1 +` at the end of the input or before a closing bracket, when the parser
        // took everything up to the operator (a lone `=` is itself the offending token).
        if let Some(last) = leaves.iter().rev().find(|l| !l.in_atomic) {
            let text = self.text(last.start, last.end);
            let next = self.nav.next_leaf(node);
            let closes = next.is_none_or(|n| matches!(n.kind(), "}" | ")" | "]"));
            let taken = match &rejected {
                Some(Rejected::Inside(i, _)) => leaves.get(*i).is_none_or(|l| l.start > last.start),
                _ => true,
            };
            if is_operator(text) && closes && taken {
                return self.error(
                    last.end,
                    last.end,
                    format!("expected an expression after `{text}`"),
                );
            }
        }
        match rejected {
            Some(Rejected::Inside(i, state)) => {
                if let Some(leaf) = leaves.get(i).copied() {
                    return self.unexpected(&leaves, i, leaf, state);
                }
            }
            Some(Rejected::After(next, state)) => {
                let last = leaves.last().copied().unwrap_or(first);
                return self.unexpected_after(last, next, state);
            }
            None => {}
        }
        if first_text.is_empty() {
            return self.error(
                first.start,
                first.start,
                "unexpected end of input".to_string(),
            );
        }
        if first.node.kind() == "epp_text" {
            // Template text is a value wherever an expression may stand, so the parser
            // stumbled on what follows it (Puppet names that token).
            if let Some(next) = leaves.get(1).filter(|l| l.node.kind() != "epp_text") {
                let text = self.text(next.start, next.end);
                return self.error(
                    next.start,
                    next.end,
                    format!("unexpected `{}`", shorten(text)),
                );
            }
            return self.error(
                first.start,
                first.end,
                format!("unexpected {}", template_text(first_text)),
            );
        }
        let text = if first.node.is_error() {
            first_word(first_text)
        } else {
            first_text
        };
        self.error(
            first.start,
            first.start + text.len(),
            format!("unexpected `{}`", shorten(text)),
        )
    }

    /// `<% if %>text<% } %>`: Puppet reads the template text after the keyword as the
    /// condition (text is a value) and stumbles on the token after it; a `<%=` there it
    /// reports where the text starts.
    fn text_condition(&self, leaves: &[Leaf]) -> Option<SyntaxError> {
        let keyword = leaves.first()?;
        if !matches!(
            self.text(keyword.start, keyword.end),
            "if" | "unless" | "elsif"
        ) {
            return None;
        }
        let text = leaves.get(1).filter(|l| l.node.kind() == "epp_text")?;
        let next = leaves
            .iter()
            .skip(2)
            .find(|l| !matches!(self.text(l.start, l.end).trim(), "<%" | "<%-"))?;
        let shown = self.text(next.start, next.end);
        let at = if shown.starts_with("<%=") {
            text.start
        } else {
            next.start
        };
        Some(self.error(at, at, format!("unexpected `{}`", shorten(shown))))
    }

    pub(super) fn trailing_semicolon(&self, at: usize) -> SyntaxError {
        self.error(
            at,
            at + 1,
            "unexpected `;` after the last statement: a `;` may only separate statements"
                .to_string(),
        )
    }

    /// Regions whose shape says what is wrong, whatever the parse states say.
    pub(super) fn special_region(&self, node: Node, leaves: &[Leaf]) -> Option<SyntaxError> {
        let first = leaves.first()?;
        let first_text = self.text(first.start, first.end);
        // `@$x`, `@@foo(1)`: only resource expressions can be virtual or exported.
        if first_text == "@" || first_text == "@@" {
            let message = if first_text == "@" {
                "Virtual (@) can only be applied to a Resource Expression"
            } else {
                "Exported (@@) can only be applied to a Resource Expression"
            };
            return Some(self.error(first.start, first.end, message.to_string()));
        }
        // `class 'foo' {}`, `define "x" {}`
        if matches!(first_text, "class" | "define" | "function" | "plan") {
            let second = match leaves.get(1) {
                Some(l) => Some((l.start, l.end)),
                None => self
                    .nav
                    .next_leaf(node)
                    .map(|n| (n.start_byte(), n.end_byte())),
            };
            if let Some((start, end)) = second {
                let t = self.text(start, end);
                if t.starts_with('\'') || t.starts_with('"') {
                    return Some(self.error(
                        start,
                        end,
                        "A quoted string is not valid as a name here".to_string(),
                    ));
                }
            }
        }
        // `file { 'title' ensure => ... }`: an expression right after the `{` of a titleless
        // attribute block, followed by attributes, is a title missing its `:`; a lone `:`
        // there (`file {: ensure => ... }`) is the colon of a missing title.
        let parent = self.nav.parent(node)?;
        if parent.kind() == "attribute_block"
            && self.nav.prev_sibling(node).is_some_and(|p| p.kind() == "{")
            && self
                .nav
                .next_sibling(node)
                .is_some_and(|n| matches!(n.kind(), "attribute" | "splat_attribute"))
        {
            if leaves.len() == 1 && first_text == ":" {
                return Some(self.error(
                    first.start,
                    first.end,
                    "missing the resource title before `:`".to_string(),
                ));
            }
            let at = node.end_byte();
            return Some(self.error(at, at, "missing `:` after the resource title".to_string()));
        }
        None
    }

    /// The region parsed, but the token after it (`next`, or the end of the input) could
    /// not follow its last token `last` in `state`.
    pub(super) fn unexpected_after(
        &self,
        last: Leaf,
        next: Option<Node>,
        state: u16,
    ) -> SyntaxError {
        let last_text = self.text(last.start, last.end);
        if expects_expression(last.node, state) {
            if last_text == ";" && next.is_none_or(|n| n.kind() == "}") {
                return self.trailing_semicolon(last.start);
            }
            let at = last.end;
            return self.error(
                at,
                at,
                format!("expected an expression after `{}`", shorten(last_text)),
            );
        }
        let expected = expected_tokens(last.node, state);
        let (start, end, what) = match next {
            Some(n) => (
                n.start_byte(),
                n.end_byte(),
                format!("`{}`", shorten(self.node_text(n))),
            ),
            None => (last.end, last.end, "end of input".to_string()),
        };
        self.error(
            start,
            end,
            with_expected(format!("unexpected {what}"), &expected),
        )
    }

    /// "unexpected `X`" for the token `leaves[i]` that the parser rejected in `state`, with
    /// what it expected when that is a short list of tokens.
    pub(super) fn unexpected(
        &self,
        leaves: &[Leaf],
        i: usize,
        leaf: Leaf,
        state: u16,
    ) -> SyntaxError {
        let expected = if state == 0 || state == u16::MAX || leaf.node.is_error() {
            Vec::new()
        } else {
            expected_tokens(leaf.node, state)
        };
        let text = if leaf.node.is_error() {
            self.skipped_word(leaf.start, leaf.end)
        } else {
            self.text(leaf.start, leaf.end)
        };
        // `name value` where `name => value` was meant, and attributes without a `,`
        // between them: the token after the rejected one is an arrow.
        if !leaf.node.is_error() && state != 0 && state != u16::MAX {
            let next_is_arrow = leaves
                .get(i + 1)
                .map(|l| self.text(l.start, l.end))
                .or_else(|| self.nav.next_leaf(leaf.node).map(|n| self.node_text(n)))
                .is_some_and(|t| t == "=>" || t == "+>");
            let after_attribute = self.follows_attribute(leaf.node);
            if next_is_arrow && !after_attribute && accepts_token(leaf.node, state, ":") {
                return self.error(
                    leaf.start,
                    leaf.start,
                    "missing `:` after the resource title".to_string(),
                );
            }
            if next_is_arrow && after_attribute && accepts_token(leaf.node, state, ",") {
                return self.error(
                    leaf.start,
                    leaf.end,
                    format!("missing `,` before `{}`", shorten(text)),
                );
            }
        }
        // `type { title attr => ...`: the title was not followed by `:`.
        if expected.iter().any(|t| t == ":") && self.after_resource_title(leaves, i) {
            return self.error(
                leaf.start,
                leaf.end,
                "missing `:` after the resource title".to_string(),
            );
        }
        let before = i.checked_sub(1).and_then(|k| leaves.get(k));
        let before_text = before.map(|b| self.text(b.start, b.end)).unwrap_or("");
        // `class foo inherits 'bar'`, `define 'x'`
        if (text.starts_with('\'') || text.starts_with('"'))
            && matches!(
                before_text,
                "inherits" | "class" | "define" | "function" | "plan"
            )
        {
            return self.error(
                leaf.start,
                leaf.end,
                "A quoted string is not valid as a name here".to_string(),
            );
        }
        // `file '/tmp/x':` — the `{` between the resource type and the title is missing.
        if text == ":" {
            if let Some(title_start) = self.title_without_brace(leaf.node) {
                return self.error(
                    title_start,
                    title_start,
                    "missing `{` before the resource title".to_string(),
                );
            }
        }
        if text == "class" && before_text == "class" {
            return self.error(
                leaf.start,
                leaf.end,
                "'class' keyword not allowed at this location".to_string(),
            );
        }
        let what = if text.is_empty() {
            "end of input".to_string()
        } else if leaf.node.kind() == "epp_text" {
            template_text(text)
        } else {
            format!("`{}`", shorten(text))
        };
        self.error(
            leaf.start,
            leaf.end,
            with_expected(format!("unexpected {what}"), &expected),
        )
    }

    /// The text of skipped characters at `start..end` for a message: the whole word when
    /// it starts with a word character (the lexer may skip a single letter of it).
    pub(super) fn skipped_word(&self, start: usize, end: usize) -> &'s str {
        let rest = self.text(start, self.source.len());
        let word_len: usize = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .map(char::len_utf8)
            .sum();
        if word_len > 0 {
            rest.get(..word_len).unwrap_or(rest)
        } else {
            first_word(self.text(start, end))
        }
    }

    /// Only closing brackets (or nothing) follow `offset`, ignoring blanks and comments.
    pub(super) fn only_closers_follow(&self, offset: usize) -> bool {
        let rest = self.text(offset, self.source.len());
        let mut chars = rest.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                c if c.is_whitespace() => {}
                '#' => {
                    for c in chars.by_ref() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                '}' => return true,
                _ => return false,
            }
        }
        true
    }
}

/// Tokens that must be followed by an expression.
fn is_operator(text: &str) -> bool {
    matches!(
        text,
        "=" | "+="
            | "-="
            | "=>"
            | "+>"
            | "+"
            | "-"
            | "*"
            | "/"
            | "%"
            | "<<"
            | ">>"
            | "=="
            | "!="
            | "<"
            | "<="
            | ">"
            | ">="
            | "=~"
            | "!~"
            | "and"
            | "or"
            | "in"
            | "!"
            | "->"
            | "~>"
            | "<-"
            | "<~"
            | "?"
    )
}
