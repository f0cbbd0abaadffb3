//! PN printer: the AST as `puppet parser dump --format pn|json --no-validate` prints it.
//!
//! The spec is `shared/notes/pn-forms.md` (verified against Puppet 7.23). The printer walks
//! the AST without recursion: every AST node is expanded one level into a short sequence of
//! events (open a call/list/map, a key, a scalar, close, or another AST node still to
//! expand) kept on an explicit stack, so arbitrarily deep input cannot overflow the stack.
//! The events go to a [`Sink`]: the JSON or PN text writers, or a [`Pn`] tree builder.
//!
//! Entry points: [`to_json`], [`to_pn`] (always print something) and [`try_to_json`],
//! [`try_to_pn`] (fail where Puppet's dumper crashes: captures-rest parameters, parameter
//! names that are not valid PN map keys, non-finite floats). [`to_pn_value`] gives the tree.

mod float;
mod text;
mod value;

pub use float::ruby_float_to_s;
pub use text::{json_string, pn_string, Sink, TextSink};
pub use value::{Pn, PnBuilder};

use super::ast::*;

/// An input that parses but that `puppet parser dump` cannot print (it crashes, exit 1,
/// pn-forms §5.27). The printers still produce output; the `try_*` functions report this.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DumpError {
    pub span: Span,
    pub message: String,
}

impl std::fmt::Display for DumpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DumpError {}

/// The program as minified JSON, exactly as Puppet prints it (without the final newline).
pub fn to_json(program: &Program) -> String {
    let mut sink = TextSink::new(true);
    emit_program(program, &mut sink);
    sink.finish()
}

/// The program as PN text (without the `--- FILE` prefix and the final newline).
pub fn to_pn(program: &Program) -> String {
    let mut sink = TextSink::new(false);
    emit_program(program, &mut sink);
    sink.finish()
}

/// Like [`to_json`], but fails on the inputs on which Puppet's dumper crashes.
pub fn try_to_json(program: &Program) -> Result<String, DumpError> {
    let mut sink = TextSink::new(true);
    match emit_program(program, &mut sink) {
        Some(e) => Err(e),
        None => Ok(sink.finish()),
    }
}

/// Like [`to_pn`], but fails on the inputs on which Puppet's dumper crashes.
pub fn try_to_pn(program: &Program) -> Result<String, DumpError> {
    let mut sink = TextSink::new(false);
    match emit_program(program, &mut sink) {
        Some(e) => Err(e),
        None => Ok(sink.finish()),
    }
}

/// The program as a [`Pn`] tree.
pub fn to_pn_value(program: &Program) -> Pn {
    let mut b = PnBuilder::new();
    emit_program(program, &mut b);
    b.finish()
}

/// The PN of one expression on its own (no program-level `block`/`nop` rule).
pub fn expr_to_pn_value(expr: &Expr) -> Pn {
    let mut b = PnBuilder::new();
    run(vec![Ev::Expr(expr)], &mut b);
    b.finish()
}

/// Sends the PN of `program` to `sink`; returns the first reason Puppet would crash.
pub fn emit_program(program: &Program, sink: &mut dyn Sink) -> Option<DumpError> {
    let start = match program.body.as_slice() {
        [] => vec![Ev::Call("nop"), Ev::End],
        [one] => vec![Ev::Expr(one)],
        many => vec![Ev::Call("block"), Ev::Exprs(many), Ev::End],
    };
    run(start, sink)
}

