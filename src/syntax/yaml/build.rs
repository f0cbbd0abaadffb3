//! Builds the [`Node`] tree from `saphyr-parser`'s events: byte spans from the parser's
//! character positions, anchors' and aliases' names from the source text, and the keys
//! that a mapping repeats.

use saphyr_parser::{Event, Parser, ScanError, SpannedEventReceiver};

use super::node::{Entry, Node, NodeKind, Scalar, ScalarStyle};
use super::{DuplicateKey, YamlError};
use crate::syntax::ast::Span;

/// The documents of `source`, the syntax error that stopped the parser, and the repeated
/// keys.
pub fn build(source: &str) -> (Vec<Node>, Option<YamlError>, Vec<DuplicateKey>) {
    // saphyr-parser wants a space after a `:` indicator where YAML (and Psych) also take a
    // tab: such a tab is read as a space (same length, so positions do not move).
    let mut text = std::borrow::Cow::Borrowed(source);
    for _ in 0..MAX_TAB_RETRIES {
        let result = build_text(&text);
        let retry = result.1.as_ref().and_then(|e| {
            let after_colon = e.message == "':' must be followed by a valid YAML whitespace";
            // The parser stops at the colon, the tab or just after it.
            let at = e.span.start();
            (at.saturating_sub(2)..=at + 1)
                .find(|&i| {
                    after_colon
                        && text.get(i..i + 1) == Some(":")
                        && text.get(i + 1..i + 2) == Some("\t")
                })
                .map(|i| i + 1)
        });
        match retry {
            Some(tab) => text.to_mut().replace_range(tab..tab + 1, " "),
            None => return result,
        }
    }
    build_text(&text)
}

/// How many `:` + tab the parser is helped over in one file.
const MAX_TAB_RETRIES: usize = 256;

fn build_text(source: &str) -> (Vec<Node>, Option<YamlError>, Vec<DuplicateKey>) {
    let mut builder = Builder {
        source,
        offsets: Offsets::new(source),
        stack: Vec::new(),
        documents: Vec::new(),
        duplicates: Vec::new(),
    };
    let mut parser = Parser::new_from_str(source);
    let error = parser
        .load(&mut builder, true)
        .err()
        .map(|e| builder.error(&e));
    (builder.documents, error, builder.duplicates)
}

/// Character index to byte offset (the parser counts characters).
struct Offsets {
    /// The byte offset of each character, when the text is not ASCII.
    bytes: Option<Vec<usize>>,
    len: usize,
}

impl Offsets {
    fn new(source: &str) -> Offsets {
        let bytes = (!source.is_ascii()).then(|| source.char_indices().map(|(i, _)| i).collect());
        Offsets {
            bytes,
            len: source.len(),
        }
    }

    fn byte(&self, index: usize) -> usize {
        match &self.bytes {
            Some(b) => b.get(index).copied().unwrap_or(self.len),
            None => index.min(self.len),
        }
    }

    fn span(&self, span: saphyr_parser::Span) -> Span {
        Span::new(self.byte(span.start.index()), self.byte(span.end.index()))
    }
}

/// A collection being built.
enum Open {
    Seq(Node, Vec<Node>),
    /// The mapping, its entries, and a key waiting for its value.
    Map(Node, Vec<Entry>, Option<Node>),
}

struct Builder<'s> {
    source: &'s str,
    offsets: Offsets,
    stack: Vec<Open>,
    documents: Vec<Node>,
    duplicates: Vec<DuplicateKey>,
}

impl Builder<'_> {
    fn error(&self, e: &ScanError) -> YamlError {
        let at = self.offsets.byte(e.marker().index());
        let tab = e.info().contains("tabs disallowed");
        // The parser reports a tab just after it; the finding is the tab.
        let at = match self.source[..at].char_indices().next_back() {
            Some((i, '\t')) if tab => i,
            _ => at,
        };
        let end = self.source[at..]
            .chars()
            .next()
            .map_or(at, |c| at + c.len_utf8());
        YamlError {
            span: Span::new(at, end),
            message: message(e.info()),
            tab,
        }
    }

    /// A node starting at `span` with the anchor and tag written at its start.
    fn node(&self, kind: NodeKind, span: Span, anchored: bool) -> Node {
        let (anchor, tag) = properties(self.source.get(span.start()..).unwrap_or(""), anchored);
        Node {
            kind,
            span,
            anchor,
            tag,
        }
    }

    /// Adds a finished node to the collection being built, or as a document.
    fn add(&mut self, node: Node) {
        match self.stack.last_mut() {
            Some(Open::Seq(_, items)) => items.push(node),
            Some(Open::Map(_, entries, pending)) => match pending.take() {
                None => *pending = Some(node),
                Some(key) => {
                    if let Some(k) = key_text(&key) {
                        if let Some(first) = entries.iter().find(|e| key_text(&e.key) == Some(k)) {
                            self.duplicates.push(DuplicateKey {
                                key: k.to_string(),
                                span: key.span,
                                first: first.key.span,
                            });
                        }
                    }
                    entries.push(Entry { key, value: node });
                }
            },
            None => self.documents.push(node),
        }
    }

    /// Closes the innermost collection: it spans from its start to its last child (or to
    /// `end` for a flow collection, whose closing bracket ends it).
    fn close(&mut self, end: Span) {
        let Some(open) = self.stack.pop() else {
            return;
        };
        let mut node = match open {
            Open::Seq(mut node, items) => {
                node.span.end = items.last().map_or(node.span.end, |n| n.span.end);
                node.kind = NodeKind::Seq(items);
                node
            }
            Open::Map(mut node, entries, _) => {
                node.span.end = entries.last().map_or(node.span.end, |e| e.value.span.end);
                node.kind = NodeKind::Map(entries);
                node
            }
        };
        if end.end > end.start
            && self
                .source
                .get(end.start()..end.end())
                .is_some_and(|t| t.ends_with([']', '}']))
        {
            node.span.end = end.end;
        }
        self.add(node);
    }
}

