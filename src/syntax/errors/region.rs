//! Syntax errors from tree-sitter's error recovery.
//!
//! Tree-sitter never stops at the first error: it wraps what it could not parse in `ERROR`
//! nodes and inserts zero-width `MISSING` tokens where one token was enough to go on. This
//! module turns each such region into one message a person understands ("expected `}` to
//! close the class body opened at 3:12", "unclosed string starting at 4:9", "unexpected
//! `=>`", "missing `:` after the resource title"). The words "ERROR" and "MISSING" are never
//! shown. Lexical errors of well-formed tokens (bad numbers, heredoc tags, escapes) are
//! reported by the lowering, not here.

use crate::syntax::ast::Span;
use crate::syntax::parsed::{Severity, SyntaxError};
use crate::syntax::source_map::LineIndex;
use std::collections::HashMap;
use tree_sitter::{Node, Tree};

/// At most this many characters of a token are quoted in a message.
const MAX_TOKEN_CHARS: usize = 30;

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

/// Can this error be a consequence of an earlier one (the parser out of step after it)?
/// Lexical errors and warnings never are; "unexpected X" and the errors Puppet raises on
/// odd statement shapes (which garbage after an error produces) can be.
fn is_cascadable(e: &SyntaxError) -> bool {
    let m = e.message.as_str();
    e.severity == Severity::Error
        && (m.starts_with("unexpected ")
            || m.starts_with("Syntax error at")
            || m.starts_with("attempt to pass argument list to the function")
            || m == "illegal comma separated argument list"
            || m == "Expression is not valid as a resource, resource-default, or resource-override")
}

/// Drops errors that merely follow from an earlier error (see [`is_cascadable`]) before
/// the parser is back in step: until a line indented no deeper than the line of the last
/// reported error, that is, the next statement at that level. Without this, a deleted `{`
/// gives one error per line of the resource body after it. `errors` must be sorted by
/// position; the first error is always kept.
pub fn drop_cascades(
    source: &str,
    index: &LineIndex,
    errors: Vec<SyntaxError>,
) -> Vec<SyntaxError> {
    let mut out: Vec<SyntaxError> = Vec::with_capacity(errors.len());
    // (line, indentation) of the last reported error, and the last line known not to
    // start a statement at that indentation (so each line is looked at once).
    let mut last: Option<(usize, usize)> = None;
    let mut checked = 0usize;
    for e in errors {
        if e.severity != Severity::Error {
            out.push(e);
            continue;
        }
        let line = index.line(e.span.start());
        let in_cascade = match last {
            Some((last_line, indent)) => {
                let from = checked.max(last_line) + 1;
                let resynced = (from..=line)
                    .any(|l| indentation(source, index, l).is_some_and(|i| i <= indent));
                if !resynced {
                    checked = checked.max(line);
                }
                !resynced
            }
            None => false,
        };
        if in_cascade {
            // Inside the zone of an earlier error: only errors that stand on their own
            // (lexical ones) are kept, and the zone goes on.
            if !is_cascadable(&e) {
                out.push(e);
            }
            continue;
        }
        last = Some((line, indentation(source, index, line).unwrap_or(0)));
        checked = line;
        out.push(e);
    }
    out
}

/// The indentation (in characters) of a 1-based line, or None for a blank or comment line.
fn indentation(source: &str, index: &LineIndex, line: usize) -> Option<usize> {
    let start = index.line_start(line)?;
    let end = index.line_start(line + 1).unwrap_or(source.len());
    let text = source.get(start..end)?;
    let trimmed = text.trim_start_matches([' ', '\t']);
    if trimmed.trim().is_empty() || trimmed.starts_with('#') {
        return None;
    }
    Some(text.len() - trimmed.len())
}

struct Ctx<'s, 't> {
    source: &'s str,
    index: LineIndex,
    nav: Nav<'t>,
}

