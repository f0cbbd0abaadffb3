//! Enumerating the children of an AST node, each with the role (`Slot`) it plays in its
//! parent. The rule engine walks the tree with this once per file; anything else that
//! needs a generic traversal (the evaluator, tests) uses it too, so there is one place
//! that knows the shape of every `ExprKind`.

use super::ast::*;

/// Which kind of statement list a statement belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyKind {
    Program,
    /// The body of an EPP template.
    Epp,
    Class,
    Define,
    Node,
    Function,
    Plan,
    Lambda,
    If,
    Else,
    Unless,
    Case,
    /// A `(block ...)` produced by the titleless-resource reading.
    Block,
    TypeDefinition,
}

impl BodyKind {
    /// Bodies of definitions that Puppet calls a "Host Class Definition" etc.
    pub fn is_definition(self) -> bool {
        matches!(
            self,
            BodyKind::Class | BodyKind::Define | BodyKind::Node | BodyKind::Plan
        )
    }
}

/// The role of a child expression in its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A statement of a body; `index` and `count` place it in the list.
    Statement {
        body: BodyKind,
        index: usize,
        count: usize,
    },
    /// An element of an array literal.
    Element,
    HashKey,
    HashValue,
    /// The target of `x[...]`.
    AccessTarget,
    /// A key of `x[...]`.
    AccessKey,
    /// The operand of a unary operator.
    Operand,
    /// Left operand of a binary, relationship or assignment operator.
    Lhs,
    /// Right operand of a binary, relationship or assignment operator.
    Rhs,
    /// The expression inside `( )`.
    Paren,
    /// The subject of a selector.
    SelectorSubject,
    /// The left side of a selector entry.
    SelectorMatch,
    /// The value of a selector entry.
    SelectorValue,
    /// The test of `if`, `unless`, `elsif`, `case`.
    Test,
    /// The `elsif` branch of an `if` (an `If` expression).
    Elsif,
    /// A value of a case option.
    CaseValue,
    /// The function expression of a call.
    Functor,
    /// An argument of a call or method call.
    Argument,
    /// The receiver of a method call.
    Receiver,
    /// A parameter's type expression.
    ParamType,
    /// A parameter's default value.
    ParamDefault,
    /// The return type of a function or lambda.
    ReturnType,
    /// The type expression of a resource, defaults, override or collector.
    ResourceType,
    /// The title of a resource body.
    Title,
    /// The value of `name => value` / `name +> value` / `* => value`.
    AttributeValue,
    /// The `Type['x']` part of an override.
    OverrideTarget,
    /// The query of a collector.
    Query,
    /// A host match of a node definition.
    NodeMatch,
    /// The parent of a node definition.
    NodeParent,
    /// The value of a type alias, mapping or definition.
    TypeValue,
    /// An expression interpolated in a string or heredoc.
    Interpolation,
    /// The expression of an EPP `<%= ... %>`.
    Rendered,
    /// The text of a heredoc.
    HeredocText,
}

