//! AST → document: one formatting function per node kind, with comment attachment.
//!
//! Comments are taken from the file's comment table in source order through a cursor.
//! A list (statements, attributes, hash entries, array elements, arguments, parameters)
//! attaches each comment before an element as a leading comment, a comment on the same
//! line after an element as a trailing comment, a comment on the opening bracket's line
//! as a suffix of the opener, and the rest before the closing bracket as dangling
//! comments. Any element whose formatting leaves a comment inside it unplaced (say
//! between an operator and its operand) is printed verbatim instead, so no comment is
//! ever lost or moved across code it cannot be moved across.
//!
//! This file holds the printer state ([`Formatter`]: the source, the comment cursor, the
//! heredoc bodies, the nesting depth) and its queries of the source text. The formatting functions are
//! grouped by node family: `statements` (the program, bodies, `if`, `unless`, `case`),
//! `expressions` (the dispatch on the node kind, operators, access, selectors), `calls`
//! (function and method calls, arguments, lambdas), `resources` (resource bodies,
//! attributes, defaults, overrides, collectors), `definitions` (class, define, plan,
//! function and node headers, parameter tables), `collections` (arrays, hashes) and
//! `strings` (quoted strings, interpolation, heredocs). Comments are attached by
//! `comments` (the cursor, the verbatim fallback) and `lists` (elements of a list and
//! their layouts); `align` pads the columns of key/value and parameter tables.

mod align;
mod calls;
mod collections;
mod comments;
mod definitions;
mod expressions;
mod lists;
mod resources;
mod statements;
mod strings;

use crate::fmt::doc::Doc;
use crate::fmt::FormatConfig;
use crate::syntax::ast::*;
use crate::syntax::visit;
use crate::syntax::ParsedFile;

/// The printer state: the source, the comment cursor and the heredoc bodies.
pub(crate) struct Formatter<'a> {
    src: &'a str,
    /// The comments the cursor attaches: all but those inside heredoc bodies, which are
    /// printed with their bodies.
    comments: Vec<&'a Comment>,
    /// For each of `comments`, its index in the file's comment table.
    ids: Vec<usize>,
    /// The file's whole comment table.
    all: &'a [Comment],
    /// Index (into `comments`) of the next comment not yet attached.
    next: usize,
    /// Heredoc openings and their body spans, in source order.
    heredocs: Vec<(Span, Span)>,
    /// Nesting depth of the statement being formatted (bodies, `case` options), which
    /// gives its indentation for the few layouts that must know a line's width before
    /// printing (one-line bodies of a resource with several bodies).
    depth: usize,
    /// The settings: line width and indentation unit.
    config: FormatConfig,
    /// Whether a parameter's type is being formatted (Puppet rejects a comma after the
    /// last argument of its outermost `Type[...]`).
    in_param_type: bool,
}

/// The documents one after the other.
fn cat(v: Vec<Doc>) -> Doc {
    Doc::Concat(v)
}

/// A piece of text.
fn txt(s: impl Into<String>) -> Doc {
    Doc::Text(s.into())
}

impl<'a> Formatter<'a> {
    pub(crate) fn new(file: &'a ParsedFile, config: &FormatConfig) -> Formatter<'a> {
        let mut heredocs = Vec::new();
        for e in &file.program.body {
            collect_heredocs(e, &mut heredocs);
        }
        heredocs.sort();
        // Comments and bodies both in source order: one pass over each.
        let mut bodies: Vec<Span> = heredocs.iter().map(|(_, body)| *body).collect();
        bodies.sort();
        let (mut comments, mut ids) = (Vec::new(), Vec::new());
        let mut b = 0;
        for (i, c) in file.comments.iter().enumerate() {
            let start = c.span.start();
            while bodies.get(b).is_some_and(|body| body.end() <= start) {
                b += 1;
            }
            if bodies.get(b).is_none_or(|body| body.start() > start) {
                comments.push(c);
                ids.push(i);
            }
        }
        Formatter {
            src: &file.source,
            comments,
            ids,
            all: &file.comments,
            next: 0,
            heredocs,
            depth: 0,
            config: *config,
            in_param_type: false,
        }
    }

    /// The source text of `span`.
    fn s(&self, span: Span) -> &'a str {
        self.src.get(span.start()..span.end()).unwrap_or("")
    }

