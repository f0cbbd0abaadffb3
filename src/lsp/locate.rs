//! What a position of a manifest names: a resource type, a resource attribute, a class,
//! a function, a type reference or a variable, found in the syntax tree (the innermost
//! node whose name covers the offset). Hover, go to definition and the outline start
//! from here.

use crate::syntax::visit::for_each_child;
use crate::syntax::{AttributeOp, Expr, ExprKind, Program, Span};

/// A name under the cursor and its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The type of a resource expression (`file`, `mymod::thing`), lower case.
    ResourceType(String),
    /// An attribute of a resource of the (lower-case) type.
    Attribute { type_name: String, name: String },
    /// A class: its definition's name, an `include`/`contain`/`require`/`class { 'x': }`
    /// argument, or `Class['x']`.
    Class(String),
    /// A defined type's definition name.
    Define(String),
    /// A function called by name.
    Function(String),
    /// A capitalised type reference (`Mymod::Port`, `File`).
    TypeRef(String),
    /// A variable (`$x`, `$::x`), without `$`.
    Variable(String),
}

/// The name at byte `offset` of `program` and its span.
pub fn at(program: &Program, offset: usize) -> Option<(Target, Span)> {
    let mut found = None;
    for e in &program.body {
        visit(e, offset, &mut found);
    }
    found
}

fn covers(span: Span, offset: usize) -> bool {
    span.start() <= offset && offset <= span.end()
}

fn key(name: &str) -> String {
    name.trim_start_matches("::").to_ascii_lowercase()
}

/// The functions whose string arguments name classes.
const CLASS_FUNCTIONS: &[&str] = &["include", "contain", "require", "class"];

fn visit(e: &Expr, offset: usize, found: &mut Option<(Target, Span)>) {
    if !covers(e.span, offset) {
        return;
    }
    let mut set = |t: Target, s: Span| {
        if covers(s, offset) {
            *found = Some((t, s));
        }
    };
    match &e.kind {
        ExprKind::Class(c) => set(Target::Class(key(&c.name)), c.name_span),
        ExprKind::Define(d) => set(Target::Define(key(&d.name)), d.name_span),
        ExprKind::Function(f) => set(Target::Function(key(&f.name)), f.name_span),
        ExprKind::TypeAlias(a) => set(Target::TypeRef(a.name.name.clone()), a.name.span),
        ExprKind::Variable(v) => set(Target::Variable(v.clone()), e.span),
        ExprKind::QualifiedReference(r) => set(Target::TypeRef(r.clone()), e.span),
        ExprKind::Call(c) => {
            if let ExprKind::QualifiedName(name) = &c.functor.kind {
                set(Target::Function(key(name)), c.functor.span);
                if CLASS_FUNCTIONS.contains(&name.as_str()) {
                    for a in &c.args {
                        if let Some(n) = class_name(a) {
                            set(Target::Class(n), a.span);
                        }
                    }
                }
            }
        }
        ExprKind::Access { target, keys } => {
            if matches!(&target.kind, ExprKind::QualifiedReference(r) if r == "Class") {
                for k in keys {
                    if let Some(n) = class_name(k) {
                        set(Target::Class(n), k.span);
                    }
                }
            }
        }
        ExprKind::Resource(r) => {
            if let ExprKind::QualifiedName(t) = &r.type_name.kind {
                let t = key(t);
                set(Target::ResourceType(t.clone()), r.type_name.span);
                for b in &r.bodies {
                    if t == "class" {
                        if let Some(n) = class_name(&b.title) {
                            set(Target::Class(n), b.title.span);
                        }
                    }
                    for op in &b.ops {
                        if let AttributeOp::Attribute { name, .. } = op {
                            let type_name = if t == "class" {
                                class_name(&b.title).unwrap_or_default()
                            } else {
                                t.clone()
                            };
                            set(
                                Target::Attribute {
                                    type_name,
                                    name: name.name.clone(),
                                },
                                name.span,
                            );
                        }
                    }
                }
            }
        }
        _ => {}
    }
    if let ExprKind::Class(c) = &e.kind {
        params(&c.params, offset, found);
    }
    if let ExprKind::Define(d) = &e.kind {
        params(&d.params, offset, found);
    }
    for_each_child(e, &mut |c, _| visit(c, offset, found));
}

/// A parameter's name is a variable.
fn params(ps: &[crate::syntax::Parameter], offset: usize, found: &mut Option<(Target, Span)>) {
    for p in ps {
        if covers(p.name.span, offset) {
            *found = Some((Target::Variable(p.name.name.clone()), p.name.span));
        }
    }
}

/// The class a literal string names (`'mymod::x'`, `'::mymod'`).
fn class_name(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::String { value, .. } => Some(key(value)),
        ExprKind::QualifiedName(n) => Some(key(n)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(src: &str, marker: &str) -> Option<Target> {
        let at_ = src.find(marker).unwrap();
        let parsed = crate::syntax::parse(src);
        at(&parsed.program, at_ + 1).map(|(t, _)| t)
    }

    #[test]
    fn names_under_the_cursor() {
        let src = "class a::b($p = 1) {\n  file { '/x': ensure => $p }\n  include a::c\n  $v = a::f(Class['a::d'])\n  mymod::thing { 't': size => 1 }\n}\n";
        assert_eq!(target(src, "a::b"), Some(Target::Class("a::b".into())));
        assert_eq!(
            target(src, "file"),
            Some(Target::ResourceType("file".into()))
        );
        assert_eq!(
            target(src, "ensure"),
            Some(Target::Attribute {
                type_name: "file".into(),
                name: "ensure".into()
            })
        );
        assert_eq!(target(src, "$p }"), Some(Target::Variable("p".into())));
        assert_eq!(target(src, "a::c"), Some(Target::Class("a::c".into())));
        assert_eq!(target(src, "a::f"), Some(Target::Function("a::f".into())));
        assert_eq!(target(src, "'a::d'"), Some(Target::Class("a::d".into())));
        assert_eq!(
            target(src, "mymod::thing"),
            Some(Target::ResourceType("mymod::thing".into()))
        );
        assert_eq!(target(src, "$p = 1"), Some(Target::Variable("p".into())));
    }
}
