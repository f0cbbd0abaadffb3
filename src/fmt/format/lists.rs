//! Lists of elements (statements, attributes, entries, arguments, parameters): attaching
//! comments to the elements (with `# fmt: off` / `# fmt: on` regions and `# fmt: skip`
//! in statement lists) and laying them out, one per line or as a bracketed sequence that
//! breaks when it does not fit.

use super::comments::{line_suffix, Leading};
use super::{cat, txt, Formatter};
use crate::fmt::doc::Doc;
use crate::syntax::ast::*;

/// An element of a list with the comments attached to it.
pub(super) struct Slot {
    pub(super) leading: Vec<Leading>,
    pub(super) blank_before: bool,
    pub(super) doc: Doc,
    pub(super) trailing: Vec<Doc>,
}

/// A formatted list: comments after the opening bracket, the elements, and the comments
/// left before the closing bracket.
pub(super) struct ListDocs {
    pub(super) open_suffix: Vec<Doc>,
    pub(super) slots: Vec<Slot>,
    pub(super) dangling: Vec<Leading>,
}

/// Lays out list elements one per line, in turn ([`Formatter::lines`], or a file's
/// statements printed as they are formatted): whether one was laid out yet.
#[derive(Default)]
pub(super) struct Lines {
    started: bool,
}

impl Lines {
    /// Appends to `out` the line breaks before `s`, its leading comments, its document,
    /// `sep` and its trailing comments.
    pub(super) fn slot(&mut self, s: Slot, sep: Option<&str>, out: &mut Vec<Doc>) {
        let has_leading = !s.leading.is_empty();
        for (j, c) in s.leading.into_iter().enumerate() {
            if self.started {
                out.push(Doc::HardLine);
                if c.blank_before || (j == 0 && s.blank_before) {
                    out.push(Doc::HardLine);
                }
            }
            self.started = true;
            out.push(c.doc);
        }
        if self.started {
            out.push(Doc::HardLine);
            if s.blank_before && !has_leading {
                out.push(Doc::HardLine);
            }
        }
        self.started = true;
        out.push(s.doc);
        if let Some(sep) = sep {
            out.push(txt(sep));
        }
        out.extend(s.trailing);
    }

    /// Whether anything was laid out.
    pub(super) fn started(&self) -> bool {
        self.started
    }

    /// Appends a comment left after the last element (before the closing bracket).
    pub(super) fn dangling(&mut self, c: Leading, out: &mut Vec<Doc>) {
        if self.started {
            out.push(Doc::HardLine);
            if c.blank_before {
                out.push(Doc::HardLine);
            }
        }
        self.started = true;
        out.push(c.doc);
    }
}

impl ListDocs {
    /// The list with `f` applied to each element's document.
    pub(super) fn map_docs(self, mut f: impl FnMut(Doc) -> Doc) -> ListDocs {
        ListDocs {
            slots: self
                .slots
                .into_iter()
                .map(|s| Slot { doc: f(s.doc), ..s })
                .collect(),
            ..self
        }
    }

    pub(super) fn has_comments(&self) -> bool {
        !self.open_suffix.is_empty()
            || !self.dangling.is_empty()
            || self
                .slots
                .iter()
                .any(|s| !s.leading.is_empty() || !s.trailing.is_empty())
    }
}

impl<'a> Formatter<'a> {
    /// `d` on one line when it has no line break and fits on a line of its own: the left
    /// side of something too long for the line (a parameter's type before a long default,
    /// an assignment's target before a long value). Breaking it would not shorten the line,
    /// and, broken, it would be laid out differently the next time (out of the `=` column):
    /// formatting must be idempotent.
    pub(super) fn one_line_if_it_fits(&self, d: Doc) -> Doc {
        let at = (self.depth + 1) * self.config.indent_width;
        if !d.forces_break() && at + d.flat_width() <= self.config.line_width {
            d.flat()
        } else {
            d
        }
    }

