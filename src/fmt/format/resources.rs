//! Resources: resource expressions (one body or several), attribute lists with aligned
//! arrows, resource defaults, overrides and collectors, and the `@`/`@@` forms.

use super::align::{marker_width, pad_marker, strip_marker};
use super::comments::Leading;
use super::lists::{ListDocs, Slot};
use super::{cat, txt, Formatter};
use crate::fmt::doc::Doc;
use crate::syntax::ast::*;

impl<'a> Formatter<'a> {
    pub(super) fn resource(&mut self, span: Span, r: &ResourceExpr) -> Doc {
        let t = self.expr(&r.type_name);
        let open = self
            .find_from(r.type_name.span.end(), '{')
            .unwrap_or(span.end());
        let close = span.end().saturating_sub(1);
        let prefix = txt(form_prefix(r.form));
        if r.bodies.len() == 1 {
            let Some(b) = r.bodies.first() else {
                return self.verbatim(span);
            };
            if self
                .comment_start(self.next)
                .is_some_and(|st| st < b.title.span.start())
            {
                // A comment before the title: the title goes on a line of its own after
                // it, as in a resource with several bodies.
                return self.several_bodies(open, close, prefix, t, &r.bodies);
            }
            let title = self.expr(&b.title);
            let colon = self
                .find_from(b.title.span.end(), ':')
                .unwrap_or(b.title.span.end());
            let one_line = !self.has_newline(span.start(), span.end())
                && b.ops.len() <= 1
                && !self.s(Span::new(colon, close)).trim_end().ends_with(',')
                && self
                    .comment_start(self.next)
                    .is_none_or(|st| st >= span.end());
            let ops = self.attr_list(colon + 1, close, &b.ops);
            if one_line && !ops.has_comments() && !ops.slots.is_empty() {
                let mut items = Vec::new();
                for sl in ops.slots {
                    items.push(strip_marker(sl.doc));
                }
                return Doc::group(cat(vec![
                    prefix,
                    t,
                    txt(" { "),
                    title,
                    txt(":"),
                    Doc::indent(cat(vec![
                        Doc::Line,
                        cat(items),
                        Doc::if_break(txt(","), cat(vec![])),
                    ])),
                    Doc::Line,
                    txt("}"),
                ]));
            }
            let mut v = vec![prefix, t, txt(" { "), title, txt(":")];
            if ops.slots.is_empty() && ops.dangling.is_empty() && ops.open_suffix.is_empty() {
                v.push(txt(" }"));
                return cat(v);
            }
            v.push(self.attr_lines(ops));
            v.push(Doc::HardLine);
            v.push(txt("}"));
            return cat(v);
        }
        self.several_bodies(open, close, prefix, t, &r.bodies)
    }