    /// Whether a line break lies between `a` and `b` (heredoc bodies do not count).
    fn has_newline(&self, a: usize, b: usize) -> bool {
        if a >= b {
            return false;
        }
        self.segments(a, b)
            .iter()
            .any(|&(x, y)| self.src.get(x..y).is_some_and(|t| t.contains('\n')))
    }

    /// The parts of `[a, b)` outside heredoc bodies.
    fn segments(&self, a: usize, b: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut cur = a;
        for (_, body) in &self.heredocs {
            if body.end() <= cur || body.start() >= b {
                continue;
            }
            if body.start() > cur {
                out.push((cur, body.start()));
            }
            cur = cur.max(body.end());
        }
        if cur < b {
            out.push((cur, b));
        }
        out
    }

    /// Whether a blank line separates `a` and `b` (heredoc bodies do not count).
    fn blank_between(&self, a: usize, b: usize) -> bool {
        if a >= b {
            return false;
        }
        self.segments(a, b)
            .iter()
            .any(|&(x, y)| self.src.get(x..y).is_some_and(has_blank_line))
    }

    /// The first occurrence of `kw` at or after `pos` outside comments.
    fn find_keyword(&self, pos: usize, kw: &str) -> Option<usize> {
        let mut i = pos;
        let bytes = self.src.as_bytes();
        while i < bytes.len() {
            if bytes.get(i) == Some(&b'#') {
                while i < bytes.len() && bytes.get(i) != Some(&b'\n') {
                    i += 1;
                }
                continue;
            }
            if bytes.get(i..i + 2) == Some(b"/*") {
                match self.src.get(i + 2..).and_then(|r| r.find("*/")) {
                    Some(k) => i += k + 4,
                    None => return None,
                }
                continue;
            }
            if self.src.get(i..).is_some_and(|r| r.starts_with(kw)) {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    /// The first `ch` at or after `pos`.
    fn find_from(&self, pos: usize, ch: char) -> Option<usize> {
        self.src.get(pos..)?.find(ch).map(|i| i + pos)
    }

    /// The end of the `,` or `;` that is the first thing after `pos` (whitespace aside),
    /// when it comes before `limit`.
    fn separator_end(&self, pos: usize, limit: usize) -> Option<usize> {
        let rest = self.src.get(pos..limit)?;
        let at = rest.find(|c: char| !c.is_whitespace())?;
        matches!(rest.get(at..at + 1), Some(",") | Some(";")).then_some(pos + at + 1)
    }

    /// The last `ch` before `pos`.
    fn rfind_before(&self, pos: usize, ch: char) -> Option<usize> {
        self.src.get(..pos)?.rfind(ch)
    }

    /// The `)` after the last argument (skipping comments and whitespace).
    fn find_close_paren(&self, from: usize, limit: usize) -> Option<usize> {
        let mut i = from;
        let bytes = self.src.as_bytes();
        while i < bytes.len() && i < limit {
            match bytes.get(i) {
                Some(b')') => return Some(i),
                Some(b'#') => {
                    while i < bytes.len() && bytes.get(i) != Some(&b'\n') {
                        i += 1;
                    }
                }
                _ => i += 1,
            }
        }
        None
    }
}

/// Whether `t` contains an empty line: two newlines with only whitespace between them.
fn has_blank_line(t: &str) -> bool {
    let mut seen_newline = false;
    for c in t.chars() {
        match c {
            '\n' if seen_newline => return true,
            '\n' => seen_newline = true,
            ' ' | '\t' | '\r' => {}
            _ => seen_newline = false,
        }
    }
    false
}

/// The openings and bodies of the heredocs in `e` and below.
fn collect_heredocs(e: &Expr, out: &mut Vec<(Span, Span)>) {
    if let ExprKind::Heredoc(h) = &e.kind {
        out.push((h.opening, h.text.span));
    }
    visit::for_each_child(e, &mut |child, _| collect_heredocs(child, out));
}
