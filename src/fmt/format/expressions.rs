//! Expressions: the dispatch on the node kind (each family formats in its own file),
//! literals and names as written, unary and binary operators, assignments,
//! relationships (`->` chains), parentheses, access (`x[...]`) and selectors.

use super::{cat, txt, Formatter};
use crate::fmt::doc::Doc;
use crate::syntax::ast::*;

impl<'a> Formatter<'a> {
    pub(super) fn expr(&mut self, e: &Expr) -> Doc {
        let span = e.span;
        self.guarded(span, |me| me.expr_inner(e))
    }

    fn expr_inner(&mut self, e: &Expr) -> Doc {
        match &e.kind {
            ExprKind::Nop => cat(vec![]),
            ExprKind::String {
                style: StringStyle::Double,
                ..
            } => self.double_quoted(e.span),
            ExprKind::Concat(parts) => txt(self.concat(e.span, parts)),
            ExprKind::Heredoc(h) => self.heredoc(e.span, h),
            ExprKind::Integer { .. }
            | ExprKind::Float(_)
            | ExprKind::String { .. }
            | ExprKind::Boolean(_)
            | ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Regex { .. }
            | ExprKind::Reserved(_)
            | ExprKind::QualifiedName(_)
            | ExprKind::QualifiedReference(_)
            | ExprKind::Variable(_) => txt(self.s(e.span)),
            ExprKind::Array(items) => self.array(e.span, items),
            ExprKind::Hash { entries, synthetic } => {
                if *synthetic {
                    self.synthetic_hash(entries)
                } else {
                    self.hash(e.span, entries)
                }
            }
            ExprKind::Access { target, keys } => self.access(e.span, target, keys),
            ExprKind::Unary { op, operand } => self.unary(*op, operand),
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs),
            ExprKind::Assignment { op, lhs, rhs } => {
                let l = self.expr(lhs);
                let r = self.expr(rhs);
                cat(vec![l, txt(format!(" {} ", op.as_str())), r])
            }
            ExprKind::Relationship { op, lhs, rhs } => self.relationship(*op, lhs, rhs),
            ExprKind::Paren(inner) => {
                let i = self.expr(inner);
                cat(vec![txt("("), i, txt(")")])
            }
            ExprKind::Selector {
                subject,
                entries,
                braces,
            } => self.selector(e.span, subject, entries, *braces),
            ExprKind::If(i) => self.if_expr(i, "if"),
            ExprKind::Unless(u) => self.unless(u),
            ExprKind::Case(c) => self.case(e.span, c),
            ExprKind::Call(c) => self.call(e.span, c),
            ExprKind::MethodCall(m) => self.method_call(m),
            ExprKind::Resource(r) => self.resource(e.span, r),
            ExprKind::ResourceDefaults(d) => {
                self.attribute_statement(e.span, d.form, &d.type_ref, &d.ops)
            }
            ExprKind::ResourceOverride(o) => {
                self.attribute_statement(e.span, o.form, &o.resources, &o.ops)
            }
            ExprKind::Collect(c) => self.collector(e.span, c),
            ExprKind::Class(c) => self.definition(
                "class ",
                c.name_span,
                &c.params,
                c.has_param_list,
                c.parent.as_ref().map(|p| p.name.as_str()),
                &c.body,
            ),
            ExprKind::Define(d) => self.definition(
                "define ",
                d.name_span,
                &d.params,
                d.has_param_list,
                None,
                &d.body,
            ),
            ExprKind::Plan(d) => self.definition(
                "plan ",
                d.name_span,
                &d.params,
                d.has_param_list,
                None,
                &d.body,
            ),
            ExprKind::Function(d) => self.function(d),
            ExprKind::Node(n) => self.node(n),
            ExprKind::TypeAlias(t) => self.type_alias(e.span, t),
            ExprKind::TypeMapping { .. }
            | ExprKind::TypeDefinition(_)
            | ExprKind::Block(_)
            | ExprKind::Epp(_)
            | ExprKind::RenderString(_)
            | ExprKind::Render(_) => self.verbatim(e.span),
        }
    }

    fn access(&mut self, span: Span, target: &Expr, keys: &[Expr]) -> Doc {
        let t = self.expr(target);
        let open = self
            .find_from(target.span.end(), '[')
            .unwrap_or(target.span.end());
        let close = span.end().saturating_sub(1);
        let multi = self.has_newline(open, close);
        let spans: Vec<Span> = keys.iter().map(|k| k.span).collect();
        let l = self.list(open + 1, &spans, close, false, |me, i| {
            keys.get(i).map_or(cat(vec![]), |k| me.expr(k))
        });
        // A trailing comma when broken over lines with two or more keys (none after a
        // single `{ ... }` of a `Struct[`, as real code writes it), never in a parameter's
        // type, where Puppet rejects it.
        let trailing = keys.len() > 1 && !self.in_param_type;
        cat(vec![
            t,
            self.seq(l, "[", "]", multi, trailing, Doc::SoftLine),
        ])
    }

    fn unary(&mut self, op: UnaryOp, operand: &Expr) -> Doc {
        let o = self.expr(operand);
        let p = match op {
            UnaryOp::Not => "!",
            UnaryOp::Neg => "-",
            UnaryOp::Splat => "*",
        };
        cat(vec![txt(p), o])
    }

    /// `a op b`; a line break written before `b` is kept (with `b` indented). Comments
    /// between the operands stay on their side of the operator, so that no text moves
    /// across a `/` (after `}` or `undef`, Puppet reads `/` up to the next `/` as a regex:
    /// `{} # a/b` then `/ 2` on the next line divides, `{} / # a/b` does not). Those after
    /// the operator follow it (on its line at the end of that line, the others each on a
    /// line of their own), `b` on the next line; with comments before the operator, the
    /// operator begins a line of its own after them. The layout is the same when formatted
    /// again.
    fn binary(&mut self, op: BinaryOp, lhs: &Expr, rhs: &Expr) -> Doc {
        let l = self.expr(lhs);
        let (end, next) = (lhs.span.end(), rhs.span.start());
        let at = self.operator_start(end, next);
        let mut before = self.comments_between(end, at);
        let mut after = self.comments_between(at, next);
        let r = self.expr(rhs);
        let op = op.as_str();
        if !before.is_empty() {
            before.extend([Doc::HardLine, txt(op)]);
            if after.is_empty() && !self.has_newline(at, next) {
                before.extend([txt(" "), r]);
            } else {
                before.extend(after);
                before.extend([Doc::HardLine, r]);
            }
            cat(vec![l, Doc::indent(cat(before))])
        } else if !after.is_empty() || self.has_newline(end, next) {
            after.extend([Doc::HardLine, r]);
            cat(vec![l, txt(format!(" {op}")), Doc::indent(cat(after))])
        } else {
            cat(vec![l, txt(format!(" {op} ")), r])
        }
    }

    /// Where the operator between two operands starts: the first code after `end` (the
    /// left operand's end), past blanks and comments.
    fn operator_start(&self, end: usize, next: usize) -> usize {
        let mut pos = end;
        let mut i = self.next;
        loop {
            let rest = self.s(Span::new(pos, next));
            pos += rest.len() - rest.trim_start().len();
            match self.comment_start(i) {
                Some(st) if st == pos => {
                    pos = self.comment_end(i);
                    i += 1;
                }
                _ => return pos,
            }
        }
    }

    /// `a -> b`; a line break or comments between the operands put the arrow at the start
    /// of the next line.
    fn relationship(&mut self, op: RelationshipOp, lhs: &Expr, rhs: &Expr) -> Doc {
        let l = self.expr(lhs);
        let between = self.comments_between(lhs.span.end(), rhs.span.start());
        let r = self.expr(rhs);
        if !between.is_empty() || self.has_newline(lhs.span.end(), rhs.span.start()) {
            let mut v = vec![l];
            v.extend(between);
            v.extend([Doc::HardLine, txt(format!("{} ", op.as_str())), r]);
            cat(v)
        } else {
            cat(vec![l, txt(format!(" {} ", op.as_str())), r])
        }
    }

    /// `subject ? { match => value, ... }`; the old form without braces is kept verbatim.
    fn selector(
        &mut self,
        span: Span,
        subject: &Expr,
        entries: &[SelectorEntry],
        braces: bool,
    ) -> Doc {
        let s = self.expr(subject);
        if !braces {
            return self.verbatim(span);
        }
        let open = self
            .find_from(subject.span.end(), '{')
            .unwrap_or(subject.span.end());
        let close = span.end().saturating_sub(1);
        let multi = self.has_newline(open, close);
        let pairs: Vec<(&Expr, &Expr, Span)> = entries
            .iter()
            .map(|en| (&en.matching, &en.value, en.span))
            .collect();
        let h = self.pairs(open, close, &pairs, multi, "=>");
        cat(vec![s, txt(" ? "), h])
    }
}