    /// A resource expression with several bodies: each title on its own line at +1. A
    /// body written on one line (no comment in it) stays there, `'title': attr => value;`,
    /// with the attributes of consecutive one-line bodies starting in one column (what
    /// nearly all real code does), unless the line would not fit; any other body has its
    /// attributes at +2, aligned, and `;` on a line of its own, with a blank line around it.
    fn several_bodies(
        &mut self,
        open: usize,
        close: usize,
        prefix: Doc,
        t: Doc,
        bodies: &[ResourceBody],
    ) -> Doc {
        // A body without attributes ends at its `;` when only comments come before it:
        // they are the body's (a comma after the title makes them so in the parse), printed
        // in it, so that they are there again the next time.
        let spans: Vec<Span> = bodies
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let limit = bodies.get(i + 1).map_or(close, |n| n.span.start());
                match b.ops.is_empty() {
                    true => Span::new(b.span.start(), self.semicolon_after_comments(b.span, limit)),
                    false => b.span,
                }
            })
            .collect();
        // A body that can stay on one line is formatted both ways, the choice made once
        // every body is known; the list holds a placeholder (`\u{2}`) for it.
        let mut forms: Vec<Option<Forms>> = Vec::new();
        // Whether each body ends its line with a comment (one without attributes with a
        // comment on its title's line).
        let mut ends_in_comment: Vec<bool> = Vec::new();
        let l = self.list(open + 1, &spans, close, false, |me, i| {
            let Some(b) = bodies.get(i) else {
                return cat(vec![]);
            };
            let candidate = !b.ops.is_empty()
                && !me.has_newline(b.span.start(), b.span.end())
                && me
                    .comment_start(me.next)
                    .is_none_or(|st| st >= b.span.end());
            let title = me.expr(&b.title);
            let colon = me
                .find_from(b.title.span.end(), ':')
                .unwrap_or(b.title.span.end());
            let end = spans.get(i).map_or(b.span.end(), |s| s.end());
            let ops = me.attr_list(colon + 1, end, &b.ops);
            let one = candidate.then(|| {
                let mut items = Vec::new();
                for (k, sl) in ops.slots.iter().enumerate() {
                    if k > 0 {
                        items.push(txt(", "));
                    }
                    items.push(strip_marker(sl.doc.clone()));
                }
                cat(items)
            });
            let title_w = title.flat_width();
            let mut v = vec![title.clone(), txt(":")];
            if ops.slots.is_empty() && ops.dangling.is_empty() {
                // Comments on the title's line trail the body's `;`.
                ends_in_comment.push(!ops.open_suffix.is_empty());
                v.push(txt(" "));
                v.extend(ops.open_suffix);
            } else {
                ends_in_comment.push(false);
                v.push(me.attr_lines(ops));
                v.push(Doc::HardLine);
            }
            let multi = cat(v);
            match one {
                Some(attrs) => {
                    forms.push(Some(Forms {
                        title,
                        title_w,
                        attrs_w: attrs.flat_width(),
                        attrs,
                        multi,
                    }));
                    txt("\u{2}")
                }
                None => {
                    forms.push(None);
                    multi
                }
            }
        });
        // Which one-line bodies fit, with the attributes of each run of consecutive
        // one-line bodies in one column. A body that does not fit even alone is broken;
        // then, while some line of a run does not fit, the body with the widest title
        // (which pushes the column right) is broken. Each step only breaks bodies, so
        // this ends, and formatting the result again keeps the same bodies on one line.
        let indent = (self.depth + 1) * self.config.indent_width;
        let width = self.config.line_width;
        let fits = |f: &Forms, col: usize| indent + col + 2 + f.attrs_w < width;
        let mut keep: Vec<bool> = forms
            .iter()
            .map(|f| f.as_ref().is_some_and(|f| fits(f, f.title_w)))
            .collect();
        let mut columns;
        loop {
            columns = vec![0; keep.len()];
            let mut widest_misfit = None;
            let mut start = 0;
            while start < keep.len() {
                let mut end = start;
                while keep.get(end) == Some(&true) {
                    end += 1;
                }
                let run: Vec<(usize, &Forms)> = (start..end)
                    .filter_map(|i| forms.get(i).and_then(Option::as_ref).map(|f| (i, f)))
                    .collect();
                let max = run.iter().map(|(_, f)| f.title_w).max().unwrap_or(0);
                for c in columns.iter_mut().take(end).skip(start) {
                    *c = max;
                }
                if widest_misfit.is_none() && run.iter().any(|(_, f)| !fits(f, max)) {
                    widest_misfit = run
                        .iter()
                        .rev()
                        .max_by_key(|(_, f)| f.title_w)
                        .map(|(i, _)| *i);
                }
                start = end + 1;
            }
            match widest_misfit.and_then(|i| keep.get_mut(i)) {
                Some(k) => *k = false,
                None => break,
            }
        }
        let mut slots = Vec::new();
        for (i, s) in l.slots.into_iter().enumerate() {
            let this = keep.get(i) == Some(&true);
            let prev = i > 0 && keep.get(i - 1) == Some(&true);
            let doc = match forms.get_mut(i).and_then(Option::take) {
                Some(f) if this => {
                    let col = columns.get(i).copied().unwrap_or(f.title_w);
                    let one = cat(vec![
                        f.title,
                        txt(":"),
                        txt(" ".repeat(col.saturating_sub(f.title_w) + 1)),
                        f.attrs,
                    ]);
                    fill_placeholder(s.doc, &mut Some(one))
                }
                Some(f) => fill_placeholder(s.doc, &mut Some(f.multi)),
                None => s.doc,
            };
            slots.push(Slot {
                blank_before: s.blank_before || (i > 0 && !(this && prev)),
                doc,
                ..s
            });
        }
        // After a body whose line ends with its title's comment, the comments after its
        // `;` go before the next body, each on a line of its own, where the next run reads
        // them (after the last body they are printed below it, as the next run does too).
        for i in 1..slots.len() {
            if ends_in_comment.get(i - 1) != Some(&true) {
                continue;
            }
            let (before, after) = slots.split_at_mut(i);
            let (Some(prev), Some(next)) = (before.last_mut(), after.first_mut()) else {
                continue;
            };
            let moved: Option<Vec<Leading>> = prev.trailing.iter().map(suffix_comment).collect();
            if let Some(moved) = moved.filter(|m| !m.is_empty()) {
                prev.trailing.clear();
                next.leading.splice(0..0, moved);
            }
        }
        let l = ListDocs { slots, ..l };
        cat(vec![
            prefix,
            t,
            txt(" "),
            self.braced_lines(l, "{", "}", ";", true),
        ])
    }

    pub(super) fn attr_list(
        &mut self,
        open_end: usize,
        close: usize,
        ops: &[AttributeOp],
    ) -> ListDocs {
        let spans: Vec<Span> = ops.iter().map(|o| o.span()).collect();
        self.list(open_end, &spans, close, false, |me, i| match ops.get(i) {
            Some(AttributeOp::Attribute {
                name, op, value, ..
            }) => {
                let v = me.expr(value);
                let w = name.name.chars().count();
                let o = match op {
                    AttributeOperator::Assign => "=>",
                    AttributeOperator::Append => "+>",
                };
                cat(vec![
                    txt(name.name.clone()),
                    txt(format!("\u{0}{w}")),
                    txt(format!(" {o} ")),
                    v,
                ])
            }
            Some(AttributeOp::Splat { value, .. }) => {
                let v = me.expr(value);
                cat(vec![txt("*"), txt("\u{0}1"), txt(" => "), v])
            }
            None => cat(vec![]),
        })
    }

    /// The `;` after `span` when only whitespace and comments stand between them (and it
    /// is before `limit`), else the end of `span`.
    fn semicolon_after_comments(&self, span: Span, limit: usize) -> usize {
        let mut pos = span.end();
        let mut k = self.all.partition_point(|c| c.span.start() < pos);
        loop {
            let Some(rest) = self.src.get(pos..limit) else {
                return span.end();
            };
            let Some(at) = rest.find(|c: char| !c.is_whitespace()) else {
                return span.end();
            };
            let at = pos + at;
            if self.src.get(at..at + 1) == Some(";") {
                return at;
            }
            match self.all.get(k) {
                Some(c) if c.span.start() == at => {
                    pos = c.span.end();
                    k += 1;
                }
                _ => return span.end(),
            }
        }
    }

    /// Attribute lines (indented, aligned, trailing commas), starting with a newline.
    pub(super) fn attr_lines(&self, ops: ListDocs) -> Doc {
        let max = ops
            .slots
            .iter()
            .map(|s| marker_width(&s.doc))
            .max()
            .unwrap_or(0);
        let mut ops = ops.map_docs(|d| pad_marker(d, max));
        let suffix = std::mem::take(&mut ops.open_suffix);
        let mut v = suffix;
        v.push(Doc::indent(cat(vec![
            Doc::HardLine,
            self.lines(ops, ",", true),
        ])));
        cat(v)
    }

    /// `{ attrs }` block of resource defaults, overrides and collectors.
    pub(super) fn attr_block(&mut self, open: usize, close: usize, ops: &[AttributeOp]) -> Doc {
        let l = self.attr_list(open + 1, close, ops);
        if l.slots.is_empty() && !l.has_comments() {
            return txt("{}");
        }
        cat(vec![txt("{"), self.attr_lines(l), Doc::HardLine, txt("}")])
    }

    /// Resource defaults (`File { ... }`) and overrides (`File['x'] { ... }`): `target`,
    /// then the attribute block.
    pub(super) fn attribute_statement(
        &mut self,
        span: Span,
        form: ResourceForm,
        target: &Expr,
        ops: &[AttributeOp],
    ) -> Doc {
        let t = self.expr(target);
        let b = self.attr_block_after(target.span.end(), span, ops);
        cat(vec![txt(form_prefix(form)), t, txt(" "), b])
    }

    /// `Type<| query |>` or `Type<<| query |>>` (`Type<||>` without a query), with an
    /// optional attribute block.
    pub(super) fn collector(&mut self, span: Span, c: &CollectExpr) -> Doc {
        let t = self.expr(&c.type_expr);
        let (o, cl) = if c.exported {
            ("<<|", "|>>")
        } else {
            ("<|", "|>")
        };
        let mut v = vec![t, txt(o)];
        if let Some(q) = &c.query {
            v.push(txt(" "));
            v.push(self.expr(q));
            v.push(txt(" "));
        }
        v.push(txt(cl));
        if c.query_span.end() < span.end() {
            v.push(txt(" "));
            v.push(self.attr_block_after(c.query_span.end(), span, &c.ops));
        }
        cat(v)
    }

    /// The attribute block that opens at the first `{` after `from` and closes at the end
    /// of the statement's `span`.
    fn attr_block_after(&mut self, from: usize, span: Span, ops: &[AttributeOp]) -> Doc {
        let open = self.find_from(from, '{').unwrap_or(span.end());
        self.attr_block(open, span.end().saturating_sub(1), ops)
    }
}

