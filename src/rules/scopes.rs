//! Per-file scope facts for rules: the scopes of a manifest (top scope, classes, defines,
//! nodes, functions, plans, lambdas) with their parameters and the variables assigned in
//! them. Computed once per file (`Context::scopes`).

use crate::syntax::visit::{for_each_child, for_each_top_statement};
use crate::syntax::{Expr, ExprKind, Parameter, Program, Span};

/// What opens a scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeKind {
    Top,
    Class,
    Define,
    Node,
    Function,
    Plan,
    Lambda,
}

/// One scope.
#[derive(Clone, Debug, PartialEq)]
pub struct Scope {
    pub kind: ScopeKind,
    /// The definition's full name (`a::b`); empty for the top scope, nodes and lambdas.
    pub name: String,
    /// The whole definition (or lambda); the top scope covers the file.
    pub span: Span,
    /// The enclosing scope (`None` for the top scope). Lambdas are nested lexically; a
    /// class's parent is the scope it is written in (Puppet's `inherits` is not followed).
    pub parent: Option<usize>,
    /// Parameter names without `$`.
    pub params: Vec<String>,
    /// Variables assigned directly in this scope (not in nested scopes), without `$`,
    /// with the span of the variable on the left of `=`, in source order.
    pub assigned: Vec<(String, Span)>,
}

/// The scopes of a file; index 0 is the top scope.
#[derive(Clone, Debug, PartialEq)]
pub struct Scopes {
    pub scopes: Vec<Scope>,
    /// The scopes (but the top one) in source order: by start, and outer before inner
    /// at the same start. A scope's parent contains it, so the innermost scope holding an
    /// offset is found from the last scope starting at or before it, up its parents.
    by_start: Vec<usize>,
}

impl Scopes {
    /// Collects the scopes of `program`.
    pub fn of(program: &Program) -> Scopes {
        let mut s = Scopes {
            scopes: vec![Scope {
                kind: ScopeKind::Top,
                name: String::new(),
                span: program.span,
                parent: None,
                params: Vec::new(),
                assigned: Vec::new(),
            }],
            by_start: Vec::new(),
        };
        for_each_top_statement(program, &mut |stmt, _| s.visit(stmt, 0));
        let mut by_start: Vec<usize> = (1..s.scopes.len()).collect();
        by_start.sort_by_key(|&i| {
            let span = s.scopes.get(i).map_or(Span::default(), |x| x.span);
            (span.start, std::cmp::Reverse(span.len()))
        });
        s.by_start = by_start;
        s
    }

    fn open(
        &mut self,
        kind: ScopeKind,
        name: &str,
        span: Span,
        parent: usize,
        params: &[Parameter],
    ) -> usize {
        self.scopes.push(Scope {
            kind,
            name: name.to_string(),
            span,
            parent: Some(parent),
            params: params.iter().map(|p| p.name.name.clone()).collect(),
            assigned: Vec::new(),
        });
        self.scopes.len() - 1
    }

    fn visit(&mut self, expr: &Expr, scope: usize) {
        let inner = match &expr.kind {
            ExprKind::Class(c) => self.open(ScopeKind::Class, &c.name, expr.span, scope, &c.params),
            ExprKind::Define(d) => {
                self.open(ScopeKind::Define, &d.name, expr.span, scope, &d.params)
            }
            ExprKind::Node(_) => self.open(ScopeKind::Node, "", expr.span, scope, &[]),
            ExprKind::Function(f) => {
                self.open(ScopeKind::Function, &f.name, expr.span, scope, &f.params)
            }
            ExprKind::Plan(p) => self.open(ScopeKind::Plan, &p.name, expr.span, scope, &p.params),
            ExprKind::Assignment { lhs, .. } => {
                self.assign(lhs, scope);
                scope
            }
            _ => scope,
        };
        // Lambdas: their parameters and bodies form a scope of their own.
        let lambda = match &expr.kind {
            ExprKind::Call(c) => c.lambda.as_ref(),
            ExprKind::MethodCall(m) => m.lambda.as_ref(),
            _ => None,
        };
        if let Some(l) = lambda {
            let ls = self.open(ScopeKind::Lambda, "", l.span, inner, &l.params);
            // Everything written inside `|...| { }` (parameter types and defaults, the
            // body) belongs to the lambda's scope; the receiver and arguments do not.
            for_each_child(expr, &mut |child, _| {
                let target = if child.span.start >= l.span.start {
                    ls
                } else {
                    inner
                };
                self.visit(child, target);
            });
            return;
        }
        for_each_child(expr, &mut |child, _| self.visit(child, inner));
    }

