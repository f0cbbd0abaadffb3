//! Calls: function calls with and without parentheses, method calls (a chain on one line,
//! or one call a line when it does not fit or the source breaks it), argument lists that
//! hug a last hash or array, and lambdas with their parameters (short ones on one line).

use super::lists::ListDocs;
use super::{cat, txt, Formatter};
use crate::fmt::doc::Doc;
use crate::syntax::ast::*;

impl<'a> Formatter<'a> {
    pub(super) fn args(&mut self, open: usize, close: usize, args: &[Expr]) -> ListDocs {
        let spans: Vec<Span> = args.iter().map(|k| k.span).collect();
        self.list(open + 1, &spans, close, false, |me, i| {
            args.get(i).map_or(cat(vec![]), |k| me.expr(k))
        })
    }

    /// `(args)` with hugging of a last hash/array/lambda-like argument. Broken over lines,
    /// the last argument gets no comma (what most real code does; Puppet rejects one after
    /// a method call's arguments).
    pub(super) fn paren_args(&mut self, open: usize, close: usize, args: &[Expr]) -> Doc {
        let multi = self.has_newline(open, close)
            && args
                .first()
                .is_some_and(|a| self.has_newline(open, a.span.start()));
        self.args_in_parens(open, close, args, multi)
    }

    /// The arguments between `open` (the `(`, or what stands for it) and `close` in
    /// parentheses: one a line when `multi` (the source breaks after the `(`), else on one
    /// line when they fit, hugging a last hash, array or heredoc.
    fn args_in_parens(&mut self, open: usize, close: usize, args: &[Expr], multi: bool) -> Doc {
        let l = self.args(open, close, args);
        if !multi && !l.has_comments() && !l.slots.is_empty() {
            let n = l.slots.len();
            let last_forces = l.slots.last().is_some_and(|s| s.doc.forces_break());
            let others_flat = l.slots.iter().take(n - 1).all(|s| !s.doc.forces_break());
            let last_hug = args.last().is_some_and(|a| {
                matches!(
                    a.kind,
                    ExprKind::Hash {
                        synthetic: false,
                        ..
                    } | ExprKind::Array(_)
                        | ExprKind::Heredoc(_)
                )
            });
            if last_forces && others_flat && last_hug {
                let mut v = vec![txt("(")];
                for (i, s) in l.slots.into_iter().enumerate() {
                    if i > 0 {
                        v.push(txt(", "));
                    }
                    v.push(s.doc);
                }
                v.push(txt(")"));
                return cat(v);
            }
        }
        self.seq(l, "(", ")", multi, false, Doc::SoftLine)
    }

    /// ` |params| { body }`. A lambda written on one line whose body is one statement
    /// stays on one line when it fits (`|$i| { $i * 2 }`), as a short resource does.
    pub(super) fn lambda(&mut self, l: &Lambda) -> Doc {
        let mut v = vec![txt(" |")];
        for (i, p) in l.params.iter().enumerate() {
            if i > 0 {
                v.push(txt(", "));
            }
            let pd = self.guarded(p.span, |me| me.param_inline(p));
            v.push(pd);
        }
        v.push(txt("|"));
        let real: Vec<&Expr> = l
            .body
            .statements
            .iter()
            .filter(|e| !matches!(e.kind, ExprKind::Nop))
            .collect();
        let one_line = real.len() == 1
            && l.return_type.is_none()
            && !self.has_newline(l.span.start(), l.span.end())
            && self
                .comment_start(self.next)
                .is_none_or(|st| st >= l.span.end());
        match real.first() {
            Some(stmt) if one_line => {
                self.depth += 1;
                let d = self.expr(stmt);
                self.depth -= 1;
                v.push(Doc::group(cat(vec![
                    txt(" {"),
                    Doc::indent(cat(vec![Doc::Line, d])),
                    Doc::Line,
                    txt("}"),
                ])));
            }
            _ => self.return_type_and_body(l.return_type.as_ref(), &l.body, &mut v),
        }
        cat(v)
    }

    pub(super) fn param_inline(&mut self, p: &Parameter) -> Doc {
        let mut v = Vec::new();
        if let Some(t) = &p.type_expr {
            v.push(self.param_type(t));
            v.push(txt(" "));
        }
        if p.captures_rest {
            v.push(txt("*"));
        }
        v.push(txt(format!("${}", p.name.name)));
        if let Some(d) = &p.default {
            v.push(txt(" = "));
            v.push(self.expr(d));
        }
        cat(v)
    }