/// The two layouts of a body of a resource with several bodies.
struct Forms {
    title: Doc,
    title_w: usize,
    /// The attributes on one line, and their width.
    attrs: Doc,
    attrs_w: usize,
    /// Title, then the attributes one a line.
    multi: Doc,
}

/// `d` with its `\u{2}` placeholder replaced by `with`.
fn fill_placeholder(d: Doc, with: &mut Option<Doc>) -> Doc {
    match d {
        Doc::Text(t) if t == "\u{2}" => with.take().unwrap_or(Doc::Text(t)),
        Doc::Concat(v) => Doc::Concat(v.into_iter().map(|x| fill_placeholder(x, with)).collect()),
        other => other,
    }
}

fn form_prefix(f: ResourceForm) -> &'static str {
    match f {
        ResourceForm::Regular => "",
        ResourceForm::Virtual => "@",
        ResourceForm::Exported => "@@",
    }
}

/// A trailing comment's document ([`super::comments::line_suffix`]) as a comment on a line
/// of its own (`None` for any other document).
fn suffix_comment(d: &Doc) -> Option<Leading> {
    let Doc::LineSuffix(inner) = d else {
        return None;
    };
    match &**inner {
        Doc::Concat(v) => match v.as_slice() {
            [Doc::Text(space), Doc::Comment(i, t)] if space == " " => Some(Leading {
                blank_before: false,
                doc: Doc::Comment(*i, t.clone()),
                text: t.clone(),
            }),
            _ => None,
        },
        _ => None,
    }
}