/// Calls `f` with each direct child expression of `expr` and its slot, in source order.
pub fn for_each_child<'a>(expr: &'a Expr, f: &mut dyn FnMut(&'a Expr, Slot)) {
    match &expr.kind {
        ExprKind::Nop
        | ExprKind::Integer { .. }
        | ExprKind::Float(_)
        | ExprKind::String { .. }
        | ExprKind::Boolean(_)
        | ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Regex { .. }
        | ExprKind::Reserved(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::QualifiedReference(_)
        | ExprKind::Variable(_) => {}
        ExprKind::Concat(parts) => string_parts(parts, f),
        ExprKind::Heredoc(h) => f(&h.text, Slot::HeredocText),
        ExprKind::Array(items) => items.iter().for_each(|e| f(e, Slot::Element)),
        ExprKind::Hash { entries, .. } => {
            for e in entries {
                f(&e.key, Slot::HashKey);
                f(&e.value, Slot::HashValue);
            }
        }
        ExprKind::Access { target, keys } => {
            f(target, Slot::AccessTarget);
            keys.iter().for_each(|k| f(k, Slot::AccessKey));
        }
        ExprKind::Unary { operand, .. } => f(operand, Slot::Operand),
        ExprKind::Binary { lhs, rhs, .. }
        | ExprKind::Assignment { lhs, rhs, .. }
        | ExprKind::Relationship { lhs, rhs, .. } => {
            f(lhs, Slot::Lhs);
            f(rhs, Slot::Rhs);
        }
        ExprKind::Paren(e) => f(e, Slot::Paren),
        ExprKind::Selector {
            subject, entries, ..
        } => {
            f(subject, Slot::SelectorSubject);
            for e in entries {
                f(&e.matching, Slot::SelectorMatch);
                f(&e.value, Slot::SelectorValue);
            }
        }
        ExprKind::If(i) => {
            f(&i.test, Slot::Test);
            body(&i.then_body, BodyKind::If, f);
            match &i.else_branch {
                Some(ElseBranch::Elsif(e)) => f(e, Slot::Elsif),
                Some(ElseBranch::Else(b)) => body(b, BodyKind::Else, f),
                None => {}
            }
        }
        ExprKind::Unless(u) => {
            f(&u.test, Slot::Test);
            body(&u.then_body, BodyKind::Unless, f);
            if let Some(b) = &u.else_body {
                body(b, BodyKind::Else, f);
            }
        }
        ExprKind::Case(c) => {
            f(&c.test, Slot::Test);
            for o in &c.options {
                o.values.iter().for_each(|v| f(v, Slot::CaseValue));
                body(&o.body, BodyKind::Case, f);
            }
        }
        ExprKind::Call(c) => {
            f(&c.functor, Slot::Functor);
            c.args.iter().for_each(|a| f(a, Slot::Argument));
            if let Some(l) = &c.lambda {
                lambda(l, f);
            }
        }
        ExprKind::MethodCall(m) => {
            f(&m.receiver, Slot::Receiver);
            m.args.iter().for_each(|a| f(a, Slot::Argument));
            if let Some(l) = &m.lambda {
                lambda(l, f);
            }
        }
        ExprKind::Resource(r) => {
            f(&r.type_name, Slot::ResourceType);
            for b in &r.bodies {
                f(&b.title, Slot::Title);
                attribute_ops(&b.ops, f);
            }
        }
        ExprKind::ResourceDefaults(d) => {
            f(&d.type_ref, Slot::ResourceType);
            attribute_ops(&d.ops, f);
        }
        ExprKind::ResourceOverride(o) => {
            f(&o.resources, Slot::OverrideTarget);
            attribute_ops(&o.ops, f);
        }
        ExprKind::Collect(c) => {
            f(&c.type_expr, Slot::ResourceType);
            if let Some(q) = &c.query {
                f(q, Slot::Query);
            }
            attribute_ops(&c.ops, f);
        }
        ExprKind::Class(c) => {
            params(&c.params, f);
            body(&c.body, BodyKind::Class, f);
        }
        ExprKind::Define(d) => {
            params(&d.params, f);
            body(&d.body, BodyKind::Define, f);
        }
        ExprKind::Node(n) => {
            n.matches.iter().for_each(|m| f(m, Slot::NodeMatch));
            if let Some(p) = &n.parent {
                f(p, Slot::NodeParent);
            }
            body(&n.body, BodyKind::Node, f);
        }
        ExprKind::Function(d) => {
            params(&d.params, f);
            if let Some(t) = &d.return_type {
                f(t, Slot::ReturnType);
            }
            body(&d.body, BodyKind::Function, f);
        }
        ExprKind::Plan(p) => {
            params(&p.params, f);
            body(&p.body, BodyKind::Plan, f);
        }
        ExprKind::TypeAlias(t) => f(&t.value, Slot::TypeValue),
        ExprKind::TypeMapping { mapping, value } => {
            f(mapping, Slot::TypeValue);
            f(value, Slot::TypeValue);
        }
        ExprKind::TypeDefinition(t) => body(&t.body, BodyKind::TypeDefinition, f),
        ExprKind::Block(stmts) => statements(stmts, BodyKind::Block, f),
        ExprKind::Epp(t) => {
            if let Some(p) = &t.params {
                params(p, f);
            }
            statements(&t.body, BodyKind::Epp, f);
        }
        ExprKind::RenderString(_) => {}
        ExprKind::Render(e) => f(e, Slot::Rendered),
    }
}

/// The statements of a program, with their slots.
pub fn for_each_top_statement<'a>(program: &'a Program, f: &mut dyn FnMut(&'a Expr, Slot)) {
    statements(&program.body, BodyKind::Program, f);
}

fn statements<'a>(stmts: &'a [Expr], kind: BodyKind, f: &mut dyn FnMut(&'a Expr, Slot)) {
    let count = stmts.len();
    for (index, s) in stmts.iter().enumerate() {
        f(
            s,
            Slot::Statement {
                body: kind,
                index,
                count,
            },
        );
    }
}

fn body<'a>(b: &'a Body, kind: BodyKind, f: &mut dyn FnMut(&'a Expr, Slot)) {
    statements(&b.statements, kind, f);
}

fn lambda<'a>(l: &'a Lambda, f: &mut dyn FnMut(&'a Expr, Slot)) {
    params(&l.params, f);
    if let Some(t) = &l.return_type {
        f(t, Slot::ReturnType);
    }
    body(&l.body, BodyKind::Lambda, f);
}

fn params<'a>(ps: &'a [Parameter], f: &mut dyn FnMut(&'a Expr, Slot)) {
    for p in ps {
        if let Some(t) = &p.type_expr {
            f(t, Slot::ParamType);
        }
        if let Some(d) = &p.default {
            f(d, Slot::ParamDefault);
        }
    }
}

fn attribute_ops<'a>(ops: &'a [AttributeOp], f: &mut dyn FnMut(&'a Expr, Slot)) {
    for op in ops {
        match op {
            AttributeOp::Attribute { value, .. } | AttributeOp::Splat { value, .. } => {
                f(value, Slot::AttributeValue)
            }
        }
    }
}

fn string_parts<'a>(parts: &'a StringParts, f: &mut dyn FnMut(&'a Expr, Slot)) {
    for p in parts {
        if let StringPart::Interpolation { expr, .. } = p {
            f(expr, Slot::Interpolation);
        }
    }
}

/// The kind of an expression, for rule subscriptions: one value per `ExprKind` variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NodeKind {
    Nop,
    Integer,
    Float,
    String,
    Concat,
    Heredoc,
    Boolean,
    Undef,
    Default,
    Regex,
    Reserved,
    QualifiedName,
    QualifiedReference,
    Variable,
    Array,
    Hash,
    Access,
    Unary,
    Binary,
    Assignment,
    Relationship,
    Paren,
    Selector,
    If,
    Unless,
    Case,
    Call,
    MethodCall,
    Resource,
    ResourceDefaults,
    ResourceOverride,
    Collect,
    Class,
    Define,
    Node,
    Function,
    Plan,
    TypeAlias,
    TypeMapping,
    TypeDefinition,
    Epp,
    RenderString,
    Render,
    Block,
}

