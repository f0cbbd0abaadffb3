//! Definitions: the headers of classes, defined types, plans, functions and nodes,
//! parameter lists (one a line, `=` aligned), and type aliases (type mappings and type
//! definitions are printed as written).

use super::align::pad_params;
use super::{cat, txt, Formatter};
use crate::fmt::doc::Doc;
use crate::syntax::ast::*;

impl<'a> Formatter<'a> {
    /// `keyword name (params) [inherits parent] { body }` of a class, define or plan.
    pub(super) fn definition(
        &mut self,
        keyword: &'static str,
        name_span: Span,
        params: &[Parameter],
        has_list: bool,
        parent: Option<&str>,
        body: &Body,
    ) -> Doc {
        let mut v = vec![txt(keyword), txt(self.s(name_span))];
        v.push(self.params_table(name_span.end(), params, has_list, body.span.start()));
        if let Some(p) = parent {
            v.push(txt(" inherits "));
            v.push(txt(p.to_string()));
        }
        v.push(txt(" "));
        v.push(self.body(body));
        cat(v)
    }

    /// The parameter list of a class, define, function or plan, one parameter a line
    /// (`Type $name = default,`) with the `=` aligned, after the name ending at `name_end`;
    /// its `)` is the last one before `limit`.
    pub(super) fn params_table(
        &mut self,
        name_end: usize,
        params: &[Parameter],
        has_list: bool,
        limit: usize,
    ) -> Doc {
        if !has_list || params.is_empty() {
            // An empty `()` is dropped; comments inside make the statement verbatim.
            return cat(vec![]);
        }
        let open = self.find_from(name_end, '(').unwrap_or(name_end);
        let close = self.rfind_before(limit, ')').unwrap_or(limit);
        let spans: Vec<Span> = params.iter().map(|p| p.span).collect();
        // Widths of `Type $name` of the parameters with a default that take part in the
        // `=` column (not those with a multi-line type or a type wider than 50).
        let mut widths: Vec<usize> = Vec::new();
        let l = self.list(open + 1, &spans, close, false, |me, i| {
            let Some(p) = params.get(i) else {
                return cat(vec![]);
            };
            let t = p.type_expr.as_ref().map(|t| me.one_line_param_type(t));
            let name = format!("{}${}", if p.captures_rest { "*" } else { "" }, p.name.name);
            let nw = name.chars().count();
            // The width of `Type $name`, `None` after a multi-line type.
            let (lhs, in_column) = match &t {
                None => (Some(nw), true),
                Some(t) if t.forces_break() => (None, false),
                Some(t) => {
                    let w = t.flat_width();
                    (Some(w + 1 + nw), w <= 50)
                }
            };
            let mut v = Vec::new();
            if let Some(t) = t {
                v.push(t);
                v.push(txt(" "));
            }
            v.push(txt(name));
            if let Some(d) = &p.default {
                if let (Some(w), true) = (lhs, in_column) {
                    widths.push(w);
                }
                v.push(txt(format!(
                    "\u{1}{}",
                    lhs.map_or("X".to_string(), |w| w.to_string())
                )));
                v.push(txt(" = "));
                v.push(me.expr(d));
            }
            cat(v)
        });
        let target = widths.iter().copied().max().unwrap_or(0);
        let l = l.map_docs(|d| pad_params(d, target));
        let body = self.braced_lines(l, "(", ")", ",", true);
        cat(vec![txt(" "), body])
    }

    /// The type of a parameter in a parameter list: on one line when it has no line break
    /// and fits on a line of its own ([`Formatter::one_line_if_it_fits`]: a long default
    /// does not break it).
    fn one_line_param_type(&mut self, t: &Expr) -> Doc {
        let d = self.param_type(t);
        self.one_line_if_it_fits(d)
    }

    /// The type of a parameter.
    pub(super) fn param_type(&mut self, t: &Expr) -> Doc {
        let outer = std::mem::replace(&mut self.in_param_type, true);
        let d = self.expr(t);
        self.in_param_type = outer;
        d
    }

    /// `type Name = Type`: the type laid out like any other expression (one parameter a
    /// line with trailing commas when broken, struct hashes aligned), including the forms
    /// Puppet's model rewrites into `Object[{ ... }]`: `type X = { ... }`, `type X = Object
    /// { ... }` and `type X = Parent { ... }` (whose hash gets a synthetic `parent` entry).
    pub(super) fn type_alias(&mut self, span: Span, t: &TypeAliasDef) -> Doc {
        let head = txt(format!("type {} = ", t.name.name));
        let ExprKind::Access { target, keys } = &t.value.kind else {
            return match t.value.kind {
                ExprKind::Nop => self.verbatim(span),
                _ => {
                    let v = self.expr(&t.value);
                    cat(vec![head, v])
                }
            };
        };
        let Some(first) = keys.first() else {
            return self.verbatim(span);
        };
        let between = self.s(Span::new(target.span.end(), first.span.start()));
        if !target.span.is_empty() && between.contains('[') {
            let v = self.expr(&t.value);
            return cat(vec![head, v]);
        }
        let ExprKind::Hash { entries, .. } = &first.kind else {
            return self.verbatim(span);
        };
        // `Object {` / `TypeSet {` as written, or the parent of `Parent {`.
        let (prefix, entries) = match entries.split_last() {
            Some((last, rest)) if target.span.is_empty() && last.key.span.is_empty() => {
                (Some(self.s(last.value.span)), rest)
            }
            _ if !target.span.is_empty() => (Some(self.s(target.span)), &entries[..]),
            _ => (None, &entries[..]),
        };
        let hash = self.guarded(first.span, |me| me.hash(first.span, entries));
        let mut v = vec![head];
        if let Some(p) = prefix {
            v.push(txt(format!("{p} ")));
        }
        v.push(hash);
        cat(v)
    }

    /// `function name(params) >> ReturnType { body }`.
    pub(super) fn function(&mut self, d: &FunctionDef) -> Doc {
        let mut v = vec![txt("function "), txt(self.s(d.name_span))];
        let limit = d
            .return_type
            .as_ref()
            .map_or(d.body.span.start(), |r| r.span.start());
        v.push(self.params_table(d.name_span.end(), &d.params, d.has_param_list, limit));
        self.return_type_and_body(d.return_type.as_ref(), &d.body, &mut v);
        cat(v)
    }

    /// ` >> ReturnType { body }` of a function or lambda (the return type when written).
    pub(super) fn return_type_and_body(
        &mut self,
        return_type: Option<&Expr>,
        body: &Body,
        v: &mut Vec<Doc>,
    ) {
        if let Some(r) = return_type {
            v.push(txt(" >> "));
            v.push(self.expr(r));
        }
        v.push(txt(" "));
        v.push(self.body(body));
    }

    /// `node 'a', /b/ inherits parent { body }` (matches and parent as written).
    pub(super) fn node(&mut self, n: &NodeDef) -> Doc {
        let mut v = vec![txt("node ")];
        for (i, m) in n.matches.iter().enumerate() {
            if i > 0 {
                v.push(txt(", "));
            }
            v.push(txt(self.s(m.span)));
        }
        if let Some(p) = &n.parent {
            v.push(txt(" inherits "));
            v.push(txt(self.s(p.span)));
        }
        v.push(txt(" "));
        v.push(self.body(&n.body));
        cat(v)
    }
}
