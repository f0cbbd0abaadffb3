//! The outline of a manifest (`textDocument/documentSymbol`: classes, defined types, nodes,
//! functions, type aliases, and inside them their parameters, resources and variables) and
//! the definitions of the workspace (`workspace/symbol`: classes, defined types, functions
//! and type aliases of every manifest below the workspace folders).

use crate::syntax::visit::for_each_child;
use crate::syntax::{AttributeOp, Expr, ExprKind, Parameter, Program, Span};

/// The kind of an outline entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Class,
    Define,
    Node,
    Function,
    TypeAlias,
    Parameter,
    Resource,
    Variable,
}

/// One entry of the outline.
#[derive(Debug, PartialEq)]
pub struct Symbol {
    pub name: String,
    pub kind: Kind,
    /// The whole construct.
    pub span: Span,
    /// Its name.
    pub name_span: Span,
    pub children: Vec<Symbol>,
}

/// The outline of `program` (written in `text`).
pub fn outline(program: &Program, text: &str) -> Vec<Symbol> {
    let mut out = Vec::new();
    for e in &program.body {
        collect(e, text, &mut out);
    }
    out
}

/// The definitions only (classes, nested ones included, defined types, functions, type
/// aliases), for the workspace's symbols.
pub fn definitions(program: &Program, text: &str) -> Vec<Symbol> {
    fn flatten(v: Vec<Symbol>, out: &mut Vec<Symbol>) {
        for mut s in v {
            let children = std::mem::take(&mut s.children);
            if matches!(
                s.kind,
                Kind::Class | Kind::Define | Kind::Function | Kind::TypeAlias
            ) {
                out.push(s);
            }
            flatten(children, out);
        }
    }
    let mut out = Vec::new();
    flatten(outline(program, text), &mut out);
    out
}

fn slice(text: &str, span: Span) -> String {
    let s = text.get(span.start()..span.end()).unwrap_or("");
    let one_line: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() > 60 {
        one_line.chars().take(57).collect::<String>() + "..."
    } else {
        one_line
    }
}

fn body(stmts: &[Expr], params: &[Parameter], text: &str) -> Vec<Symbol> {
    let mut out: Vec<Symbol> = params
        .iter()
        .map(|p| Symbol {
            name: format!("${}", p.name.name),
            kind: Kind::Parameter,
            span: p.span,
            name_span: p.name.span,
            children: vec![],
        })
        .collect();
    for s in stmts {
        collect(s, text, &mut out);
    }
    out
}

fn collect(e: &Expr, text: &str, out: &mut Vec<Symbol>) {
    let symbol = |name: String, kind, name_span, children| Symbol {
        name,
        kind,
        span: e.span,
        name_span,
        children,
    };
    match &e.kind {
        ExprKind::Class(c) => out.push(symbol(
            c.name.clone(),
            Kind::Class,
            c.name_span,
            body(&c.body.statements, &c.params, text),
        )),
        ExprKind::Define(d) => out.push(symbol(
            d.name.clone(),
            Kind::Define,
            d.name_span,
            body(&d.body.statements, &d.params, text),
        )),
        ExprKind::Function(f) => out.push(symbol(
            f.name.clone(),
            Kind::Function,
            f.name_span,
            body(&f.body.statements, &f.params, text),
        )),
        ExprKind::Node(n) => {
            let names: Vec<String> = n.matches.iter().map(|m| slice(text, m.span)).collect();
            let span = n
                .matches
                .iter()
                .map(|m| m.span)
                .reduce(Span::cover)
                .unwrap_or(e.span);
            out.push(symbol(
                format!("node {}", names.join(", ")),
                Kind::Node,
                span,
                body(&n.body.statements, &[], text),
            ));
        }
        ExprKind::TypeAlias(a) => out.push(symbol(
            a.name.name.clone(),
            Kind::TypeAlias,
            a.name.span,
            vec![],
        )),
        ExprKind::Resource(r) => {
            let t = slice(text, r.type_name.span);
            for b in &r.bodies {
                let mut children = Vec::new();
                for op in &b.ops {
                    if let AttributeOp::Attribute { value, .. } = op {
                        collect_nested(value, text, &mut children);
                    }
                }
                out.push(Symbol {
                    name: format!("{t} {}", slice(text, b.title.span)),
                    kind: Kind::Resource,
                    span: b.span.cover(r.type_name.span),
                    name_span: b.title.span,
                    children,
                });
            }
        }
        ExprKind::Assignment { lhs, .. } => {
            if let ExprKind::Variable(v) = &lhs.kind {
                out.push(symbol(format!("${v}"), Kind::Variable, lhs.span, vec![]));
            }
        }
        _ => collect_nested(e, text, out),
    }
}

/// The symbols inside an expression that is not one itself (an `if`'s branches, a
/// lambda's body).
fn collect_nested(e: &Expr, text: &str, out: &mut Vec<Symbol>) {
    for_each_child(e, &mut |c, _| collect(c, text, out));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[Symbol]) -> Vec<String> {
        v.iter()
            .map(|s| {
                let kids = names(&s.children);
                if kids.is_empty() {
                    format!("{:?} {}", s.kind, s.name)
                } else {
                    format!("{:?} {} [{}]", s.kind, s.name, kids.join(", "))
                }
            })
            .collect()
    }

    #[test]
    fn outline_of_a_manifest() {
        let src = "class a($p = 1) {\n  $v = 2\n  if $p { file { '/x': } }\n}\ndefine a::d() {}\ntype A::T = Integer\nnode 'n1', 'n2' { notify { 'hi': } }\n";
        let parsed = crate::syntax::parse(src);
        assert_eq!(
            names(&outline(&parsed.program, src)),
            [
                "Class a [Parameter $p, Variable $v, Resource file '/x']",
                "Define a::d",
                "TypeAlias A::T",
                "Node node 'n1', 'n2' [Resource notify 'hi']",
            ]
        );
        assert_eq!(
            names(&definitions(&parsed.program, src)),
            ["Class a", "Define a::d", "TypeAlias A::T"]
        );
    }
}