/// The neighbours of a node.
#[derive(Clone, Copy, Default)]
struct Links<'t> {
    parent: Option<Node<'t>>,
    prev: Option<Node<'t>>,
    next: Option<Node<'t>>,
    last_child: Option<Node<'t>>,
}

/// Parent, sibling and last-child links of every node of a tree, found in one walk.
/// Tree-sitter's own `Node::parent` and `Node::prev_sibling` search down from the root
/// (time and, in the C library, stack proportional to the depth), which makes walking up
/// from deep nodes quadratic; these lookups are constant-time.
struct Nav<'t> {
    links: HashMap<usize, Links<'t>>,
}

impl<'t> Nav<'t> {
    fn new(root: Node<'t>) -> Self {
        let mut links: HashMap<usize, Links<'t>> = HashMap::new();
        links.insert(root.id(), Links::default());
        let mut cursor = root.walk();
        // The open ancestors of the cursor, and the last child seen under each.
        let mut parents: Vec<(Node<'t>, Option<Node<'t>>)> = vec![(root, None)];
        if cursor.goto_first_child() {
            'walk: loop {
                let n = cursor.node();
                let (parent, prev) = match parents.last() {
                    Some((p, prev)) => (Some(*p), *prev),
                    None => (None, None),
                };
                if let Some(p) = prev {
                    if let Some(l) = links.get_mut(&p.id()) {
                        l.next = Some(n);
                    }
                }
                links.insert(
                    n.id(),
                    Links {
                        parent,
                        prev,
                        next: None,
                        last_child: None,
                    },
                );
                if let Some(top) = parents.last_mut() {
                    top.1 = Some(n);
                }
                if cursor.goto_first_child() {
                    parents.push((n, None));
                    continue;
                }
                loop {
                    if cursor.goto_next_sibling() {
                        break;
                    }
                    if let Some((p, last)) = parents.pop() {
                        if let Some(l) = links.get_mut(&p.id()) {
                            l.last_child = last;
                        }
                    }
                    if !cursor.goto_parent() {
                        break 'walk;
                    }
                }
            }
        }
        while let Some((p, last)) = parents.pop() {
            if let Some(l) = links.get_mut(&p.id()) {
                l.last_child = last;
            }
        }
        Nav { links }
    }

    fn get(&self, node: Node<'t>) -> Links<'t> {
        self.links.get(&node.id()).copied().unwrap_or_default()
    }

    fn parent(&self, node: Node<'t>) -> Option<Node<'t>> {
        self.get(node).parent
    }

    fn prev_sibling(&self, node: Node<'t>) -> Option<Node<'t>> {
        self.get(node).prev
    }

    fn next_sibling(&self, node: Node<'t>) -> Option<Node<'t>> {
        self.get(node).next
    }

    /// The last leaf of a subtree.
    fn last_leaf(&self, node: Node<'t>) -> Node<'t> {
        let mut n = node;
        while let Some(c) = self.get(n).last_child {
            n = c;
        }
        n
    }

    /// The last non-extra leaf before `node` in the tree.
    fn previous_leaf(&self, node: Node<'t>) -> Option<Node<'t>> {
        let mut n = node;
        loop {
            let mut prev = self.prev_sibling(n);
            while let Some(p) = prev {
                if !p.is_extra() {
                    break;
                }
                prev = self.prev_sibling(p);
            }
            match prev {
                Some(p) => return Some(self.last_leaf(p)),
                None => n = self.parent(n)?,
            }
        }
    }

    /// The first non-extra leaf after `node` in the tree.
    fn next_leaf(&self, node: Node<'t>) -> Option<Node<'t>> {
        let mut n = node;
        loop {
            let mut next = self.next_sibling(n);
            while let Some(p) = next {
                if !p.is_extra() {
                    break;
                }
                next = self.next_sibling(p);
            }
            match next {
                Some(p) => {
                    let mut leaf = p;
                    while let Some(c) = leaf.child(0) {
                        leaf = c;
                    }
                    return Some(leaf);
                }
                None => n = self.parent(n)?,
            }
        }
    }
}

/// A leaf token of an error region.
#[derive(Clone, Copy)]
struct Leaf<'t> {
    node: Node<'t>,
    start: usize,
    end: usize,
    /// Inside a string, regex or heredoc: not a bracket of the code.
    in_atomic: bool,
}

impl<'s, 't> Ctx<'s, 't> {
    fn error(&self, start: usize, end: usize, message: String) -> SyntaxError {
        SyntaxError {
            span: Span::new(start, end.max(start)),
            message,
            severity: Severity::Error,
        }
    }

    fn text(&self, start: usize, end: usize) -> &'s str {
        self.source.get(start..end).unwrap_or("")
    }

    fn node_text(&self, node: Node) -> &'s str {
        self.text(node.start_byte(), node.end_byte())
    }

    /// `line:column` (1-based, columns in characters) of a byte offset.
    fn pos(&self, offset: usize) -> String {
        let (line, col) = self.index.line_col(self.source, offset);
        format!("{line}:{col}")
    }

    /// End of the last non-blank, non-comment character of the source.
    fn meaningful_end(&self) -> usize {
        self.source.trim_end().len()
    }

    // ---- MISSING ----

    fn missing_token(&self, node: Node) -> SyntaxError {
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
            let start = parent.map(|p| p.start_byte()).unwrap_or(at);
            return self.error(
                start,
                start + 1,
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

    // ---- ERROR ----

    /// The errors of one ERROR region: one, or two when the parser went wrong before an
    /// unterminated string or comment of the region.
    fn error_region(&self, node: Node) -> Vec<SyntaxError> {
        let leaves = leaves(node);
        // An unlexable character, or an unterminated string or comment, shows up as a
        // childless error leaf (the lexer skipped it) whose text says what it is.
        let mut unterminated = None;
        for leaf in &leaves {
            if leaf.node.is_error() || leaf.node.is_missing() {
                let text = self.text(leaf.start, self.source.len());
                if let Some(e) = self.unterminated(leaf.start, text) {
                    unterminated = Some(e);
                    break;
                }
            }
        }
        if leaves.is_empty() {
            let text = self.text(node.start_byte(), self.source.len());
            unterminated = self.unterminated(node.start_byte(), text);
        }
        let Some(unterminated) = unterminated else {
            return vec![self.region_error(node, &leaves)];
        };
        // A quote missing earlier makes the later quotes pair up wrongly: where the parser
        // first stumbled is then the better hint, and is reported too.
        let mut out = Vec::new();
        if let Some(Rejected::Inside(i, state)) = first_rejected(&self.nav, node, &leaves) {
            if let Some(leaf) = leaves.get(i).copied() {
                if leaf.start < unterminated.span.start() {
                    out.push(self.unexpected(&leaves, i, leaf, state));
                }
            }
        }
        out.push(unterminated);
        out
    }

    /// The error of an ERROR region without unterminated strings or comments.
    fn region_error(&self, node: Node, leaves: &[Leaf]) -> SyntaxError {
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
        // `$x = 1 +` at the end of the input or before a closing bracket.
        if let Some(last) = leaves.iter().rev().find(|l| !l.in_atomic) {
            let text = self.text(last.start, last.end);
            let next = self.nav.next_leaf(node);
            let closes = next.is_none_or(|n| matches!(n.kind(), "}" | ")" | "]"));
            if is_operator(text) && closes {
                return self.error(
                    last.end,
                    last.end,
                    format!("expected an expression after `{text}`"),
                );
            }
        }
        // The first token the parser could not take, from the parse states it went through.
        match first_rejected(&self.nav, node, &leaves) {
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

    fn trailing_semicolon(&self, at: usize) -> SyntaxError {
        self.error(
            at,
            at + 1,
            "unexpected `;` after the last statement: a `;` may only separate statements"
                .to_string(),
        )
    }

    /// Regions whose shape says what is wrong, whatever the parse states say.
    fn special_region(&self, node: Node, leaves: &[Leaf]) -> Option<SyntaxError> {
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
        // attribute block, followed by attributes, is a title missing its `:`.
        let parent = self.nav.parent(node)?;
        if parent.kind() == "attribute_block"
            && self.nav.prev_sibling(node).is_some_and(|p| p.kind() == "{")
            && self
                .nav
                .next_sibling(node)
                .is_some_and(|n| matches!(n.kind(), "attribute" | "splat_attribute"))
        {
            let at = node.end_byte();
            return Some(self.error(at, at, "missing `:` after the resource title".to_string()));
        }
        None
    }

    /// The region parsed, but the token after it (`next`, or the end of the input) could
    /// not follow its last token `last` in `state`.
    fn unexpected_after(&self, last: Leaf, next: Option<Node>, state: u16) -> SyntaxError {
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
    fn unexpected(&self, leaves: &[Leaf], i: usize, leaf: Leaf, state: u16) -> SyntaxError {
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
        } else {
            format!("`{}`", shorten(text))
        };
        self.error(
            leaf.start,
            leaf.end,
            with_expected(format!("unexpected {what}"), &expected),
        )
    }

    /// Does `token` follow a `name => value` in its list (a `=>` or `+>` after the last
    /// `{`, `;` or `,` at the same bracket depth)?
    fn follows_attribute(&self, token: Node) -> bool {
        let mut depth = 0usize;
        let mut n = token;
        for _ in 0..500 {
            let Some(prev) = self.nav.previous_leaf(n) else {
                return false;
            };
            n = prev;
            match self.node_text(prev) {
                ")" | "]" | "}" => depth += 1,
                "(" | "[" | "${" if depth > 0 => depth -= 1,
                "{" if depth > 0 => depth -= 1,
                "{" | "(" | "[" | ";" | "," | ":" if depth == 0 => return false,
                "=>" | "+>" if depth == 0 => return true,
                _ => {}
            }
        }
        false
    }

    /// For a `:` token: if it follows `TYPE TITLE` (a resource type name and a string or
    /// variable title, with no `{` between), the start of the title.
    fn title_without_brace(&self, colon: Node) -> Option<usize> {
        let mut title = self.nav.previous_leaf(colon)?;
        if title.kind() == "\"" {
            title = self.nav.parent(title)?;
        }
        if !matches!(
            title.kind(),
            "single_quoted_string" | "double_quoted_string" | "variable"
        ) {
            return None;
        }
        let type_name = self.nav.previous_leaf(title)?;
        matches!(type_name.kind(), "name" | "type_reference").then(|| title.start_byte())
    }

    /// Is `leaves[i]` just after `NAME { TITLE` (a resource title without its `:`)?
    fn after_resource_title(&self, leaves: &[Leaf], i: usize) -> bool {
        let Some(title_end) = i.checked_sub(1) else {
            return false;
        };
        // Walk back over the title's tokens to the `{` that opens the resource.
        let mut depth = 0usize;
        let mut j = title_end;
        loop {
            let Some(l) = leaves.get(j) else {
                return false;
            };
            if !l.in_atomic {
                match self.text(l.start, l.end) {
                    ")" | "]" | "}" => depth += 1,
                    "(" | "[" | "${" => depth = depth.saturating_sub(1),
                    "{" if depth == 0 => {
                        if j == title_end {
                            return false;
                        }
                        let before = j.checked_sub(1).and_then(|k| leaves.get(k));
                        return before.is_some_and(|b| {
                            matches!(b.node.kind(), "name" | "type_reference" | "class")
                                || self.text(b.start, b.end) == "]"
                        });
                    }
                    "{" => depth = depth.saturating_sub(1),
                    ";" | "=>" | ":" if depth == 0 => return false,
                    _ => {}
                }
            }
            match j.checked_sub(1) {
                Some(k) => j = k,
                None => return false,
            }
        }
    }

    /// The text of skipped characters at `start..end` for a message: the whole word when
    /// it starts with a word character (the lexer may skip a single letter of it).
    fn skipped_word(&self, start: usize, end: usize) -> &'s str {
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

    /// The end tag of the last heredoc opening `@(TAG...)` before `offset`.
    fn heredoc_tag_before(&self, offset: usize) -> Option<String> {
        let before = self.text(0, offset);
        let open = before.rfind("@(")?;
        let rest = before.get(open + 2..)?;
        let end = rest.find([':', '/', ')'])?;
        let tag = rest.get(..end)?.trim().trim_matches('"').trim();
        Some(tag.to_string())
    }

    /// An unterminated string or comment starting at `start` (`text` runs from there to the
    /// end of the source). Its span is the whole unterminated token: from the opening
    /// delimiter to the end of the input (trailing blanks left out).
    fn unterminated(&self, start: usize, text: &str) -> Option<SyntaxError> {
        let pos = self.pos(start);
        let end = self.meaningful_end();
        if let Some(rest) = text.strip_prefix("/*") {
            if !rest.contains("*/") {
                return Some(self.error(
                    start,
                    end.max(start + 2),
                    format!("unclosed comment starting at {pos}"),
                ));
            }
        }
        let quote = text.chars().next()?;
        if (quote == '\'' || quote == '"') && !has_closing_quote(text.get(1..).unwrap_or(""), quote)
        {
            return Some(self.error(
                start,
                end.max(start + 1),
                format!("unclosed string starting at {pos}"),
            ));
        }
        if text.starts_with("@(") && !text.contains(')') {
            return Some(self.error(
                start,
                end.max(start + 2),
                format!("unclosed heredoc opening `@(` at {pos}: expected `)`"),
            ));
        }
        None
    }

    /// Only closing brackets (or nothing) follow `offset`, ignoring blanks and comments.
    fn only_closers_follow(&self, offset: usize) -> bool {
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

    /// A name for a `{` from the keyword that starts its construct (`class foo {` → class
    /// body), when the tree around it is broken.
    fn keyword_context(&self, leaves: &[Leaf], opener: Leaf) -> Option<String> {
        if self.text(opener.start, opener.end) != "{" {
            return None;
        }
        let before = leaves.iter().take_while(|l| l.start < opener.start);
        let mut last_keyword = None;
        for leaf in before {
            let t = self.text(leaf.start, leaf.end);
            match t {
                "{" | "}" | ";" => last_keyword = None,
                "class" | "define" | "node" | "function" | "plan" | "if" | "elsif" | "else"
                | "unless" | "case" => last_keyword = Some(t),
                _ => {}
            }
        }
        let name = match last_keyword? {
            "class" => "class body",
            "define" => "define body",
            "node" => "node body",
            "function" => "function body",
            "plan" => "plan body",
            "if" => "`if` body",
            "elsif" => "`elsif` body",
            "else" => "`else` body",
            "unless" => "`unless` body",
            "case" => "`case` body",
            _ => return None,
        };
        Some(name.to_string())
    }
}

/// Does `text` (just after an opening `quote`) contain the closing quote, honouring
/// backslash escapes?
fn has_closing_quote(text: &str, quote: char) -> bool {
    let mut escaped = false;
    for c in text.chars() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == quote {
            return true;
        }
    }
    false
}

/// The opening bracket a closing token pairs with.
fn opener_of(close: &str) -> Option<&'static str> {
    Some(match close {
        "}" => "{",
        "]" => "[",
        ")" => "(",
        "|>" => "<|",
        "|>>" => "<<|",
        _ => return None,
    })
}

fn closer_of(open: &str) -> Option<&'static str> {
    Some(match open {
        "{" | "${" => "}",
        "[" => "]",
        "(" | "@(" => ")",
        "<|" => "|>",
        "<<|" => "|>>",
        _ => return None,
    })
}

/// The last child of `parent` before `offset` that is the opening token `open` (`{` also
/// matches `${`).
fn find_opener_before<'t>(parent: Node<'t>, offset: usize, open: &str) -> Option<Node<'t>> {
    let mut found = None;
    let mut cursor = parent.walk();
    for child in parent.children(&mut cursor) {
        if child.start_byte() >= offset && child.end_byte() > offset {
            break;
        }
        let kind = child.kind();
        if !child.is_named() && (kind == open || (open == "{" && kind == "${")) {
            found = Some(child);
        }
    }
    found
}

/// What an opening bracket opens, from the node it belongs to.
fn container_name<'t>(nav: &Nav<'t>, opener: Node<'t>) -> Option<String> {
    let parent = nav.parent(opener)?;
    let name = match parent.kind() {
        "block" => match nav.parent(parent).map(|g| g.kind()).unwrap_or("") {
            "class_definition" => "class body",
            "define_definition" => "define body",
            "node_definition" => "node body",
            "function_definition" => "function body",
            "plan_definition" => "plan body",
            "type_definition" => "type definition body",
            "if_expression" => "`if` body",
            "elsif_clause" => "`elsif` body",
            "else_clause" => "`else` body",
            "unless_expression" => "`unless` body",
            "case_option" => "case option body",
            "lambda" => "lambda body",
            _ => "block",
        },
        "hash" => "hash",
        "case_expression" => "`case` body",
        "selector_expression" => "selector",
        "resource_expression" | "resource_body" | "attribute_block" => "resource body",
        "collect_expression" => "collector attribute list",
        "array" => "array",
        "access_expression" => "access `[`",
        "argument_list" => "argument list",
        "parameter_list" => "parameter list",
        "parenthesized_expression" => "parenthesis",
        "interpolation" => "interpolation `${`",
        "virtual_query" | "exported_query" => "collector query",
        "heredoc" => "heredoc opening `@(`",
        _ => return None,
    };
    Some(name.to_string())
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

/// "a variable", "a name", ... for a named node kind the parser expected.
fn describe_kind(kind: &str) -> String {
    let words = kind.trim_start_matches('_').replace('_', " ");
    let article = match words.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    };
    format!("{article} {words}")
}

/// Kinds whose inner tokens are text, not code brackets.
fn is_atomic(kind: &str) -> bool {
    matches!(
        kind,
        "single_quoted_string" | "double_quoted_string" | "regex" | "heredoc" | "heredoc_body"
    )
}

/// The leaf tokens of a subtree in source order, comments and other extras left out.
fn leaves(node: Node) -> Vec<Leaf> {
    let mut out = Vec::new();
    let mut cursor = node.walk();
    if !cursor.goto_first_child() {
        return out;
    }
    // How many atomic ancestors the cursor is inside.
    let mut atomic_depth: Vec<bool> = Vec::new();
    let mut atomic_count = 0usize;
    'walk: loop {
        let n = cursor.node();
        let skip = n.is_extra() && n.kind() == "comment";
        let inside = atomic_count > 0;
        if !skip && n.child_count() == 0 {
            out.push(Leaf {
                node: n,
                start: n.start_byte(),
                end: n.end_byte(),
                in_atomic: inside,
            });
        }
        if !skip && cursor.goto_first_child() {
            let atomic = is_atomic(n.kind()) || (n.is_extra() && !n.is_error());
            atomic_count += usize::from(atomic);
            atomic_depth.push(atomic);
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() || cursor.node() == node {
                break 'walk;
            }
            if atomic_depth.pop() == Some(true) {
                atomic_count -= 1;
            }
        }
    }
    out
}

/// Where the parser got stuck in an error region.
enum Rejected<'t> {
    /// `leaves[i]` was not acceptable in the state (the state is given).
    Inside(usize, u16),
    /// Every leaf was acceptable, but the token after the region (None: the end of the
    /// input) was not acceptable in the state after the last leaf.
    After(Option<Node<'t>>, u16),
}

/// Finds the first token the parser could not accept, replaying the parse states
/// tree-sitter records on each leaf: starting from the state after the token before the
/// region, each leaf must be a valid lookahead in the state after the previous one.
fn first_rejected<'t>(
    nav: &Nav<'t>,
    region: Node<'t>,
    leaves: &[Leaf<'t>],
) -> Option<Rejected<'t>> {
    let mut state: Option<u16> = nav.previous_leaf(region).map(|p| p.next_parse_state());
    let mut last: Option<Node> = None;
    for (i, leaf) in leaves.iter().enumerate() {
        let n = leaf.node;
        if n.is_missing() || leaf.in_atomic {
            continue;
        }
        if n.is_error() {
            // Characters the parser skipped: this is where it stumbled.
            let here = state.unwrap_or(0);
            return Some(Rejected::Inside(i, here));
        }
        // A token whose action was a reduction has no recorded next state: the next
        // token's own state (where it was shifted, after the reductions) is used.
        let here = match state {
            Some(s) if s != 0 && s != u16::MAX => s,
            _ => n.parse_state(),
        };
        if here == 0 || here == u16::MAX {
            return None;
        }
        if !accepts(n, here, n.grammar_id()) {
            return Some(Rejected::Inside(i, here));
        }
        state = Some(n.next_parse_state());
        last = Some(n);
    }
    let last = last?;
    let here = state?;
    if here == 0 || here == u16::MAX {
        return None;
    }
    let next = nav.next_leaf(region);
    let symbol = next.map(|n| n.grammar_id()).unwrap_or(0);
    if accepts(last, here, symbol) {
        return None;
    }
    Some(Rejected::After(next, here))
}