    fn assign(&mut self, lhs: &Expr, scope: usize) {
        match &lhs.kind {
            ExprKind::Variable(name) => {
                if let Some(s) = self.scopes.get_mut(scope) {
                    s.assigned.push((name.clone(), lhs.span));
                }
            }
            ExprKind::Array(items) => items.iter().for_each(|i| self.assign(i, scope)),
            _ => {}
        }
    }

    /// The innermost scope whose span contains `offset` (0, the top scope, if none).
    pub fn at(&self, offset: usize) -> usize {
        let n = self
            .by_start
            .partition_point(|&i| self.scopes.get(i).is_some_and(|s| s.span.start() <= offset));
        let mut cur = n.checked_sub(1).and_then(|k| self.by_start.get(k).copied());
        while let Some(i) = cur.filter(|&i| i != 0) {
            let Some(s) = self.scopes.get(i) else { break };
            if s.span.start() <= offset && offset < s.span.end() {
                return i;
            }
            cur = s.parent;
        }
        0
    }

    /// [`Self::at`] by looking at every scope (for the tests).
    #[cfg(test)]
    fn at_linear(&self, offset: usize) -> usize {
        let mut best = 0;
        for (i, s) in self.scopes.iter().enumerate().skip(1) {
            if s.span.start() <= offset && offset < s.span.end() {
                let b = self.scopes.get(best).map_or(0, |b| b.span.len());
                if best == 0 || s.span.len() <= b {
                    best = i;
                }
            }
        }
        best
    }

    /// Whether the unqualified variable `name` is a parameter of, or assigned (before
    /// `offset`) in, scope `scope` or one of its lexically enclosing lambda or definition
    /// scopes up to the first class/define/node/function/plan (which do not see their
    /// enclosing scopes' locals).
    pub fn is_local(&self, scope: usize, name: &str, offset: usize) -> bool {
        let mut cur = Some(scope);
        while let Some(i) = cur {
            let Some(s) = self.scopes.get(i) else { break };
            if s.params.iter().any(|p| p == name)
                || s.assigned
                    .iter()
                    .any(|(n, sp)| n == name && sp.start() < offset)
            {
                return true;
            }
            if s.kind != ScopeKind::Lambda {
                break;
            }
            cur = s.parent;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_innermost_scope_is_found_as_by_looking_at_every_scope() {
        let src = "$t = 1\nclass a($p = 1) {\n  $x = [1].map |$i| { [2].each |$j| { $j } }.filter |$k| { $k }\n  class a::b { $q = 1 }\n  $z = 2\n}\ndefine d { $w = [3].map |$v| { $v } }\nnode default { $n = 1 }\n$u = 2\n";
        let parsed = crate::syntax::parse(src);
        let scopes = Scopes::of(&parsed.program);
        assert!(scopes.scopes.len() > 6);
        for offset in 0..=src.len() {
            assert_eq!(scopes.at(offset), scopes.at_linear(offset), "at {offset}");
        }
    }

    #[test]
    fn scopes_params_and_assignments() {
        let src = "$top = 1\nclass a($p = 1) {\n  $x = 2\n  [1].each |$i| { $y = $i }\n}\ndefine b::c {\n  [$m, $n] = [1, 2]\n}\n";
        let f = crate::syntax::parse(src);
        let s = Scopes::of(&f.program);
        let summary: Vec<(ScopeKind, &str, Vec<&str>, Vec<&str>)> = s
            .scopes
            .iter()
            .map(|sc| {
                (
                    sc.kind,
                    sc.name.as_str(),
                    sc.params.iter().map(String::as_str).collect(),
                    sc.assigned.iter().map(|(n, _)| n.as_str()).collect(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            vec![
                (ScopeKind::Top, "", vec![], vec!["top"]),
                (ScopeKind::Class, "a", vec!["p"], vec!["x"]),
                (ScopeKind::Lambda, "", vec!["i"], vec!["y"]),
                (ScopeKind::Define, "b::c", vec![], vec!["m", "n"]),
            ]
        );
        let in_lambda = src.find("$y").unwrap() + 8;
        let lambda = s.at(in_lambda);
        assert_eq!(lambda, 2);
        assert!(s.is_local(lambda, "i", in_lambda));
        assert!(s.is_local(lambda, "x", in_lambda));
        assert!(!s.is_local(lambda, "top", in_lambda));
        assert!(!s.is_local(1, "x", src.find("$x").unwrap()));
    }
}