/// One step of the walk: an output event, or a piece of AST still to expand.
#[derive(Clone, Copy)]
enum Ev<'a> {
    // ---- output ----
    Call(&'static str),
    List,
    Map,
    End,
    Key(&'a str),
    Int(i128),
    Float(f64, Span),
    Str(&'a str),
    /// A regexp source: printed as Ruby's `Regexp` gives it back (see [`regexp_text`]).
    Regex(&'a str, Span),
    Bool(bool),
    Nil,
    // ---- to expand ----
    Expr(&'a Expr),
    /// Each expression, one after the other (no container).
    Exprs(&'a [Expr]),
    /// A statement list printed as a plain list.
    Stmts(&'a [Expr]),
    /// The parts of an interpolated string, expanded one at a time (a string may have
    /// millions: the stack holds one event for the rest, not five per part).
    Parts(&'a StringParts, PartCursor),
    Lambda(&'a Lambda),
    Params(&'a [Parameter]),
    Ops(&'a [AttributeOp]),
    /// `:form` entry of a resource-like expression (nothing when regular).
    Form(ResourceForm),
    NodeParent(&'a Expr),
}

fn run(start: Vec<Ev<'_>>, sink: &mut dyn Sink) -> Option<DumpError> {
    let mut stack: Vec<Ev<'_>> = start.into_iter().rev().collect();
    let mut buf: Vec<Ev<'_>> = Vec::new();
    let mut error: Option<DumpError> = None;
    while let Some(ev) = stack.pop() {
        match ev {
            Ev::Call(name) => sink.call(name),
            Ev::List => sink.list(),
            Ev::Map => sink.map(),
            Ev::End => sink.end(),
            Ev::Key(k) => sink.key(k),
            Ev::Int(i) => sink.int(i),
            Ev::Float(f, span) => {
                if !f.is_finite() && error.is_none() {
                    error = Some(DumpError {
                        span,
                        message: "Internal Error, NUMBER token does not contain a valid number"
                            .to_string(),
                    });
                }
                sink.float(f)
            }
            Ev::Str(s) => sink.str(s),
            Ev::Regex(src, span) => {
                if error.is_none() {
                    if let Some(message) = regexp_error(src) {
                        error = Some(DumpError { span, message });
                    }
                }
                sink.str(&regexp_text(src))
            }
            Ev::Bool(b) => sink.bool(b),
            Ev::Nil => sink.nil(),
            other => {
                expand(other, &mut buf, &mut error);
                stack.extend(buf.drain(..).rev());
            }
        }
    }
    error
}

/// Pushes onto `out`, in output order, the events of one AST piece.
fn expand<'a>(ev: Ev<'a>, out: &mut Vec<Ev<'a>>, error: &mut Option<DumpError>) {
    match ev {
        Ev::Expr(e) => expand_expr(e, out),
        Ev::Exprs(es) => out.extend(es.iter().map(Ev::Expr)),
        Ev::Parts(parts, at) => {
            let Some((part, next)) = parts.at(at) else {
                return;
            };
            match part {
                StringPart::Text { value, .. } => {
                    if !value.is_empty() {
                        out.push(Ev::Str(value));
                    }
                }
                StringPart::Interpolation { expr, .. } => {
                    out.push(Ev::Call("str"));
                    out.push(Ev::Expr(expr));
                    out.push(Ev::End);
                }
            }
            if parts.at(next).is_some() {
                out.push(Ev::Parts(parts, next));
            }
        }
        Ev::Stmts(es) => {
            out.push(Ev::List);
            out.extend(es.iter().map(Ev::Expr));
            out.push(Ev::End);
        }
        Ev::Lambda(l) => {
            out.push(Ev::Call("lambda"));
            out.push(Ev::Map);
            if !l.params.is_empty() {
                out.push(Ev::Key("params"));
                out.push(Ev::Params(&l.params));
            }
            if let Some(t) = &l.return_type {
                out.push(Ev::Key("returns"));
                out.push(Ev::Expr(t));
            }
            if !l.body.statements.is_empty() {
                out.push(Ev::Key("body"));
                out.push(Ev::Stmts(&l.body.statements));
            }
            out.push(Ev::End);
            out.push(Ev::End);
        }
        Ev::Params(ps) => {
            out.push(Ev::Map);
            for p in ps {
                if error.is_none() {
                    *error = param_error(p);
                }
                out.push(Ev::Key(&p.name.name));
                out.push(Ev::Map);
                if let Some(t) = &p.type_expr {
                    out.push(Ev::Key("type"));
                    out.push(Ev::Expr(t));
                }
                if let Some(v) = &p.default {
                    out.push(Ev::Key("value"));
                    out.push(Ev::Expr(v));
                }
                out.push(Ev::End);
            }
            out.push(Ev::End);
        }
        Ev::Ops(ops) => {
            out.push(Ev::List);
            for op in ops {
                match op {
                    AttributeOp::Attribute {
                        name, op, value, ..
                    } => {
                        out.push(Ev::Call(match op {
                            AttributeOperator::Assign => "=>",
                            AttributeOperator::Append => "+>",
                        }));
                        out.push(Ev::Str(&name.name));
                        out.push(Ev::Expr(value));
                        out.push(Ev::End);
                    }
                    AttributeOp::Splat { value, .. } => {
                        out.push(Ev::Call("splat-hash"));
                        out.push(Ev::Expr(value));
                        out.push(Ev::End);
                    }
                }
            }
            out.push(Ev::End);
        }
        Ev::Form(form) => match form {
            ResourceForm::Regular => {}
            ResourceForm::Virtual => {
                out.push(Ev::Key("form"));
                out.push(Ev::Str("virtual"));
            }
            ResourceForm::Exported => {
                out.push(Ev::Key("form"));
                out.push(Ev::Str("exported"));
            }
        },
        Ev::NodeParent(e) => match &e.kind {
            ExprKind::QualifiedName(n) | ExprKind::QualifiedReference(n) => out.push(Ev::Str(n)),
            _ => out.push(Ev::Expr(e)),
        },
        // Output events are handled by `run`.
        other => out.push(other),
    }
}

/// Why Puppet's dumper would crash on this parameter, if it would.
fn param_error(p: &Parameter) -> Option<DumpError> {
    if p.captures_rest {
        return Some(DumpError {
            span: p.span,
            message: format!(
                "cannot dump the captures-rest parameter *${} (Puppet fails with: undefined method `Literal' for Puppet::Pops::PN:Module)",
                p.name.name
            ),
        });
    }
    if !is_pn_key(&p.name.name) {
        return Some(DumpError {
            span: p.name.span,
            message: format!(
                "key {} does not conform to pattern /^[A-Za-z_-][0-9A-Za-z_-]*$/)",
                p.name.name
            ),
        });
    }
    None
}

/// `^[A-Za-z_-][0-9A-Za-z_-]*$`, the pattern PN map keys must match.
fn is_pn_key(k: &str) -> bool {
    let mut chars = k.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '-' => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// A named call with a single map argument: pushes `(name {` ; the caller adds entries
/// and two `End`s.
fn open_call_map<'a>(name: &'static str, out: &mut Vec<Ev<'a>>) {
    out.push(Ev::Call(name));
    out.push(Ev::Map);
}

fn close2(out: &mut Vec<Ev<'_>>) {
    out.push(Ev::End);
    out.push(Ev::End);
}

/// `:key [stmts]` when the statement list is not empty.
fn opt_body<'a>(key: &'static str, stmts: &'a [Expr], out: &mut Vec<Ev<'a>>) {
    if !stmts.is_empty() {
        out.push(Ev::Key(key));
        out.push(Ev::Stmts(stmts));
    }
}

fn opt_params<'a>(params: &'a [Parameter], out: &mut Vec<Ev<'a>>) {
    if !params.is_empty() {
        out.push(Ev::Key("params"));
        out.push(Ev::Params(params));
    }
}

fn expand_expr<'a>(e: &'a Expr, out: &mut Vec<Ev<'a>>) {
    match &e.kind {
        ExprKind::Nop => {
            out.push(Ev::Call("nop"));
            out.push(Ev::End);
        }
        ExprKind::Integer { value, radix } => {
            let value = value.get();
            // A negative literal can only come from folding a unary minus; the radix is
            // then lost (pn-forms §5.4).
            if *radix == 10 || value < 0 {
                out.push(Ev::Int(value));
            } else {
                open_call_map("int", out);
                out.push(Ev::Key("radix"));
                out.push(Ev::Int(i128::from(*radix)));
                out.push(Ev::Key("value"));
                out.push(Ev::Int(value));
                close2(out);
            }
        }
        ExprKind::Float(f) => out.push(Ev::Float(*f, e.span)),
        ExprKind::String { value, .. } => out.push(Ev::Str(value)),
        ExprKind::Concat(parts) => {
            out.push(Ev::Call("concat"));
            out.push(Ev::Parts(parts, PartCursor::default()));
            out.push(Ev::End);
        }
        ExprKind::Heredoc(h) => {
            open_call_map("heredoc", out);
            if let Some(s) = &h.syntax {
                out.push(Ev::Key("syntax"));
                out.push(Ev::Str(s));
            }
            out.push(Ev::Key("text"));
            out.push(Ev::Expr(&h.text));
            close2(out);
        }
        ExprKind::Boolean(b) => out.push(Ev::Bool(*b)),
        ExprKind::Undef => out.push(Ev::Nil),
        ExprKind::Default => {
            out.push(Ev::Call("default"));
            out.push(Ev::End);
        }
        ExprKind::Regex { pattern } => {
            out.push(Ev::Call("regexp"));
            out.push(Ev::Regex(pattern, e.span));
            out.push(Ev::End);
        }
        ExprKind::Reserved(w) => call1_str("reserved", w, out),
        ExprKind::QualifiedName(n) => call1_str("qn", n, out),
        ExprKind::QualifiedReference(n) => call1_str("qr", n, out),
        ExprKind::Variable(n) => call1_str("var", n, out),
        ExprKind::Array(items) => {
            out.push(Ev::Call("array"));
            out.push(Ev::Exprs(items));
            out.push(Ev::End);
        }
        ExprKind::Hash { entries, .. } => {
            out.push(Ev::Call("hash"));
            for entry in entries {
                call2("=>", &entry.key, &entry.value, out);
            }
            out.push(Ev::End);
        }
        ExprKind::Access { target, keys } => {
            out.push(Ev::Call("access"));
            out.push(Ev::Expr(target));
            out.push(Ev::Exprs(keys));
            out.push(Ev::End);
        }
        ExprKind::Unary { op, operand } => match (op, &operand.kind) {
            (UnaryOp::Neg, ExprKind::Integer { value, .. }) => {
                out.push(Ev::Int(0i128.saturating_sub(value.get())))
            }
            (UnaryOp::Neg, ExprKind::Float(f)) => out.push(Ev::Float(-*f, operand.span)),
            _ => {
                out.push(Ev::Call(match op {
                    UnaryOp::Not => "!",
                    UnaryOp::Neg => "-",
                    UnaryOp::Splat => "unfold",
                }));
                out.push(Ev::Expr(operand));
                out.push(Ev::End);
            }
        },
        ExprKind::Binary { op, lhs, rhs } => call2(op.as_str(), lhs, rhs, out),
        ExprKind::Assignment { op, lhs, rhs } => call2(op.as_str(), lhs, rhs, out),
        ExprKind::Relationship { op, lhs, rhs } => call2(op.as_str(), lhs, rhs, out),
        ExprKind::Paren(inner) => {
            out.push(Ev::Call("paren"));
            out.push(Ev::Expr(inner));
            out.push(Ev::End);
        }
        ExprKind::Selector {
            subject, entries, ..
        } => {
            out.push(Ev::Call("?"));
            out.push(Ev::Expr(subject));
            out.push(Ev::List);
            for entry in entries {
                call2("=>", &entry.matching, &entry.value, out);
            }
            out.push(Ev::End);
            out.push(Ev::End);
        }
        ExprKind::If(i) => {
            open_call_map("if", out);
            out.push(Ev::Key("test"));
            out.push(Ev::Expr(&i.test));
            opt_body("then", &i.then_body.statements, out);
            match &i.else_branch {
                Some(ElseBranch::Elsif(nested)) => {
                    out.push(Ev::Key("else"));
                    out.push(Ev::Stmts(std::slice::from_ref(&**nested)));
                }
                Some(ElseBranch::Else(body)) => opt_body("else", &body.statements, out),
                None => {}
            }
            close2(out);
        }
        ExprKind::Unless(u) => {
            open_call_map("unless", out);
            out.push(Ev::Key("test"));
            out.push(Ev::Expr(&u.test));
            opt_body("then", &u.then_body.statements, out);
            if let Some(body) = &u.else_body {
                opt_body("else", &body.statements, out);
            }
            close2(out);
        }
        ExprKind::Case(c) => {
            out.push(Ev::Call("case"));
            out.push(Ev::Expr(&c.test));
            out.push(Ev::List);
            for option in &c.options {
                out.push(Ev::Map);
                out.push(Ev::Key("when"));
                out.push(Ev::List);
                out.push(Ev::Exprs(&option.values));
                out.push(Ev::End);
                out.push(Ev::Key("then"));
                if option.body.statements.is_empty() {
                    out.push(Ev::List);
                    out.push(Ev::Call("nop"));
                    out.push(Ev::End);
                    out.push(Ev::End);
                } else {
                    out.push(Ev::Stmts(&option.body.statements));
                }
                out.push(Ev::End);
            }
            out.push(Ev::End);
            out.push(Ev::End);
        }
        ExprKind::Call(c) => {
            open_call_map(if c.statement { "invoke" } else { "call" }, out);
            out.push(Ev::Key("functor"));
            out.push(Ev::Expr(&c.functor));
            call_args(&c.args, c.lambda.as_ref(), out);
            close2(out);
        }
        ExprKind::MethodCall(m) => {
            open_call_map("call-method", out);
            out.push(Ev::Key("functor"));
            out.push(Ev::Call("."));
            out.push(Ev::Expr(&m.receiver));
            out.push(Ev::Call("qn"));
            out.push(Ev::Str(&m.name.name));
            out.push(Ev::End);
            out.push(Ev::End);
            call_args(&m.args, m.lambda.as_ref(), out);
            close2(out);
        }
        ExprKind::Resource(r) => {
            open_call_map("resource", out);
            out.push(Ev::Key("type"));
            out.push(Ev::Expr(&r.type_name));
            out.push(Ev::Key("bodies"));
            out.push(Ev::List);
            for body in &r.bodies {
                out.push(Ev::Map);
                out.push(Ev::Key("title"));
                out.push(Ev::Expr(&body.title));
                out.push(Ev::Key("ops"));
                out.push(Ev::Ops(&body.ops));
                out.push(Ev::End);
            }
            out.push(Ev::End);
            out.push(Ev::Form(r.form));
            close2(out);
        }
        ExprKind::ResourceDefaults(d) => attribute_statement(
            "resource-defaults",
            "type",
            &d.type_ref,
            &d.ops,
            d.form,
            out,
        ),
        ExprKind::ResourceOverride(o) => attribute_statement(
            "resource-override",
            "resources",
            &o.resources,
            &o.ops,
            o.form,
            out,
        ),
        ExprKind::Collect(c) => {
            open_call_map("collect", out);
            out.push(Ev::Key("type"));
            out.push(Ev::Expr(&c.type_expr));
            out.push(Ev::Key("query"));
            out.push(Ev::Call(if c.exported {
                "exported-query"
            } else {
                "virtual-query"
            }));
            if let Some(q) = &c.query {
                out.push(Ev::Expr(q));
            }
            out.push(Ev::End);
            if !c.ops.is_empty() {
                out.push(Ev::Key("ops"));
                out.push(Ev::Ops(&c.ops));
            }
            close2(out);
        }
        ExprKind::Class(c) => {
            open_call_map("class", out);
            out.push(Ev::Key("name"));
            out.push(Ev::Str(&c.name));
            if let Some(p) = &c.parent {
                out.push(Ev::Key("parent"));
                out.push(Ev::Str(&p.name));
            }
            opt_params(&c.params, out);
            opt_body("body", &c.body.statements, out);
            close2(out);
        }
        ExprKind::Define(d) => {
            open_call_map("define", out);
            out.push(Ev::Key("name"));
            out.push(Ev::Str(&d.name));
            opt_params(&d.params, out);
            opt_body("body", &d.body.statements, out);
            close2(out);
        }
        ExprKind::Node(n) => {
            open_call_map("node", out);
            out.push(Ev::Key("matches"));
            out.push(Ev::List);
            out.push(Ev::Exprs(&n.matches));
            out.push(Ev::End);
            if let Some(p) = &n.parent {
                out.push(Ev::Key("parent"));
                out.push(Ev::NodeParent(p));
            }
            opt_body("body", &n.body.statements, out);
            close2(out);
        }
        ExprKind::Function(f) => {
            open_call_map("function", out);
            out.push(Ev::Key("name"));
            out.push(Ev::Str(&f.name));
            opt_params(&f.params, out);
            opt_body("body", &f.body.statements, out);
            if let Some(t) = &f.return_type {
                out.push(Ev::Key("returns"));
                out.push(Ev::Expr(t));
            }
            close2(out);
        }
        ExprKind::Plan(p) => {
            open_call_map("plan", out);
            out.push(Ev::Key("name"));
            out.push(Ev::Str(&p.name));
            opt_params(&p.params, out);
            opt_body("body", &p.body.statements, out);
            close2(out);
        }
        ExprKind::TypeAlias(t) => {
            out.push(Ev::Call("type-alias"));
            out.push(Ev::Str(&t.name.name));
            out.push(Ev::Expr(&t.value));
            out.push(Ev::End);
        }
        ExprKind::TypeMapping { mapping, value } => call2("type-mapping", mapping, value, out),
        ExprKind::TypeDefinition(t) => {
            out.push(Ev::Call("type-definition"));
            out.push(Ev::Str(&t.name.name));
            match &t.parent {
                Some(p) => out.push(Ev::Str(&p.name)),
                None => out.push(Ev::Nil),
            }
            if t.body.statements.is_empty() {
                out.push(Ev::Call("nop"));
            } else {
                out.push(Ev::Call("block"));
                out.push(Ev::Exprs(&t.body.statements));
            }
            out.push(Ev::End);
            out.push(Ev::End);
        }
        ExprKind::Block(stmts) => {
            out.push(Ev::Call("block"));
            out.push(Ev::Exprs(stmts));
            out.push(Ev::End);
        }
        // A template: `(lambda {:params P :body [(epp ...)]})` (pn-forms Appendix A).
        ExprKind::Epp(t) => {
            open_call_map("lambda", out);
            if let Some(p) = &t.params {
                opt_params(p, out);
            }
            out.push(Ev::Key("body"));
            out.push(Ev::List);
            out.push(Ev::Call("epp"));
            out.push(Ev::Exprs(&t.body));
            out.push(Ev::End);
            out.push(Ev::End);
            close2(out);
        }
        ExprKind::RenderString(text) => call1_str("render-s", text, out),
        ExprKind::Render(e) => {
            out.push(Ev::Call("render"));
            out.push(Ev::Expr(e));
            out.push(Ev::End);
        }
    }
}

/// The text Puppet prints for a regexp source. Ruby gives a regexp whose encoding is fixed
/// to UTF-8 (one with a non-ASCII character, a `\u` escape of a non-ASCII code point, or a
/// `\p`/`\P` property) back with its option group, `(?-imx:SOURCE)`; any other source is
/// printed as it is. Verified with Puppet 7.23: `/é/` → `"(?-imx:é)"`, `/\u0080/` →
/// `"(?-imx:\\u0080)"`, `/\p{L}/` → `"(?-imx:\\p{L})"`, `/\u007f/` → `"\\u007f"`.
pub fn regexp_text(src: &str) -> std::borrow::Cow<'_, str> {
    if regexp_fixed_encoding(src) {
        std::borrow::Cow::Owned(format!("(?-imx:{src})"))
    } else {
        std::borrow::Cow::Borrowed(src)
    }
}

fn regexp_fixed_encoding(src: &str) -> bool {
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_ascii() {
            return true;
        }
        if c != '\\' {
            continue;
        }
        match chars.next() {
            Some('p') | Some('P') => return true,
            Some('u') => {
                if chars.peek() == Some(&'{') {
                    chars.next();
                    let mut digits = String::new();
                    for d in chars.by_ref() {
                        if d == '}' {
                            break;
                        }
                        digits.push(d);
                    }
                    let non_ascii = digits
                        .split_whitespace()
                        .any(|h| u32::from_str_radix(h, 16).is_ok_and(|v| v >= 0x80));
                    if non_ascii {
                        return true;
                    }
                } else {
                    let hex: String = chars.clone().take(4).collect();
                    if hex.len() == 4 && u32::from_str_radix(&hex, 16).is_ok_and(|v| v >= 0x80) {
                        return true;
                    }
                }
            }
            Some(other) if !other.is_ascii() => return true,
            _ => {}
        }
    }
    false
}

/// Why Ruby would refuse to compile this regexp source (Puppet's dumper then crashes), for
/// the errors that are simple to see: unbalanced parentheses, an unterminated character
/// class, a `\u` not followed by four hex digits or `{`. `None` when none of these.
pub fn regexp_error(src: &str) -> Option<String> {
    let mut depth = 0usize;
    let mut class = 0usize;
    let mut chars = src.chars().peekable();
    // True right after `[` or `[^`, where `]` is a literal.
    let mut class_start = false;
    while let Some(c) = chars.next() {
        let at_class_start = std::mem::take(&mut class_start);
        match c {
            '\\' => match chars.next() {
                Some('u') => {
                    if chars.peek() != Some(&'{') {
                        let hex: String = chars.clone().take(4).collect();
                        if hex.len() != 4 || !hex.chars().all(|h| h.is_ascii_hexdigit()) {
                            return Some(format!("invalid Unicode escape: /{src}/"));
                        }
                    }
                }
                Some(_) => {}
                None => return Some(format!("too short escape sequence: /{src}/")),
            },
            '[' => {
                class += 1;
                class_start = true;
                if chars.peek() == Some(&'^') {
                    chars.next();
                }
            }
            ']' if class > 0 && !at_class_start => class -= 1,
            '(' if class == 0 => {
                if chars.peek() == Some(&'?') {
                    let mut ahead = chars.clone();
                    ahead.next();
                    if ahead.peek() == Some(&'#') {
                        // `(?#...)` comment: skip to the closing parenthesis.
                        for d in chars.by_ref() {
                            if d == ')' {
                                break;
                            }
                        }
                        continue;
                    }
                }
                depth += 1;
            }
            ')' if class == 0 => {
                if depth == 0 {
                    return Some(format!("unmatched close parenthesis: /{src}/"));
                }
                depth -= 1;
            }
            _ => {}
        }
    }
    if class > 0 {
        Some(format!("premature end of char-class: /{src}/"))
    } else if depth > 0 {
        Some(format!("end pattern with unmatched parenthesis: /{src}/"))
    } else {
        None
    }
}

fn call1_str<'a>(name: &'static str, arg: &'a str, out: &mut Vec<Ev<'a>>) {
    out.push(Ev::Call(name));
    out.push(Ev::Str(arg));
    out.push(Ev::End);
}

fn call2<'a>(name: &'static str, lhs: &'a Expr, rhs: &'a Expr, out: &mut Vec<Ev<'a>>) {
    out.push(Ev::Call(name));
    out.push(Ev::Expr(lhs));
    out.push(Ev::Expr(rhs));
    out.push(Ev::End);
}

/// `(name {key: target, ops: [...], form: ...})` of resource defaults and overrides.
fn attribute_statement<'a>(
    name: &'static str,
    key: &'static str,
    target: &'a Expr,
    ops: &'a [AttributeOp],
    form: ResourceForm,
    out: &mut Vec<Ev<'a>>,
) {
    open_call_map(name, out);
    out.push(Ev::Key(key));
    out.push(Ev::Expr(target));
    out.push(Ev::Key("ops"));
    out.push(Ev::Ops(ops));
    out.push(Ev::Form(form));
    close2(out);
}

/// `:args [...]` (always) and `:block (lambda ...)` (when there is one).
fn call_args<'a>(args: &'a [Expr], lambda: Option<&'a Lambda>, out: &mut Vec<Ev<'a>>) {
    out.push(Ev::Key("args"));
    out.push(Ev::List);
    out.push(Ev::Exprs(args));
    out.push(Ev::End);
    if let Some(l) = lambda {
        out.push(Ev::Key("block"));
        out.push(Ev::Lambda(l));
    }
}

#[cfg(test)]
mod tests;