    /// Arguments of a call written without parentheses (`include a, b`): ` a, b`, after the
    /// call's name ending at `name_end`. When the first argument begins with a parenthesis
    /// (`notice⏎(x)`, `notice⏎($a + 1) + 8`), the list is put in parentheses (`notice((x))`): `notice (x)` would
    /// read as the call's own. It is then laid out as the arguments of that call (the
    /// name's end standing for its `(`), so that the next formatting, which reads that
    /// call, lays them out alike (comments among them included).
    pub(super) fn bare_args(&mut self, name_end: usize, args: &[Expr]) -> Doc {
        // Any first argument written from a `(` (`(x)`, `($a + 1) + 8`, `($a).f`).
        let wrap = args.first().is_some_and(|a| {
            matches!(a.kind, ExprKind::Paren(_))
                || self
                    .src
                    .get(a.span.start()..)
                    .is_some_and(|r| r.starts_with('('))
        });
        if wrap {
            // Not one a line: the `(` will be followed by the first argument's.
            let close = args.last().map_or(name_end, |a| a.span.end());
            return self.args_in_parens(name_end.saturating_sub(1), close, args, false);
        }
        let mut v = vec![txt(" ")];
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                v.push(txt(", "));
            }
            v.push(self.expr(a));
        }
        cat(v)
    }

    pub(super) fn call(&mut self, span: Span, c: &CallExpr) -> Doc {
        let f = self.expr(&c.functor);
        let args_end = c.lambda.as_ref().map_or(span.end(), |l| l.span.start());
        let mut v = vec![f];
        if c.parens {
            let open = self
                .find_from(c.functor.span.end(), '(')
                .unwrap_or(args_end);
            let close = self.rfind_before(args_end, ')').unwrap_or(args_end);
            v.push(self.paren_args(open, close, &c.args));
        } else if !c.args.is_empty() {
            v.push(self.bare_args(c.functor.span.end(), &c.args));
        }
        if let Some(l) = &c.lambda {
            v.push(self.lambda(l));
        }
        cat(v)
    }

    /// A method call, or a chain of them (`$a.b(1).c |$x| { ... }`). A chain of two or
    /// more calls stays on one line when it fits (up to its last lambda's body) and the
    /// source does not break it; otherwise each call goes on its own line, `.name` at +1.
    /// A single call is broken before its `.` only where the source breaks it.
    pub(super) fn method_call(&mut self, m: &MethodCallExpr) -> Doc {
        let mut calls = vec![m];
        let mut root = &m.receiver;
        while let ExprKind::MethodCall(inner) = &root.kind {
            calls.push(inner);
            root = &inner.receiver;
        }
        calls.reverse();
        let mut v = vec![self.expr(root)];
        let mut broken = false;
        // Each call, with the comments between it and its receiver (which break the
        // chain: a call goes on its own line after them).
        let mut parts = Vec::new();
        for c in &calls {
            let dot = self
                .rfind_before(c.name.span.start(), '.')
                .unwrap_or(c.name.span.start());
            let comments = self.comments_between(c.receiver.span.end(), dot);
            broken |= self.has_newline(c.receiver.span.end(), dot) || !comments.is_empty();
            parts.push((comments, self.call_after_dot(c)));
        }
        if calls.len() == 1 {
            let (comments, part) = parts.pop().unwrap_or_else(|| (Vec::new(), cat(vec![])));
            if broken {
                v.push(Doc::indent(cat(vec![cat(comments), Doc::HardLine, part])));
            } else {
                v.push(part);
            }
            return cat(v);
        }
        for (comments, part) in parts {
            if comments.is_empty() {
                v.push(Doc::if_break(
                    Doc::indent(cat(vec![Doc::SoftLine, part.clone()])),
                    part,
                ));
            } else {
                v.push(Doc::indent(cat(vec![cat(comments), Doc::HardLine, part])));
            }
        }
        Doc::LocalGroup {
            doc: Box::new(cat(v)),
            broken,
        }
    }

    /// `.name(args) |params| { body }` of one method call.
    fn call_after_dot(&mut self, m: &MethodCallExpr) -> Doc {
        let mut v = vec![txt("."), txt(m.name.name.clone())];
        let end = m.lambda.as_ref().map_or(usize::MAX, |l| l.span.start());
        if m.parens {
            let open = self
                .find_from(m.name.span.end(), '(')
                .unwrap_or(m.name.span.end());
            let last = m.args.last().map_or(open, |a| a.span.end());
            let close = self.find_close_paren(last, end).unwrap_or(last);
            v.push(self.paren_args(open, close, &m.args));
        } else if !m.args.is_empty() {
            v.push(self.bare_args(m.name.span.end(), &m.args));
        }
        if let Some(l) = &m.lambda {
            v.push(self.lambda(l));
        }
        cat(v)
    }
}
