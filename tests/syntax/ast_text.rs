//! Test helpers for the lowering tests: a compact, exact rendering of the AST that shows
//! what PN cannot (quote style, radix, parens, statement flags, synthetic hashes), and
//! shortcuts to parse and list diagnostics with line:column positions.
#![allow(dead_code)]

use rein::syntax::*;

/// Parse and render the whole program (statements separated by ` ; `).
pub fn ast(src: &str) -> String {
    let f = parse(src);
    f.program.body.iter().map(r).collect::<Vec<_>>().join(" ; ")
}

/// Parse, assert there is no diagnostic at all, and render.
pub fn clean(src: &str) -> String {
    let f = parse(src);
    assert!(
        f.errors.is_empty(),
        "unexpected diagnostics for {src:?}: {:?}",
        f.errors
    );
    f.program.body.iter().map(r).collect::<Vec<_>>().join(" ; ")
}

/// Diagnostics as `E|W line:col message`.
pub fn diags(src: &str) -> Vec<String> {
    let f = parse(src);
    f.errors
        .iter()
        .map(|e| {
            let (l, c) = f.line_index.line_col(&f.source, e.span.start());
            let s = if e.severity == Severity::Error {
                "E"
            } else {
                "W"
            };
            format!("{s} {l}:{c} {}", e.message)
        })
        .collect()
}

fn list(v: &[Expr]) -> String {
    v.iter().map(r).collect::<Vec<_>>().join(" ")
}

fn body(b: &Body) -> String {
    format!("[{}]", list(&b.statements))
}

fn params(ps: &[Parameter]) -> String {
    let v: Vec<String> = ps
        .iter()
        .map(|p| {
            let mut s = std::string::String::new();
            if let Some(t) = &p.type_expr {
                s.push_str(&r(t));
                s.push(' ');
            }
            if p.captures_rest {
                s.push('*');
            }
            s.push('$');
            s.push_str(&p.name.name);
            if let Some(d) = &p.default {
                s.push_str(" = ");
                s.push_str(&r(d));
            }
            s
        })
        .collect();
    format!("({})", v.join(", "))
}