impl NodeKind {
    /// How many kinds there are (for dispatch tables indexed by `kind as usize`).
    pub const COUNT: usize = NodeKind::Block as usize + 1;
}

impl ExprKind {
    /// This expression's kind.
    pub fn node_kind(&self) -> NodeKind {
        match self {
            ExprKind::Nop => NodeKind::Nop,
            ExprKind::Integer { .. } => NodeKind::Integer,
            ExprKind::Float(_) => NodeKind::Float,
            ExprKind::String { .. } => NodeKind::String,
            ExprKind::Concat(_) => NodeKind::Concat,
            ExprKind::Heredoc(_) => NodeKind::Heredoc,
            ExprKind::Boolean(_) => NodeKind::Boolean,
            ExprKind::Undef => NodeKind::Undef,
            ExprKind::Default => NodeKind::Default,
            ExprKind::Regex { .. } => NodeKind::Regex,
            ExprKind::Reserved(_) => NodeKind::Reserved,
            ExprKind::QualifiedName(_) => NodeKind::QualifiedName,
            ExprKind::QualifiedReference(_) => NodeKind::QualifiedReference,
            ExprKind::Variable(_) => NodeKind::Variable,
            ExprKind::Array(_) => NodeKind::Array,
            ExprKind::Hash { .. } => NodeKind::Hash,
            ExprKind::Access { .. } => NodeKind::Access,
            ExprKind::Unary { .. } => NodeKind::Unary,
            ExprKind::Binary { .. } => NodeKind::Binary,
            ExprKind::Assignment { .. } => NodeKind::Assignment,
            ExprKind::Relationship { .. } => NodeKind::Relationship,
            ExprKind::Paren(_) => NodeKind::Paren,
            ExprKind::Selector { .. } => NodeKind::Selector,
            ExprKind::If(_) => NodeKind::If,
            ExprKind::Unless(_) => NodeKind::Unless,
            ExprKind::Case(_) => NodeKind::Case,
            ExprKind::Call(_) => NodeKind::Call,
            ExprKind::MethodCall(_) => NodeKind::MethodCall,
            ExprKind::Resource(_) => NodeKind::Resource,
            ExprKind::ResourceDefaults(_) => NodeKind::ResourceDefaults,
            ExprKind::ResourceOverride(_) => NodeKind::ResourceOverride,
            ExprKind::Collect(_) => NodeKind::Collect,
            ExprKind::Class(_) => NodeKind::Class,
            ExprKind::Define(_) => NodeKind::Define,
            ExprKind::Node(_) => NodeKind::Node,
            ExprKind::Function(_) => NodeKind::Function,
            ExprKind::Plan(_) => NodeKind::Plan,
            ExprKind::TypeAlias(_) => NodeKind::TypeAlias,
            ExprKind::TypeMapping { .. } => NodeKind::TypeMapping,
            ExprKind::TypeDefinition(_) => NodeKind::TypeDefinition,
            ExprKind::Epp(_) => NodeKind::Epp,
            ExprKind::RenderString(_) => NodeKind::RenderString,
            ExprKind::Render(_) => NodeKind::Render,
            ExprKind::Block(_) => NodeKind::Block,
        }
    }
}