/// Does `state` accept the anonymous token spelled `token`?
fn accepts_token(node: Node, state: u16, token: &str) -> bool {
    let id = node.language().id_for_node_kind(token, false);
    id != 0 && accepts(node, state, id)
}

/// Does `state` accept the start of an expression (a variable)?
fn expects_expression(node: Node, state: u16) -> bool {
    let language = node.language();
    let variable = language.id_for_node_kind("variable", true);
    variable != 0 && accepts(node, state, variable)
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

/// `message`, then what was expected when that is a short list of tokens.
fn with_expected(message: String, expected: &[String]) -> String {
    match expected {
        [one] => format!("{message}, expected `{one}`"),
        [a, b] => format!("{message}, expected `{a}` or `{b}`"),
        [a, b, c] => format!("{message}, expected `{a}`, `{b}` or `{c}`"),
        _ => message,
    }
}

/// Can the parser take the symbol `symbol` in `state`? Symbols are compared by name as
/// well, because a grammar may have several tokens spelled alike.
fn accepts(node: Node, state: u16, symbol: u16) -> bool {
    let language = node.language();
    let name = language.node_kind_for_id(symbol);
    let named = language.node_kind_is_named(symbol);
    match language.lookahead_iterator(state) {
        Some(mut it) => it.any(|s| {
            s == symbol
                || (name.is_some()
                    && language.node_kind_for_id(s) == name
                    && language.node_kind_is_named(s) == named)
        }),
        None => true,
    }
}

/// The tokens the parser would take in `state`, when they are all plain tokens (a list of
/// expression starts is not worth printing). Comments are left out.
fn expected_tokens(node: Node, state: u16) -> Vec<String> {
    let language = node.language();
    let Some(it) = language.lookahead_iterator(state) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for symbol in it {
        let Some(name) = language.node_kind_for_id(symbol) else {
            continue;
        };
        if symbol == 0 || name == "comment" || !language.node_kind_is_visible(symbol) {
            continue;
        }
        if language.node_kind_is_named(symbol) {
            return Vec::new();
        }
        if !out.iter().any(|o| o == name) {
            out.push(name.to_string());
        }
    }
    out
}

/// The innermost opening bracket among `leaves` that no later leaf closes, with the
/// closing token it needs.
fn innermost_unclosed<'t>(leaves: &[Leaf<'t>]) -> Option<(Leaf<'t>, &'static str)> {
    let mut stack: Vec<(Leaf<'t>, &'static str)> = Vec::new();
    for leaf in leaves {
        if leaf.node.is_named() || leaf.node.is_missing() || leaf.in_atomic {
            continue;
        }
        let kind = leaf.node.kind();
        if let Some(close) = closer_of(kind) {
            stack.push((*leaf, close));
        } else if opener_of(kind).is_some() {
            if let Some(pos) = stack.iter().rposition(|(_, c)| *c == kind) {
                stack.truncate(pos);
            }
        }
    }
    stack.pop()
}

