//! Strings: single- and double-quoted literals, interpolation (with Puppet's `${name}`
//! variable rule) and heredocs (tag, margin, trim, escapes), with their warnings.

use tree_sitter::Node;

use super::nodes::{at, nop, span};
use super::string_run::{self, Escapes, Piece};
use super::walk::Lowerer;
use crate::syntax::ast::*;
use crate::syntax::strings::{self, EscapeIssue, EscapeSet, HeredocSpec};

impl<'t, 's> Lowerer<'t, 's> {
    /// Decode escapes of a text piece, reporting issues at `report_at` (Puppet reports
    /// them at the end of the string part).
    pub(super) fn decode(
        &mut self,
        raw: &str,
        set: &EscapeSet,
        report_at: usize,
        heredoc: bool,
    ) -> String {
        let mut issues = Vec::new();
        let value = strings::decode_escapes(raw, set, &mut issues);
        for issue in issues {
            let message = issue.message();
            if issue.is_warning() && !heredoc {
                self.warning(at(report_at), message);
            } else if heredoc && issue == EscapeIssue::BadUnicode {
                // Puppet crashes on a bad `\u` in a `/u` heredoc.
                self.error(at(report_at), message);
            } else {
                self.error(at(report_at), message);
            }
        }
        value
    }

    pub(super) fn double_quoted(&mut self, node: Node<'t>) -> ExprKind {
        let set = EscapeSet::double_quoted();
        // The children are read one at a time with a cursor of their own (lowering an
        // interpolation moves `self.cursor`), never collected. A text run holds the
        // string's plain variables too (`string_run.rs`): a string may have millions.
        let mut cursor = node.walk();
        let (mut capacity, mut interpolations) = (0, 0);
        if cursor.goto_first_child() {
            loop {
                let n = cursor.node();
                if n.kind_id() == self.ids.k.string_text {
                    let pieces = string_run::max_pieces(self.text(n));
                    capacity += pieces;
                    interpolations += pieces / 2;
                } else if n.is_named() {
                    capacity += 1;
                    interpolations += 1;
                }
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        let mut parts = StringParts::with_capacity(capacity, interpolations);
        // Text pieces not yet decoded: their escapes are reported at the end of their
        // part, the start of the next interpolation (or the closing quote).
        let mut texts: Vec<Span> = Vec::new();
        let mut any = false;
        cursor.reset(node);
        if cursor.goto_first_child() {
            loop {
                let n = cursor.node();
                if n.is_named() && !n.is_extra() {
                    any = true;
                    let id = n.kind_id();
                    if id == self.ids.k.string_text {
                        let run = self.text(n);
                        string_run::split(run, n.start_byte(), Escapes::All, |piece| match piece {
                            Piece::Text(s) => texts.push(s),
                            Piece::Short(whole) => {
                                self.decode_texts(&mut texts, &mut parts, &set, whole.start() + 1);
                                let name = self.src.get(whole.start() + 1..whole.end());
                                push_variable(&mut parts, name, whole, whole, false);
                            }
                            Piece::Braced { whole, name } => {
                                self.decode_texts(&mut texts, &mut parts, &set, whole.start() + 2);
                                let text = self.src.get(name.start()..name.end());
                                push_variable(&mut parts, text, name, whole, true);
                            }
                        });
                    } else {
                        let report_at = if id == self.ids.k.interpolation {
                            n.start_byte() + 2
                        } else {
                            n.start_byte() + 1
                        };
                        self.decode_texts(&mut texts, &mut parts, &set, report_at);
                        if id == self.ids.k.interpolation || id == self.ids.k.short_interpolation {
                            self.interpolation_part(n, &mut parts);
                        }
                    }
                }
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        if !any {
            let t = self.text(node);
            let inner = t.strip_prefix('"').unwrap_or(t);
            let inner = inner.strip_suffix('"').unwrap_or(inner);
            return ExprKind::String {
                value: self.decode(inner, &set, node.end_byte(), false),
                style: StringStyle::Double,
            };
        }
        self.decode_texts(&mut texts, &mut parts, &set, node.end_byte());
        finish_parts(parts, StringStyle::Double)
    }

    /// Decodes the raw text pieces `texts` (taking them) into `parts`, reporting escape
    /// issues at `report_at`.
    fn decode_texts(
        &mut self,
        texts: &mut Vec<Span>,
        parts: &mut StringParts,
        set: &EscapeSet,
        report_at: usize,
    ) {
        for s in texts.drain(..) {
            let raw = self.src.get(s.start()..s.end()).unwrap_or("");
            let value = self.decode(raw, set, report_at, false);
            parts.push_text(&value, s);
        }
    }

    /// Decodes the pending text of a heredoc into its parts, reporting escape issues at
    /// `last_at` when it is the body's last piece, else at its end.
    fn decode_pending(&mut self, text: &mut HeredocText, set: &EscapeSet, last_at: Option<usize>) {
        if let Some((raw, s)) = text.pending.take() {
            let value = self.decode(&raw, set, last_at.unwrap_or(s.end()), true);
            text.parts.push_text(&value, s);
        }
    }

    /// Lowers the interpolation `n` (`$name` or `${...}`) into `parts`.
    pub(super) fn interpolation_part(&mut self, n: Node<'t>, parts: &mut StringParts) {
        if n.kind_id() == self.ids.k.short_interpolation {
            let t = self.text(n);
            let name = ExprKind::Variable(t.strip_prefix('$').unwrap_or(t).to_string());
            parts.push_interpolation(Expr::new(name, span(n)), false, span(n));
            return;
        }
        let inner = self.named_kids(n).into_iter().next();
        let expr = match inner {
            Some(i) => {
                self.var_override = self.variable_rule(i);
                let e = self.expr(i);
                self.var_override = None;
                e
            }
            None => nop(span(n)),
        };
        parts.push_interpolation(expr, true, span(n));
    }

    /// Puppet's `${...}` rule: the first token becomes a variable when it is the only token
    /// or is directly followed by `.` or `[`. Returns that token's start byte.
    pub(super) fn variable_rule(&self, inner: Node<'t>) -> Option<usize> {
        let mut leaf = inner;
        while let Some(c) = leaf.child(0) {
            if leaf.kind_id() == self.ids.k.double_quoted_string
                || leaf.kind_id() == self.ids.k.heredoc
            {
                return None;
            }
            leaf = c;
        }
        if !self.is_convertible(leaf) && !self.is_convertible(leaf.parent()?) {
            return None;
        }
        // A keyword token may sit inside a named wrapper (e.g. `true`).
        let token = if self.is_convertible(leaf) {
            leaf
        } else {
            leaf.parent()?
        };
        if token.start_byte() == inner.start_byte() && token.end_byte() == inner.end_byte() {
            return Some(token.start_byte());
        }
        let after = self.src.get(token.end_byte()..).unwrap_or("");
        if after.starts_with('[') || after.trim_start().starts_with('.') {
            return Some(token.start_byte());
        }
        None
    }

    pub(super) fn heredoc(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.kids(node);
        let raw_tag = match kids
            .iter()
            .find(|(_, n)| n.kind_id() == self.ids.k.heredoc_tag)
        {
            Some((_, t)) => self.text(*t),
            None => {
                let t = self.text(node);
                let t = t.strip_prefix("@(").unwrap_or(t);
                t.strip_suffix(')').unwrap_or(t)
            }
        };
        let spec = match strings::parse_heredoc_tag(raw_tag) {
            Ok(s) => s,
            Err(message) => {
                self.error(at(node.end_byte()), message);
                HeredocSpec {
                    tag: raw_tag.trim().to_string(),
                    syntax: None,
                    interpolate: false,
                    flags: None,
                }
            }
        };
        let text = match self.heredoc_bodies.get(&node.start_byte()).copied() {
            Some(body) => self.heredoc_text(body, &spec, Escapes::of_heredoc_tag(raw_tag)),
            None => {
                let newline = self
                    .src
                    .get(node.end_byte()..)
                    .unwrap_or("")
                    .find('\n')
                    .map(|i| i + node.end_byte());
                match newline {
                    None => self.error(
                        at(self.src.len()),
                        "Heredoc without any following lines of text",
                    ),
                    Some(nl) => {
                        // Where its body would start: after the bodies of the earlier
                        // heredocs of the same line, else on the next line.
                        let start = match self.body_ends.get(&nl) {
                            Some(end) => end + 1,
                            None => nl + 1,
                        }
                        .min(self.src.len());
                        self.error(at(start), "Heredoc without end-tagged line");
                        // What tree-sitter reports after this point follows from it.
                        self.suppress.push((nl, self.src.len()));
                    }
                }
                Expr::new(
                    ExprKind::String {
                        value: String::new(),
                        style: StringStyle::Single,
                    },
                    at(node.end_byte()),
                )
            }
        };
        ExprKind::Heredoc(Box::new(Heredoc {
            syntax: spec.syntax,
            tag: spec.tag,
            interpolate: spec.interpolate,
            flags: spec.flags,
            text,
            opening: span(node),
        }))
    }

    /// The text of the heredoc body `body`; `escapes`: the backslashes its scanner read as
    /// escapes (to split its text runs as the scanner did).
    pub(super) fn heredoc_text(
        &mut self,
        body: Node<'t>,
        spec: &HeredocSpec,
        escapes: Escapes,
    ) -> Expr {
        let kids = self.kids(body);
        let k = &self.ids.k;
        let end = kids
            .iter()
            .find(|(_, n)| n.kind_id() == k.heredoc_end && !n.is_missing())
            .map(|(_, n)| *n);
        if end.is_none() {
            // Puppet reports it where the body starts (the line after the opening).
            let start = (body.start_byte() + 1).min(self.src.len());
            self.error(at(start), "Heredoc without end-tagged line");
        }
        let end_line = end
            .and_then(|e| strings::match_end_line(self.text(e), &spec.tag))
            .unwrap_or(strings::EndLine {
                margin: None,
                trim: false,
            });
        let margin = end_line.margin.clone().unwrap_or_default();
        let set = match &spec.flags {
            Some(f) => EscapeSet::heredoc(f),
            None => EscapeSet::none(),
        };
        // The parts are made as the pieces come (a body may hold millions): margin-stripped
        // text is kept raw until the next interpolation, or the end, says where its escape
        // issues are reported and whether it is the last piece (which the end line's `-`
        // trims).
        let mut text = HeredocText {
            parts: StringParts::default(),
            pending: None,
            body_start: body.start_byte(),
            margin: &margin,
        };
        for (_, n) in &kids {
            let id = n.kind_id();
            if id == k.heredoc_end || !n.is_named() {
                continue;
            }
            let is_interp = id == k.interpolation || id == k.short_interpolation;
            if is_interp && spec.interpolate {
                self.decode_pending(&mut text, &set, None);
                self.interpolation_part(*n, &mut text.parts);
            } else if id == k.heredoc_text && spec.interpolate {
                let run = self.text(*n);
                string_run::split(run, n.start_byte(), escapes, |piece| match piece {
                    string_run::Piece::Text(s) => text.push_raw(self.src, s),
                    string_run::Piece::Short(whole) => {
                        self.decode_pending(&mut text, &set, None);
                        let name = self.src.get(whole.start() + 1..whole.end());
                        push_variable(&mut text.parts, name, whole, whole, false);
                    }
                    string_run::Piece::Braced { whole, name } => {
                        self.decode_pending(&mut text, &set, None);
                        let name_text = self.src.get(name.start()..name.end());
                        push_variable(&mut text.parts, name_text, name, whole, true);
                    }
                });
            } else {
                text.push_raw(self.src, span(*n));
            }
        }
        if end_line.trim {
            if let Some((t, _)) = &mut text.pending {
                strings::trim_final_newline(t);
            }
        }
        self.decode_pending(&mut text, &set, Some(body.end_byte()));
        let parts = text.parts;
        let style = if spec.interpolate {
            StringStyle::Double
        } else {
            StringStyle::Single
        };
        // The body's node starts at the newline that ends the opening line.
        let mut text_span = span(body);
        if self.src.as_bytes().get(body.start_byte()) == Some(&b'\n') {
            text_span.start += 1;
        }
        Expr::new(finish_parts(parts, style), text_span)
    }
}

/// A heredoc's text being lowered: its parts so far, and the margin-stripped raw text
/// after them, not yet decoded.
struct HeredocText<'m> {
    parts: StringParts,
    pending: Option<(String, Span)>,
    body_start: usize,
    margin: &'m str,
}

impl HeredocText<'_> {
    /// The raw text at `s` of `src`, margin-stripped where it starts a line, joined to the
    /// pending text.
    fn push_raw(&mut self, src: &str, s: Span) {
        let start = s.start();
        let line_start = start == self.body_start
            || start.checked_sub(1).and_then(|i| src.as_bytes().get(i)) == Some(&b'\n');
        let raw = src.get(start..s.end()).unwrap_or("");
        let stripped = strings::strip_margin(raw, self.margin, line_start);
        match &mut self.pending {
            Some((t, at)) => {
                t.push_str(&stripped);
                *at = at.cover(s);
            }
            None => self.pending = Some((stripped, s)),
        }
    }
}

/// Appends the interpolation of the variable `name` (spanning `name_span`), written `whole`.
fn push_variable(
    parts: &mut StringParts,
    name: Option<&str>,
    name_span: Span,
    whole: Span,
    braces: bool,
) {
    let expr = Expr::new(
        ExprKind::Variable(name.unwrap_or("").to_string()),
        name_span,
    );
    parts.push_interpolation(expr, braces, whole);
}

/// A plain `String` when there is no interpolation, else a `Concat` without empty texts.
fn finish_parts(mut parts: StringParts, style: StringStyle) -> ExprKind {
    if parts.is_all_text() {
        return ExprKind::String {
            value: parts.into_text(),
            style,
        };
    }
    parts.finish();
    ExprKind::Concat(Box::new(parts))
}