    /// Attaches comments to the elements of a list and formats them.
    pub(super) fn list(
        &mut self,
        open_end: usize,
        spans: &[Span],
        close: usize,
        statements: bool,
        f: impl FnMut(&mut Self, usize) -> Doc,
    ) -> ListDocs {
        let mut slots = Vec::new();
        let (open_suffix, dangling) =
            self.list_each(open_end, spans, close, statements, f, |_, s| slots.push(s));
        ListDocs {
            open_suffix,
            slots,
            dangling,
        }
    }

    /// [`Self::list`] handing each element to `emit` as soon as it is formatted (so that a
    /// whole file's statements need not be held at once); returns the comments after the
    /// opening bracket and those left before the closing one.
    pub(super) fn list_each(
        &mut self,
        open_end: usize,
        spans: &[Span],
        close: usize,
        statements: bool,
        mut f: impl FnMut(&mut Self, usize) -> Doc,
        mut emit: impl FnMut(&mut Self, Slot),
    ) -> (Vec<Doc>, Vec<Leading>) {
        let mut open_suffix = Vec::new();
        while let Some(st) = self.comment_start(self.next) {
            if open_end == 0 || st < open_end || st >= close || self.has_newline(open_end, st) {
                break;
            }
            let first = spans.first().map_or(close, |s| s.start());
            if st >= first {
                break;
            }
            let (doc, _) = self.comment_doc(self.next);
            open_suffix.push(line_suffix(doc));
            self.next += 1;
        }
        let mut prev_end = open_end;
        let mut emitted = 0usize;
        let mut i = 0;
        while i < spans.len() {
            let span = spans.get(i).copied().unwrap_or_default();
            let mut leading = self.take_leading(prev_end, span.start());
            let blank_before =
                emitted > 0 && leading.is_empty() && self.blank_between(prev_end, span.start());
            let code_blank = !leading.is_empty()
                && self.blank_between(self.comment_end(self.next.saturating_sub(1)), span.start());
            if statements {
                if let Some(pos) = leading.iter().position(|l| l.text.trim() == "# fmt: off") {
                    // Verbatim region up to `# fmt: on` (or the end of the list).
                    let after: Vec<Leading> = leading.split_off(pos);
                    self.next -= after.len();
                    let off_start = self.comment_start(self.next).unwrap_or(span.start());
                    let mut end = spans.last().map_or(span.end(), |s| s.end());
                    let mut k = self.next + 1;
                    while let Some(st) = self.comment_start(k) {
                        if st >= close {
                            break;
                        }
                        if self.comment_text(k).trim() == "# fmt: on" {
                            end = self.comment_end(k);
                            break;
                        }
                        k += 1;
                    }
                    // The region takes whole statements: one that `# fmt: on` ends inside
                    // of (its comment among the statement's lines) up to its end.
                    let mut end = end.max(span.end());
                    while let Some(s) = spans.get(i).filter(|s| s.start() < end) {
                        end = end.max(s.end());
                        i += 1;
                    }
                    let doc = self.verbatim(Span::new(off_start, end));
                    let blank = after.first().is_some_and(|l| l.blank_before);
                    let limit = spans.get(i).map_or(close, |s| s.start());
                    let (trailing, tend) = self.take_trailing(end, limit);
                    emit(
                        self,
                        Slot {
                            leading,
                            blank_before: blank,
                            doc,
                            trailing,
                        },
                    );
                    emitted += 1;
                    prev_end = tend.max(end);
                    continue;
                }
            }
            let skip_lead = statements
                && leading
                    .last()
                    .is_some_and(|l| l.text.trim() == "# fmt: skip");
            let limit = spans.get(i + 1).map_or(close, |s| s.start());
            // A comment on the line of the separator after the element trails it, even when
            // the separator is on a line of its own (`;` after a multi-line body).
            let anchor = self.separator_end(span.end(), limit).unwrap_or(span.end());
            // A trailing `# fmt: skip` is the last statement's of its line (the statements
            // before it on the line go on lines of their own, formatted); one on the line of
            // the statement's separator trails it too, as it will once printed.
            let skip_trail = statements
                && self.comment_start(self.next).is_some_and(|st| {
                    st >= span.end()
                        && st < limit
                        && (!self.has_newline(span.end(), st)
                            || (st >= anchor && !self.has_newline(anchor, st)))
                        && self.comment_text(self.next).trim() == "# fmt: skip"
                });
            let doc = if skip_lead || skip_trail {
                self.verbatim(span)
            } else {
                let idx = i;
                self.guarded(span, |me| f(me, idx))
            };
            let doc = if code_blank {
                cat(vec![Doc::HardLine, doc])
            } else {
                doc
            };
            let (trailing, end) = self.take_trailing(anchor, limit);
            emit(
                self,
                Slot {
                    leading,
                    blank_before,
                    doc,
                    trailing,
                },
            );
            emitted += 1;
            prev_end = end.max(span.end());
            i += 1;
        }
        let dangling = self.take_leading(prev_end, close);
        (open_suffix, dangling)
    }