fn ops(ops: &[AttributeOp]) -> String {
    ops.iter()
        .map(|o| match o {
            AttributeOp::Attribute {
                name, op, value, ..
            } => format!(
                "{} {} {}",
                name.name,
                if *op == AttributeOperator::Append {
                    "+>"
                } else {
                    "=>"
                },
                r(value)
            ),
            AttributeOp::Splat { value, .. } => format!("* => {}", r(value)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn form(f: ResourceForm) -> &'static str {
    match f {
        ResourceForm::Regular => "",
        ResourceForm::Virtual => "@",
        ResourceForm::Exported => "@@",
    }
}

fn lambda(l: &Option<Lambda>) -> String {
    match l {
        None => std::string::String::new(),
        Some(l) => {
            let ret = l
                .return_type
                .as_ref()
                .map(|t| format!(" >> {}", r(t)))
                .unwrap_or_default();
            format!(" |{}{}| {}", params(&l.params), ret, body(&l.body))
        }
    }
}

fn part(p: &StringPart) -> String {
    match p {
        StringPart::Text { value, .. } => format!("{value:?}"),
        StringPart::Interpolation { expr, braces, .. } => {
            format!("({} {})", if *braces { "str" } else { "str$" }, r(expr))
        }
    }
}

/// Render one expression.
pub fn r(e: &Expr) -> String {
    use ExprKind::*;
    match &e.kind {
        Nop => "nop".into(),
        Integer { value, radix } => {
            let value = value.get();
            if *radix == 10 {
                format!("{value}")
            } else {
                format!("{value}r{radix}")
            }
        }
        Float(v) => format!("{v:?}f"),
        String { value, style } => match style {
            StringStyle::Single => format!("'{value}'"),
            StringStyle::Double => format!("{value:?}"),
            StringStyle::Bare => format!("w{value:?}"),
        },
        Concat(parts) => format!(
            "(concat {})",
            parts.iter().map(|p| part(&p)).collect::<Vec<_>>().join(" ")
        ),
        Heredoc(h) => {
            let mut s = format!("(heredoc {}", h.tag);
            if let Some(x) = &h.syntax {
                s.push_str(&format!(" :{x}"));
            }
            if let Some(x) = &h.flags {
                s.push_str(&format!(" /{x}"));
            }
            if h.interpolate {
                s.push_str(" interp");
            }
            s.push_str(&format!(" {})", r(&h.text)));
            s
        }
        Boolean(b) => format!("{b}"),
        Undef => "undef".into(),
        Default => "default".into(),
        Regex { pattern } => format!("/{pattern}/"),
        Reserved(w) => format!("(reserved {w})"),
        QualifiedName(n) => n.clone(),
        QualifiedReference(n) => n.clone(),
        Variable(n) => format!("${n}"),
        Array(v) => format!("[{}]", list(v)),
        Hash { entries, synthetic } => format!(
            "{{{}{}}}",
            if *synthetic { "# " } else { "" },
            entries
                .iter()
                .map(|e| format!("{} => {}", r(&e.key), r(&e.value)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Access { target, keys } => format!("(access {} {})", r(target), list(keys)),
        Unary { op, operand } => {
            let o = match op {
                UnaryOp::Not => "!",
                UnaryOp::Neg => "neg",
                UnaryOp::Splat => "splat",
            };
            format!("({o} {})", r(operand))
        }
        Binary { op, lhs, rhs } => format!("({} {} {})", op.as_str(), r(lhs), r(rhs)),
        Assignment { op, lhs, rhs } => format!("({} {} {})", op.as_str(), r(lhs), r(rhs)),
        Relationship { op, lhs, rhs } => format!("({} {} {})", op.as_str(), r(lhs), r(rhs)),
        Paren(x) => format!("(paren {})", r(x)),
        Selector {
            subject,
            entries,
            braces,
        } => format!(
            "(?{} {} {})",
            if *braces { "{}" } else { "" },
            r(subject),
            entries
                .iter()
                .map(|e| format!("{} => {}", r(&e.matching), r(&e.value)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        If(i) => {
            let els = match &i.else_branch {
                None => std::string::String::new(),
                Some(ElseBranch::Else(b)) => format!(" else {}", body(b)),
                Some(ElseBranch::Elsif(x)) => format!(" elsif {}", r(x)),
            };
            format!("(if {} {}{})", r(&i.test), body(&i.then_body), els)
        }
        Unless(u) => {
            let els = u
                .else_body
                .as_ref()
                .map(|b| format!(" else {}", body(b)))
                .unwrap_or_default();
            format!("(unless {} {}{})", r(&u.test), body(&u.then_body), els)
        }
        Case(c) => format!(
            "(case {} {})",
            r(&c.test),
            c.options
                .iter()
                .map(|o| format!("{}: {}", list(&o.values), body(&o.body)))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Call(c) => {
            let name = if c.statement { "invoke" } else { "call" };
            let np = if c.parens { "" } else { "*" };
            let args = if c.args.is_empty() {
                std::string::String::new()
            } else {
                format!(" {}", list(&c.args))
            };
            format!("({name}{np} {}{args}{})", r(&c.functor), lambda(&c.lambda))
        }
        MethodCall(m) => {
            let np = if m.parens { "" } else { "*" };
            let args = if m.args.is_empty() {
                std::string::String::new()
            } else {
                format!(" {}", list(&m.args))
            };
            format!(
                "(.{np} {} {}{args}{})",
                r(&m.receiver),
                m.name.name,
                lambda(&m.lambda)
            )
        }
        Resource(x) => format!(
            "({}resource {} {})",
            form(x.form),
            r(&x.type_name),
            x.bodies
                .iter()
                .map(|b| format!("{}: {{{}}}", r(&b.title), ops(&b.ops)))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        ResourceDefaults(x) => format!(
            "({}defaults {} {{{}}})",
            form(x.form),
            r(&x.type_ref),
            ops(&x.ops)
        ),
        ResourceOverride(x) => format!(
            "({}override {} {{{}}})",
            form(x.form),
            r(&x.resources),
            ops(&x.ops)
        ),
        Collect(c) => format!(
            "(collect{} {} {}{})",
            if c.exported { "@@" } else { "" },
            r(&c.type_expr),
            c.query.as_ref().map(r).unwrap_or_default(),
            if c.ops.is_empty() {
                std::string::String::new()
            } else {
                format!(" {{{}}}", ops(&c.ops))
            }
        ),
        Class(c) => format!(
            "(class {}{}{} {})",
            c.name,
            c.parent
                .as_ref()
                .map(|p| format!(" inherits {}", p.name))
                .unwrap_or_default(),
            if c.has_param_list {
                format!(" {}", params(&c.params))
            } else {
                std::string::String::new()
            },
            body(&c.body)
        ),
        Define(d) => format!(
            "(define {}{} {})",
            d.name,
            if d.has_param_list {
                format!(" {}", params(&d.params))
            } else {
                std::string::String::new()
            },
            body(&d.body)
        ),
        Node(n) => format!(
            "(node {}{} {})",
            list(&n.matches),
            n.parent
                .as_ref()
                .map(|p| format!(" inherits {}", r(p)))
                .unwrap_or_default(),
            body(&n.body)
        ),
        Function(d) => format!(
            "(function {}{}{} {})",
            d.name,
            if d.has_param_list {
                format!(" {}", params(&d.params))
            } else {
                std::string::String::new()
            },
            d.return_type
                .as_ref()
                .map(|t| format!(" >> {}", r(t)))
                .unwrap_or_default(),
            body(&d.body)
        ),
        Plan(d) => format!("(plan {} {})", d.name, body(&d.body)),
        TypeAlias(t) => format!("(type-alias {} {})", t.name.name, r(&t.value)),
        TypeMapping { mapping, value } => format!("(type-mapping {} {})", r(mapping), r(value)),
        TypeDefinition(t) => format!(
            "(type-definition {}{} {})",
            t.name.name,
            t.parent
                .as_ref()
                .map(|p| format!(" inherits {}", p.name))
                .unwrap_or_default(),
            body(&t.body)
        ),
        Block(v) => format!("(block {})", list(v)),
        Epp(t) => format!("(epp {})", list(&t.body)),
        RenderString(text) => format!("(render-s {text:?})"),
        Render(x) => format!("(render {})", r(x)),
    }
}
