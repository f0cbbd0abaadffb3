//! Resources: resource expressions (one body or several), attribute lists with aligned
//! arrows, resource defaults, overrides and collectors, and the `@`/`@@` forms.

use super::align::{marker_width, pad_marker, strip_marker};
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
                return self.verbatim(span);
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
        // Several bodies.
        let spans: Vec<Span> = r.bodies.iter().map(|b| b.span).collect();
        let l = self.list(open + 1, &spans, close, false, |me, i| {
            let Some(b) = r.bodies.get(i) else {
                return cat(vec![]);
            };
            let title = me.expr(&b.title);
            let colon = me
                .find_from(b.title.span.end(), ':')
                .unwrap_or(b.title.span.end());
            let ops = me.attr_list(colon + 1, b.span.end(), &b.ops);
            let mut v = vec![title, txt(":")];
            if ops.slots.is_empty() && ops.dangling.is_empty() && ops.open_suffix.is_empty() {
                v.push(txt(" "));
            } else {
                v.push(me.attr_lines(ops));
                v.push(Doc::HardLine);
            }
            cat(v)
        });
        // Blank line between bodies.
        let l = ListDocs {
            slots: l
                .slots
                .into_iter()
                .enumerate()
                .map(|(i, s)| Slot {
                    blank_before: i > 0,
                    ..s
                })
                .collect(),
            ..l
        };
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

    /// `Type <| query |>` or `Type <<| query |>>`, with an optional attribute block.
    pub(super) fn collector(&mut self, span: Span, c: &CollectExpr) -> Doc {
        let t = self.expr(&c.type_expr);
        let (o, cl) = if c.exported {
            ("<<|", "|>>")
        } else {
            ("<|", "|>")
        };
        let mut v = vec![t, txt(" "), txt(o)];
        if let Some(q) = &c.query {
            v.push(txt(" "));
            v.push(self.expr(q));
        }
        v.push(txt(" "));
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

fn form_prefix(f: ResourceForm) -> &'static str {
    match f {
        ResourceForm::Regular => "",
        ResourceForm::Virtual => "@",
        ResourceForm::Exported => "@@",
    }
}