impl<'input> SpannedEventReceiver<'input> for Builder<'_> {
    fn on_event(&mut self, ev: Event<'input>, span: saphyr_parser::Span) {
        let span = self.offsets.span(span);
        match ev {
            Event::Scalar(value, style, anchor, _) => {
                // The parser's span of a quoted scalar runs on to the end of its line (a
                // comment included): it ends at the closing quote.
                let quote = match style {
                    saphyr_parser::ScalarStyle::SingleQuoted => Some('\''),
                    saphyr_parser::ScalarStyle::DoubleQuoted => Some('"'),
                    _ => None,
                };
                let span = quote
                    .and_then(|q| closing(self.source, span, q))
                    .map_or(span, |end| Span::new(span.start(), end));
                let scalar = Scalar {
                    value: value.into_owned(),
                    style: style_of(style),
                };
                let node = self.node(NodeKind::Scalar(scalar), span, anchor != 0);
                self.add(node);
            }
            Event::Alias(_) => {
                let text = self.source.get(span.start()..span.end()).unwrap_or("");
                let name = text.trim_start_matches('*').to_string();
                self.add(Node {
                    kind: NodeKind::Alias(name),
                    span,
                    anchor: None,
                    tag: None,
                });
            }
            Event::SequenceStart(anchor, _) => {
                let node = self.node(NodeKind::Seq(Vec::new()), span, anchor != 0);
                self.stack.push(Open::Seq(node, Vec::new()));
            }
            Event::MappingStart(anchor, _) => {
                let node = self.node(NodeKind::Map(Vec::new()), span, anchor != 0);
                self.stack.push(Open::Map(node, Vec::new(), None));
            }
            Event::SequenceEnd | Event::MappingEnd => self.close(span),
            Event::Nothing
            | Event::StreamStart
            | Event::StreamEnd
            | Event::DocumentStart(_)
            | Event::DocumentEnd => {}
        }
    }
}

/// The end (after the closing quote) of the scalar quoted with `quote` that `span` covers
/// (from its properties on). In single quotes a quote is doubled (`''`); in double quotes a
/// backslash escapes the next character.
fn closing(source: &str, span: Span, quote: char) -> Option<usize> {
    let text = source.get(span.start()..span.end())?;
    let open = text.find(quote)?;
    let mut chars = text.get(open + 1..)?.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if quote == '"' && c == '\\' {
            chars.next();
        } else if c == quote {
            if quote == '\'' && chars.peek().is_some_and(|&(_, n)| n == '\'') {
                chars.next();
            } else {
                return Some(span.start() + open + 1 + i + 1);
            }
        }
    }
    None
}

fn style_of(style: saphyr_parser::ScalarStyle) -> ScalarStyle {
    match style {
        saphyr_parser::ScalarStyle::Plain => ScalarStyle::Plain,
        saphyr_parser::ScalarStyle::SingleQuoted => ScalarStyle::SingleQuoted,
        saphyr_parser::ScalarStyle::DoubleQuoted => ScalarStyle::DoubleQuoted,
        saphyr_parser::ScalarStyle::Literal => ScalarStyle::Literal,
        saphyr_parser::ScalarStyle::Folded => ScalarStyle::Folded,
    }
}

/// The text of a scalar key, which duplicates are compared by.
fn key_text(key: &Node) -> Option<&str> {
    key.as_str()
}

/// The anchor (when `anchored`) and tag written at the start of a node's text: `&a !t`,
/// `!t &a`, in either order.
fn properties(text: &str, anchored: bool) -> (Option<String>, Option<String>) {
    let (mut anchor, mut tag) = (None, None);
    let mut rest = text;
    for _ in 0..2 {
        let word_end = rest
            .find(|c: char| c.is_whitespace() || matches!(c, ',' | '[' | ']' | '{' | '}'))
            .unwrap_or(rest.len());
        let word = &rest[..word_end];
        if let Some(name) = word
            .strip_prefix('&')
            .filter(|_| anchored && anchor.is_none())
        {
            anchor = Some(name.to_string());
        } else if word.starts_with('!') && tag.is_none() {
            tag = Some(word.to_string());
        } else {
            break;
        }
        rest = rest[word_end..].trim_start();
    }
    (anchor, tag)
}

/// The parser's message, worded for a user: the parser's own words, with tabs explained.
fn message(info: &str) -> String {
    if info.contains("tabs disallowed") {
        return "a tab in indentation: YAML indents with spaces only".to_string();
    }
    info.to_string()
}