/// Whether `expr` has child expressions.
pub fn has_children(expr: &Expr) -> bool {
    let mut any = false;
    for_each_child(expr, &mut |_, _| any = true);
    any
}

/// How deeply the expressions of `program` nest (a top-level statement is at depth 1),
/// with the span of the first expression that deep. Iterative: a program nested deeper
/// than the stack allows is measured too, so its consumers can refuse it or make room.
///
/// An expression is measured when its parent's children are listed, and only one with
/// children of its own waits on the stack: a string's million variables never do. The
/// parents are listed in preorder, so the first expression that deep is the same as in a
/// preorder walk.
pub fn nesting_depth(program: &Program) -> (usize, Span) {
    let mut deepest = (0, program.span);
    let mut stack: Vec<(&Expr, usize)> = Vec::new();
    let see = |e: &Expr, depth: usize, deepest: &mut (usize, Span)| {
        if depth > deepest.0 {
            *deepest = (depth, e.span);
        }
        has_children(e)
    };
    for_each_top_statement(program, &mut |e, _| {
        if see(e, 1, &mut deepest) {
            stack.push((e, 1));
        }
    });
    stack.reverse();
    while let Some((e, depth)) = stack.pop() {
        let at = stack.len();
        for_each_child(e, &mut |c, _| {
            if see(c, depth + 1, &mut deepest) {
                stack.push((c, depth + 1));
            }
        });
        stack[at..].reverse();
    }
    deepest
}