    /// Lays out a list one element per line: `sep` after each element (not after the last
    /// when `last_sep` is false); no leading or trailing newline.
    pub(super) fn lines(&self, l: ListDocs, sep: &str, last_sep: bool) -> Doc {
        let mut out = Vec::new();
        let mut joiner = Lines::default();
        let n = l.slots.len();
        for (i, s) in l.slots.into_iter().enumerate() {
            joiner.slot(s, (i + 1 < n || last_sep).then_some(sep), &mut out);
        }
        for c in l.dangling {
            joiner.dangling(c, &mut out);
        }
        cat(out)
    }

    /// `open` + elements one per line + `close`; `{}` style when empty.
    pub(super) fn braced_lines(
        &self,
        mut l: ListDocs,
        open: &str,
        close: &str,
        sep: &str,
        last_sep: bool,
    ) -> Doc {
        if l.slots.is_empty() && l.dangling.is_empty() && l.open_suffix.is_empty() {
            return txt(format!("{open}{close}"));
        }
        let suffix = std::mem::take(&mut l.open_suffix);
        let has_items = !(l.slots.is_empty() && l.dangling.is_empty());
        let mut v = vec![txt(open)];
        v.extend(suffix);
        if has_items {
            v.push(Doc::indent(cat(vec![
                Doc::HardLine,
                self.lines(l, sep, last_sep),
            ])));
        }
        v.push(Doc::HardLine);
        v.push(txt(close));
        cat(v)
    }

    /// A bracketed sequence: one line if written on one line and it fits, else one
    /// element per line with a trailing comma (a lone element that cannot break and would
    /// not fit on a line of its own stays between the brackets).
    /// `trailing`: whether the broken form ends with a comma (Puppet rejects one after
    /// access keys in parameter types and after method-call arguments).
    /// `line`: what stands inside the brackets on one line, a soft line (`[a, b]`) or a
    /// line, which is a space when flat (`{ a => 1 }`).
    pub(super) fn seq(
        &self,
        l: ListDocs,
        open: &str,
        close: &str,
        multi: bool,
        trailing: bool,
        line: Doc,
    ) -> Doc {
        if l.slots.is_empty() && !l.has_comments() {
            return txt(format!("{open}{close}"));
        }
        if multi || l.has_comments() {
            return self.braced_lines(l, open, close, ",", trailing);
        }
        if let [only] = l.slots.as_slice() {
            // One element that cannot break and is too wide for a line of its own
            // (`Pattern[/a long regex/]`): breaking around it would not shorten the line.
            let at = (self.depth + 1) * self.config.indent_width;
            if !only.doc.can_break() && at + only.doc.flat_width() > self.config.line_width {
                let pad = if matches!(line, Doc::Line) { " " } else { "" };
                let d = only.doc.clone();
                return cat(vec![
                    txt(format!("{open}{pad}")),
                    d,
                    txt(format!("{pad}{close}")),
                ]);
            }
        }
        let mut items = Vec::new();
        let n = l.slots.len();
        for (i, s) in l.slots.into_iter().enumerate() {
            items.push(s.doc);
            if i + 1 < n {
                items.push(txt(","));
                items.push(Doc::Line);
            }
        }
        Doc::group(cat(vec![
            txt(open),
            Doc::indent(cat(vec![line.clone(), cat(items)])),
            Doc::if_break(txt(if trailing { "," } else { "" }), cat(vec![])),
            line,
            txt(close),
        ]))
    }
}
