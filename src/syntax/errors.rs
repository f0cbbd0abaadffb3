//! Syntax errors from tree-sitter's error recovery.
//!
//! Tree-sitter never stops at the first error: it wraps what it could not parse in `ERROR`
//! nodes and inserts zero-width `MISSING` tokens where one token was enough to go on. This
//! module turns each such region into one message a person understands ("expected `}` to
//! close the class body opened at 3:12", "unclosed string starting at 4:9", "unexpected
//! `=>`", "missing `:` after the resource title"). The words "ERROR" and "MISSING" are never
//! shown. Lexical errors of well-formed tokens (bad numbers, heredoc tags, escapes) are
//! reported by the lowering, not here.

use super::{LineIndex, Severity, Span, SyntaxError};
use tree_sitter::{Node, Tree};

/// At most this many characters of a token are quoted in a message.
const MAX_TOKEN_CHARS: usize = 30;

/// Turns every `ERROR` and `MISSING` node of `tree` (parsed from `source`) into a
/// [`SyntaxError`], one per region, sorted by position.
pub fn collect(tree: &Tree, source: &str) -> Vec<SyntaxError> {
    let root = tree.root_node();
    let mut out: Vec<SyntaxError> = Vec::new();
    if !root.has_error() {
        return out;
    }
    let ctx = Ctx {
        source,
        index: LineIndex::new(source),
    };
    let mut cursor = root.walk();
    'walk: loop {
        let node = cursor.node();
        let mut descend = node.has_error();
        if node.is_error() {
            out.push(ctx.error_region(node));
            descend = false;
        } else if node.is_missing() {
            out.push(ctx.missing_token(node));
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
    out.sort_by(|a, b| {
        (a.span.start, a.span.end, &a.message).cmp(&(b.span.start, b.span.end, &b.message))
    });
    out.dedup_by(|a, b| a.span.start == b.span.start && a.message == b.message);
    out
}

struct Ctx<'s> {
    source: &'s str,
    index: LineIndex,
}

/// A leaf token of an error region.
#[derive(Clone, Copy)]
struct Leaf<'t> {
    node: Node<'t>,
    start: usize,
    end: usize,
}

impl<'s> Ctx<'s> {
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
        let parent = node.parent();
        let parent_kind = parent.map(|p| p.kind()).unwrap_or("");
        let message = if let Some(open) = opener_of(kind) {
            match parent.and_then(|p| find_opener_before(p, at, open)) {
                Some(opener) => {
                    let what = container_name(opener).unwrap_or_else(|| format!("`{open}`"));
                    format!(
                        "expected `{kind}` to close the {what} opened at {}",
                        self.pos(opener.start_byte())
                    )
                }
                None => format!("expected `{kind}`"),
            }
        } else if kind == "\"" || kind == "'" {
            let start = parent.map(|p| p.start_byte()).unwrap_or(at);
            format!("unclosed string starting at {}", self.pos(start))
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
        } else if node.is_named() {
            format!("expected {}", describe_kind(kind))
        } else {
            format!("missing `{kind}`")
        };
        self.error(at, at, message)
    }

    // ---- ERROR ----

    fn error_region(&self, node: Node) -> SyntaxError {
        let leaves = leaves(node);
        // An unlexable character, or an unterminated string or comment, shows up as a
        // childless error leaf (the lexer skipped it) whose text says what it is.
        for leaf in &leaves {
            if leaf.node.is_error() || leaf.node.is_missing() {
                let text = self.text(leaf.start, self.source.len());
                if let Some(e) = self.unterminated(leaf.start, text) {
                    return e;
                }
            }
        }
        if leaves.is_empty() {
            let text = self.text(node.start_byte(), self.source.len());
            if let Some(e) = self.unterminated(node.start_byte(), text) {
                return e;
            }
        }
        // Reaching the end of the input with an opening bracket not closed.
        if node.end_byte() >= self.meaningful_end() {
            if let Some((opener, close)) = innermost_unclosed(&leaves) {
                let what = container_name(opener.node)
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
            let at = node.start_byte();
            let text = self.node_text(node);
            return if text.trim().is_empty() {
                self.error(at, at, "unexpected end of input".to_string())
            } else {
                self.error(
                    at,
                    node.end_byte(),
                    format!("unexpected `{}`", shorten(text)),
                )
            };
        };
        let first_text = self.text(first.start, first.end);
        if first_text == ";" && self.only_closers_follow(node.end_byte()) {
            return self.error(
                first.start,
                first.end,
                "unexpected `;` after the last statement: a `;` may only separate statements"
                    .to_string(),
            );
        }
        if first_text.is_empty() {
            return self.error(
                first.start,
                first.start,
                "unexpected end of input".to_string(),
            );
        }
        self.error(
            first.start,
            first.end,
            format!("unexpected `{}`", shorten(first_text)),
        )
    }

    /// An unterminated string or comment starting at `start` (`text` runs from there to the
    /// end of the source).
    fn unterminated(&self, start: usize, text: &str) -> Option<SyntaxError> {
        let pos = self.pos(start);
        if let Some(rest) = text.strip_prefix("/*") {
            if !rest.contains("*/") {
                return Some(self.error(
                    start,
                    start + 2,
                    format!("unclosed comment starting at {pos}"),
                ));
            }
        }
        let quote = text.chars().next()?;
        if (quote == '\'' || quote == '"') && !has_closing_quote(text.get(1..).unwrap_or(""), quote)
        {
            return Some(self.error(
                start,
                start + 1,
                format!("unclosed string starting at {pos}"),
            ));
        }
        if text.starts_with("@(") && !text.contains(')') {
            return Some(self.error(
                start,
                start + 2,
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
fn container_name(opener: Node) -> Option<String> {
    let parent = opener.parent()?;
    let name = match parent.kind() {
        "block" => match parent.parent().map(|g| g.kind()).unwrap_or("") {
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

/// "a variable", "a name", ... for a named node kind the parser expected.
fn describe_kind(kind: &str) -> String {
    let words = kind.trim_start_matches('_').replace('_', " ");
    let article = match words.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    };
    format!("{article} {words}")
}

/// The leaf tokens of a subtree in source order, comments left out. String, regex and
/// heredoc nodes count as one token each, so their insides do not look like brackets.
fn leaves(node: Node) -> Vec<Leaf> {
    let mut out = Vec::new();
    let mut cursor = node.walk();
    if !cursor.goto_first_child() {
        return out;
    }
    'walk: loop {
        let n = cursor.node();
        let atomic = matches!(
            n.kind(),
            "single_quoted_string"
                | "double_quoted_string"
                | "regex"
                | "heredoc"
                | "heredoc_body"
                | "comment"
        );
        if (atomic || n.child_count() == 0) && n.kind() != "comment" {
            out.push(Leaf {
                node: n,
                start: n.start_byte(),
                end: n.end_byte(),
            });
        }
        if !atomic && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() || cursor.node() == node {
                break 'walk;
            }
        }
    }
    out
}

/// The innermost opening bracket among `leaves` that no later leaf closes, with the
/// closing token it needs.
fn innermost_unclosed<'t>(leaves: &[Leaf<'t>]) -> Option<(Leaf<'t>, &'static str)> {
    let mut stack: Vec<(Leaf<'t>, &'static str)> = Vec::new();
    for leaf in leaves {
        if leaf.node.is_named() || leaf.node.is_missing() {
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