/// The text up to the first blank (skipped characters may run over several tokens).
fn first_word(text: &str) -> &str {
    let text = text.trim_start();
    match text.find(char::is_whitespace) {
        Some(i) => text.get(..i).unwrap_or(text),
        None => text,
    }
}

/// A token for a message: first line only, at most [`MAX_TOKEN_CHARS`] characters.
fn shorten(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    let mut out: String = line.chars().take(MAX_TOKEN_CHARS).collect();
    if line.chars().count() > MAX_TOKEN_CHARS || text.lines().nth(1).is_some() {
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shorten_keeps_first_line() {
        assert_eq!(shorten("abc"), "abc");
        assert_eq!(shorten("abc\ndef"), "abc...");
        assert_eq!(shorten(&"x".repeat(40)), format!("{}...", "x".repeat(30)));
    }

    fn err(source: &str, line: usize, col: usize, message: &str) -> SyntaxError {
        let index = LineIndex::new(source);
        let at = index.line_start(line).unwrap_or(0) + col - 1;
        SyntaxError {
            span: Span::new(at, at + 1),
            message: message.to_string(),
            severity: Severity::Error,
        }
    }

    #[test]
    fn cascades_stop_at_a_statement_as_shallow_as_the_error() {
        let source = "class a {\n  x 'y':\n    a => 1,\n    # c\n\n    b => 2,\n  }\n  z 1, 2\n}\n";
        let index = LineIndex::new(source);
        let errors = vec![
            err(source, 2, 8, "unexpected `:`"),
            err(source, 3, 7, "unexpected `=>`"),
            err(source, 3, 9, "Not a valid octal number 09"),
            err(source, 6, 7, "attempt to pass argument list to the function 'b' which cannot be called without parentheses"),
            err(source, 7, 3, "unexpected `}`"),
            err(source, 8, 6, "illegal comma separated argument list"),
        ];
        let kept: Vec<(usize, String)> = drop_cascades(source, &index, errors)
            .into_iter()
            .map(|e| (index.line(e.span.start()), e.message))
            .collect();
        assert_eq!(
            kept,
            [
                (2, "unexpected `:`".to_string()),
                (3, "Not a valid octal number 09".to_string()),
                (7, "unexpected `}`".to_string()),
                (8, "illegal comma separated argument list".to_string()),
            ]
        );
    }

    #[test]
    fn first_word_stops_at_blanks() {
        assert_eq!(first_word("include ::a\nfoo"), "include");
        assert_eq!(first_word("  ~ 1"), "~");
        assert_eq!(first_word(""), "");
    }

    #[test]
    fn describe_kind_uses_article() {
        assert_eq!(describe_kind("variable"), "a variable");
        assert_eq!(describe_kind("attribute_name"), "an attribute name");
    }

    #[test]
    fn closing_quote_honours_escapes() {
        assert!(has_closing_quote("abc'", '\''));
        assert!(!has_closing_quote("abc\\'", '\''));
        assert!(has_closing_quote("a\\\\\"", '"'));
    }
}
