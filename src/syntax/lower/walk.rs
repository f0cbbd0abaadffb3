//! The lowering walk: after the pre-pass (`prepass.rs`: comments, heredoc pairing, some
//! lexer errors), a recursive walk with one reusable `TreeCursor` builds the AST,
//! dispatching on `kind_id()`, and applies the statement-call transform to every statement
//! list. Strings and heredocs are in `text.rs`, resource forms in `catalog.rs`. Recursion is
//! bounded by [`MAX_DEPTH`]; deep trees are lowered on a thread with a large stack so that
//! the bound, not the stack, is the limit.

use std::collections::HashMap;

use tree_sitter::{Node, Tree, TreeCursor};

use super::children::Children;
use super::kinds::{ids_for, Ids};
use super::nodes::{at, field, nop, span, usable, Kids};
use super::prepass::{prepass, Pre};
use crate::syntax::ast::*;
use crate::syntax::packed::Packed;
use crate::syntax::parsed::{Severity, SyntaxError};
use crate::syntax::strings::{self, NumberValue};

/// The 15 names that Puppet turns into calls without parentheses.
pub const STATEMENT_CALLS: &[&str] = &[
    "require", "realize", "include", "contain", "tag", "debug", "info", "notice", "warning", "err",
    "fail", "import", "break", "next", "return",
];

/// Nesting deeper than this (in lowered expressions) is reported as `nesting too deep`
/// (high enough for long left-nested operator chains, which Puppet accepts: `1 + 1 + ...`)
/// and the deeper part is dropped.
pub const MAX_DEPTH: usize = 12_000;

/// Trees deeper than this (in CST levels) are lowered on a big-stack thread.
const DEEP_TREE: u32 = 48;
const BIG_STACK: usize = 512 << 20;

/// The program, the comments and the diagnostics.
type Lowered = (Program, Vec<Comment>, Vec<SyntaxError>);

/// Lower a whole tree: the program, the comments and the lowering diagnostics. When the
/// tree has errors, `errors::collect` runs too (on the same thread) and its
/// findings are appended to the diagnostics, except where a lexer error was reported.
pub fn lower_tree(tree: &Tree, source: &str) -> Lowered {
    let (program, comments, errors, _) = lower_tree_packing(tree, source, false);
    (program, comments, errors)
}

/// [`lower_tree`], and the tree's tokens packed when `packing` (gathered in the same walk
/// as the comments).
pub fn lower_tree_packing(
    tree: &Tree,
    source: &str,
    packing: bool,
) -> (Program, Vec<Comment>, Vec<SyntaxError>, Option<Vec<Packed>>) {
    let mut pre = prepass(tree, source, packing);
    let packed = pre.packed.take();
    if pre.max_depth > DEEP_TREE {
        let done = std::thread::scope(|s| {
            std::thread::Builder::new()
                .stack_size(BIG_STACK)
                .spawn_scoped(s, || {
                    lower_and_collect(tree, source, prepass(tree, source, false))
                })
                .ok()
                .and_then(|h| h.join().ok())
        });
        if let Some((program, comments, errors)) = done {
            return (program, comments, errors, packed);
        }
    }
    let (program, comments, errors) = lower_and_collect(tree, source, pre);
    (program, comments, errors, packed)
}

fn lower_and_collect<'t>(tree: &'t Tree, source: &str, pre: Pre<'t>) -> Lowered {
    let (program, comments, mut errors, suppress) = lower_with(tree, source, pre);
    if tree.root_node().has_error() {
        // Lexer errors found while lowering make tree-sitter's errors at the same place
        // redundant (Puppet stops at the lexer error).
        let syntax = crate::syntax::errors::collect(tree, source);
        errors.extend(syntax.into_iter().filter(|e| {
            let s = e.span.start();
            !suppress.iter().any(|(a, b)| *a <= s && s <= *b)
        }));
    }
    (program, comments, errors)
}

/// The lowering's result, with the byte ranges where a lexer error was reported.
type WithSuppress = (Program, Vec<Comment>, Vec<SyntaxError>, Vec<(usize, usize)>);

fn lower_with<'t>(tree: &'t Tree, source: &str, pre: Pre<'t>) -> WithSuppress {
    let root = tree.root_node();
    let mut heredoc_bodies = HashMap::new();
    for (open, body) in pre.openings.iter().zip(pre.bodies.iter()) {
        heredoc_bodies.insert(open.start_byte(), *body);
    }
    // Bodies by the newline they start at: the last end among them is where the next
    // heredoc of the same line would start.
    let mut body_ends: HashMap<usize, usize> = HashMap::new();
    for body in &pre.bodies {
        let e = body_ends.entry(body.start_byte()).or_insert(0);
        *e = (*e).max(body.end_byte());
    }
    let mut l = Lowerer {
        src: source,
        ids: ids_for(tree),
        cursor: root.walk(),
        errors: pre.errors,
        suppress: pre.suppress,
        depth: 0,
        too_deep: false,
        heredoc_bodies,
        body_ends,
        namestack: Vec::new(),
        var_override: None,
        children: pre.children,
    };
    let body =
        if root.kind_id() == l.ids.k.manifest && l.ids.k.epp_text != super::kinds::ABSENT_KIND {
            vec![l.epp_template(root)]
        } else {
            l.statements(root)
        };
    let program = Program {
        body,
        span: Span::new(0, source.len()),
    };
    (program, pre.comments, l.errors, l.suppress)
}

pub(super) fn is_statement_call_name(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::QualifiedName(n) if STATEMENT_CALLS.contains(&n.as_str()))
}

pub(super) struct Lowerer<'t, 's> {
    pub(super) src: &'s str,
    pub(super) ids: &'static Ids,
    pub(super) cursor: TreeCursor<'t>,
    pub(super) errors: Vec<SyntaxError>,
    pub(super) suppress: Vec<(usize, usize)>,
    pub(super) depth: usize,
    pub(super) too_deep: bool,
    pub(super) heredoc_bodies: HashMap<usize, Node<'t>>,
    /// Newline offset → end of the last heredoc body starting there.
    pub(super) body_ends: HashMap<usize, usize>,
    /// Names of the enclosing classes (Puppet's namestack).
    pub(super) namestack: Vec<String>,
    /// Start byte of the first token of a `${...}` that the variable rule converts.
    pub(super) var_override: Option<usize>,
    /// The nodes' children gathered by the pre-pass.
    pub(super) children: Children<'t>,
}

impl<'t, 's> Lowerer<'t, 's> {
    pub(super) fn text(&self, node: Node) -> &'s str {
        self.src
            .get(node.start_byte()..node.end_byte())
            .unwrap_or("")
    }

    pub(super) fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(SyntaxError {
            span,
            message: message.into(),
            severity: Severity::Error,
        });
    }

    pub(super) fn warning(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(SyntaxError {
            span,
            message: message.into(),
            severity: Severity::Warning,
        });
    }

    /// The non-extra children of a node, with their field ids.
    pub(super) fn kids(&mut self, node: Node<'t>) -> Kids<'t> {
        if let Some(kids) = self.children.of(node) {
            return kids;
        }
        let mut out = Vec::new();
        self.cursor.reset(node);
        if self.cursor.goto_first_child() {
            loop {
                let n = self.cursor.node();
                if !n.is_extra() {
                    out.push((self.cursor.field_id().map_or(0, |f| f.get()), n));
                }
                if !self.cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        out
    }

    /// Named, non-error children (the "values" of a list node).
    pub(super) fn named_kids(&mut self, node: Node<'t>) -> Vec<Node<'t>> {
        self.kids(node)
            .into_iter()
            .map(|(_, n)| n)
            .filter(|n| usable(*n))
            .collect()
    }

    /// The text of the operator of a binary-like node: the `operator` field, else the
    /// first anonymous child.
    pub(super) fn operator(&self, kids: &Kids<'t>) -> &'s str {
        let node = field(kids, self.ids.f.operator)
            .or_else(|| kids.iter().map(|(_, n)| *n).find(|n| !n.is_named()));
        node.map(|n| self.text(n)).unwrap_or("")
    }

    /// The lowered `left` and `right` operands of a binary-like node.
    fn operands(&mut self, kids: &Kids<'t>, node: Node<'t>) -> (Box<Expr>, Box<Expr>) {
        let f = &self.ids.f;
        let (left, right) = (field(kids, f.left), field(kids, f.right));
        let lhs = self.opt_expr(left, node);
        let rhs = self.opt_expr(right, node);
        (Box::new(lhs), Box::new(rhs))
    }

    pub(super) fn opt_expr(&mut self, node: Option<Node<'t>>, parent: Node<'t>) -> Expr {
        match node {
            Some(n) => self.expr(n),
            None => nop(at(parent.end_byte())),
        }
    }

    // ---------------------------------------------------------------- statement lists

    /// Lower a statement list (the manifest or a block), applying Puppet's statement-call
    /// transform (`transform_calls`).
    pub(super) fn statements(&mut self, node: Node<'t>) -> Vec<Expr> {
        let kids = self.kids(node);
        let mut out: Vec<Expr> = Vec::new();
        for (_, n) in kids {
            if !usable(n)
                || n.kind_id() == self.ids.k.comment
                || n.kind_id() == self.ids.k.epp_parameters
            {
                continue;
            }
            if n.kind_id() == self.ids.k.comma_list {
                let ckids = self.kids(n);
                let comma = ckids
                    .iter()
                    .find(|(_, c)| !c.is_named() && self.text(*c) == ",")
                    .map(|(_, c)| span(*c))
                    .unwrap_or_else(|| span(n));
                let items: Vec<Node<'t>> = ckids
                    .iter()
                    .map(|(_, c)| *c)
                    .filter(|c| usable(*c))
                    .collect();
                let args: Vec<Expr> = items.into_iter().map(|c| self.expr(c)).collect();
                if out.last().is_some_and(is_statement_call_name) {
                    merge_statement_call(&mut out, args);
                } else {
                    let message = match out.last().map(|e| &e.kind) {
                        Some(ExprKind::QualifiedName(name)) => format!(
                            "attempt to pass argument list to the function '{name}' which cannot be called without parentheses"
                        ),
                        _ => "illegal comma separated argument list".to_string(),
                    };
                    self.error(comma, message);
                    for a in args {
                        push_statement(&mut out, a);
                    }
                }
            } else {
                let e = self.expr(n);
                if out.last().is_some_and(is_statement_call_name) {
                    merge_statement_call(&mut out, vec![e]);
                } else {
                    push_statement(&mut out, e);
                }
            }
        }
        // Lists are grown by doubling; the AST keeps them at their size.
        out.shrink_to_fit();
        out
    }

    pub(super) fn body(&mut self, node: Option<Node<'t>>, parent: Node<'t>) -> Body {
        match node {
            Some(b) => Body {
                statements: self.statements(b),
                span: span(b),
            },
            None => Body {
                statements: Vec::new(),
                span: at(parent.end_byte()),
            },
        }
    }

    // ---------------------------------------------------------------- expressions

    pub(super) fn expr(&mut self, node: Node<'t>) -> Expr {
        if self.depth >= MAX_DEPTH {
            if !self.too_deep {
                self.too_deep = true;
                self.error(span(node), "nesting too deep");
            }
            return nop(span(node));
        }
        self.depth += 1;
        let kind = self.expr_kind(node);
        self.depth -= 1;
        Expr::new(kind, span(node))
    }

    pub(super) fn expr_kind(&mut self, node: Node<'t>) -> ExprKind {
        if node.is_error() || node.is_missing() {
            return ExprKind::Nop;
        }
        let k = &self.ids.k;
        let f = &self.ids.f;
        let id = node.kind_id();

        if let Some(pos) = self.var_override {
            if pos == node.start_byte() && self.is_convertible(node) {
                self.var_override = None;
                return ExprKind::Variable(self.text(node).to_string());
            }
        }

        if id == k.name || id == k.word || id == k.type_reference || id == k.variable {
            self.check_dangling_colons(node);
        }

        match id {
            _ if id == k.variable => {
                let t = self.text(node);
                ExprKind::Variable(t.strip_prefix('$').unwrap_or(t).to_string())
            }
            _ if id == k.name => ExprKind::QualifiedName(self.text(node).to_string()),
            _ if id == k.word || id == k.type_keyword_string => ExprKind::String {
                value: self.text(node).to_string(),
                style: StringStyle::Bare,
            },
            _ if id == k.type_reference => {
                self.check_class_reference(node);
                ExprKind::QualifiedReference(self.text(node).to_string())
            }
            _ if id == k.number => self.number(node),
            _ if id == k.true_ => ExprKind::Boolean(true),
            _ if id == k.false_ => ExprKind::Boolean(false),
            _ if id == k.undef => ExprKind::Undef,
            _ if id == k.default => ExprKind::Default,
            _ if id == k.reserved_word => ExprKind::Reserved(self.text(node).to_string()),
            _ if id == k.regex => {
                let pattern = strings::regex_pattern(self.text(node));
                if let Some(message) = strings::check_regex(&pattern) {
                    self.error(span(node), message);
                }
                ExprKind::Regex { pattern }
            }
            _ if id == k.single_quoted_string => {
                let t = self.text(node);
                let inner = t.strip_prefix('\'').unwrap_or(t);
                let inner = inner.strip_suffix('\'').unwrap_or(inner);
                ExprKind::String {
                    value: strings::decode_single_quoted(inner),
                    style: StringStyle::Single,
                }
            }
            _ if id == k.double_quoted_string => self.double_quoted(node),
            _ if id == k.heredoc => self.heredoc(node),
            _ if id == k.array => {
                let items = self.named_kids(node);
                ExprKind::Array(self.list_with_pairs(items))
            }
            _ if id == k.hash => ExprKind::Hash {
                entries: self.hash_entries(node).into_boxed_slice(),
                synthetic: false,
            },
            _ if id == k.assignment => {
                let kids = self.kids(node);
                let op = match self.operator(&kids) {
                    "+=" => AssignOp::AddAssign,
                    "-=" => AssignOp::SubAssign,
                    _ => AssignOp::Assign,
                };
                let (lhs, rhs) = self.operands(&kids, node);
                ExprKind::Assignment { op, lhs, rhs }
            }
            _ if id == k.relationship => {
                let kids = self.kids(node);
                let op = match self.operator(&kids) {
                    "~>" => RelationshipOp::Notify,
                    "<-" => RelationshipOp::After,
                    "<~" => RelationshipOp::NotifiedBy,
                    _ => RelationshipOp::Before,
                };
                let (lhs, rhs) = self.operands(&kids, node);
                ExprKind::Relationship { op, lhs, rhs }
            }
            _ if id == k.binary_expression => {
                let kids = self.kids(node);
                let op_text = self.operator(&kids);
                let (lhs, rhs) = self.operands(&kids, node);
                let Some(op) = binary_op(op_text) else {
                    return ExprKind::Nop;
                };
                ExprKind::Binary { op, lhs, rhs }
            }
            _ if id == k.unary_expression => {
                let kids = self.kids(node);
                let op = match self.operator(&kids) {
                    "!" => UnaryOp::Not,
                    "*" => UnaryOp::Splat,
                    _ => UnaryOp::Neg,
                };
                let operand = field(&kids, f.operand)
                    .or_else(|| kids.iter().map(|(_, n)| *n).find(|n| usable(*n)));
                let operand = self.opt_expr(operand, node);
                ExprKind::Unary {
                    op,
                    operand: Box::new(operand),
                }
            }
            _ if id == k.epp_text => self.epp_text(node),
            _ if id == k.epp_render => self.epp_render(node),
            _ if id == k.parenthesized_expression => {
                let inner = self.named_kids(node).into_iter().next();
                ExprKind::Paren(Box::new(self.opt_expr(inner, node)))
            }
            _ if id == k.selector_expression => self.selector(node),
            _ if id == k.access_expression => {
                let kids = self.kids(node);
                let target = self.opt_expr(field(&kids, f.target), node);
                let keys: Vec<Node<'t>> = kids
                    .iter()
                    .filter(|(fid, n)| *fid != f.target && usable(*n))
                    .map(|(_, n)| *n)
                    .collect();
                ExprKind::Access {
                    target: Box::new(target),
                    keys: self.list_with_pairs(keys).into_boxed_slice(),
                }
            }
            _ if id == k.call_expression => {
                let kids = self.kids(node);
                let functor = self.opt_expr(field(&kids, f.function), node);
                let args = self.arguments(field(&kids, f.arguments));
                let lambda = field(&kids, f.lambda).map(|l| self.lambda(l));
                ExprKind::Call(Box::new(CallExpr {
                    functor,
                    args,
                    lambda,
                    parens: true,
                    statement: false,
                }))
            }
            _ if id == k.method_call => {
                let kids = self.kids(node);
                let receiver = self.opt_expr(field(&kids, f.receiver), node);
                let name = match field(&kids, f.name) {
                    Some(n) => Ident {
                        name: self.text(n).to_string(),
                        span: span(n),
                    },
                    None => Ident {
                        name: String::new(),
                        span: at(node.end_byte()),
                    },
                };
                let args_node = field(&kids, f.arguments);
                let args = self.arguments(args_node);
                let lambda = field(&kids, f.lambda).map(|l| self.lambda(l));
                ExprKind::MethodCall(Box::new(MethodCallExpr {
                    receiver,
                    name,
                    args,
                    lambda,
                    parens: args_node.is_some(),
                }))
            }
            _ if id == k.if_expression => self.if_expr(node),
            _ if id == k.unless_expression => {
                let kids = self.kids(node);
                let test = self.opt_expr(field(&kids, f.condition), node);
                let then_body = self.body(field(&kids, f.consequence), node);
                let else_body = match kids.iter().find(|(_, n)| n.kind_id() == k.else_clause) {
                    Some((_, e)) => {
                        let ek = self.kids(*e);
                        Some(self.body(field(&ek, f.body), *e))
                    }
                    None => None,
                };
                ExprKind::Unless(Box::new(UnlessExpr {
                    test,
                    then_body,
                    else_body,
                }))
            }
            _ if id == k.case_expression => self.case_expr(node),
            _ if id == k.collect_expression => self.collect(node),
            _ if id == k.resource_expression => self.resource(node),
            _ if id == k.attribute_block => self.attribute_block(node),
            _ if id == k.class_definition => self.class_def(node),
            _ if id == k.define_definition => {
                let kids = self.kids(node);
                let (name, name_span) = self.def_name(&kids, node);
                let name = self.classname(&name);
                let (params, has_param_list) = self.param_list(field(&kids, f.parameters));
                let body = self.body(field(&kids, f.body), node);
                ExprKind::Define(Box::new(DefineDef {
                    name,
                    name_span,
                    params,
                    has_param_list,
                    body,
                }))
            }
            _ if id == k.function_definition => {
                let kids = self.kids(node);
                let (name, name_span) = self.def_name(&kids, node);
                let (params, has_param_list) = self.param_list(field(&kids, f.parameters));
                let return_type = field(&kids, f.return_type).map(|r| self.expr(r));
                let body = self.body(field(&kids, f.body), node);
                ExprKind::Function(Box::new(FunctionDef {
                    name,
                    name_span,
                    params,
                    has_param_list,
                    return_type,
                    body,
                }))
            }
            _ if id == k.plan_definition => {
                let kids = self.kids(node);
                let (name, name_span) = self.def_name(&kids, node);
                let (params, has_param_list) = self.param_list(field(&kids, f.parameters));
                let body = self.body(field(&kids, f.body), node);
                ExprKind::Plan(Box::new(PlanDef {
                    name,
                    name_span,
                    params,
                    has_param_list,
                    body,
                }))
            }
            _ if id == k.node_definition => self.node_def(node),
            _ if id == k.type_alias => self.type_alias(node),
            _ if id == k.type_mapping => {
                let kids = self.kids(node);
                let mapping = self.opt_expr(field(&kids, f.mapping), node);
                let value = self.opt_expr(field(&kids, f.value), node);
                ExprKind::TypeMapping {
                    mapping: Box::new(mapping),
                    value: Box::new(value),
                }
            }
            _ if id == k.type_definition => {
                let kids = self.kids(node);
                let name = self.ident(field(&kids, f.name), node);
                let parent = field(&kids, f.parent).map(|p| Ident {
                    name: self.text(p).to_string(),
                    span: span(p),
                });
                let body = self.body(field(&kids, f.body), node);
                ExprKind::TypeDefinition(Box::new(TypeDefinitionDef { name, parent, body }))
            }
            _ if id == k.block => ExprKind::Block(self.statements(node)),
            _ if id == k.comma_list => {
                let items = self.named_kids(node);
                if let Some(second) = items.get(1) {
                    self.error(
                        at(second.start_byte()),
                        "illegal comma separated argument list",
                    );
                }
                match items.first() {
                    Some(first) => self.expr(*first).kind,
                    None => ExprKind::Nop,
                }
            }
            _ => {
                // An unknown wrapper: lower its single named child, if any.
                let items = self.named_kids(node);
                match items.as_slice() {
                    [only] => self.expr(*only).kind,
                    _ => ExprKind::Nop,
                }
            }
        }
    }

    /// A `::` right after a name, word, variable or type reference that does not continue
    /// it is one of Puppet's lexer errors (`a::3`, `$a::`, `Foo::bar`, `::A::b`).
    pub(super) fn check_dangling_colons(&mut self, node: Node<'t>) {
        let end = node.end_byte();
        let after = self.src.get(end..).unwrap_or("");
        let Some(rest) = after.strip_prefix("::") else {
            return;
        };
        if rest.starts_with(|c: char| c.is_ascii_uppercase()) {
            return; // `foo::Bar` is NAME followed by CLASSREF `::Bar`.
        }
        self.suppress.push((end, end + 2));
        if node.kind_id() != self.ids.k.type_reference {
            // At the token after the `::`, spanning it.
            let from = end + 2;
            self.error(
                Span::new(from, from + word_len(rest)),
                "Illegal fully qualified name",
            );
            return;
        }
        let text = self.text(node);
        if text.starts_with("::") {
            let run = self
                .src
                .get(node.start_byte()..)
                .unwrap_or("")
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(self.src.len() - node.start_byte());
            self.error(
                at(node.start_byte() + run),
                "Illegal fully qualified class reference",
            );
        } else {
            // At the second `:`, spanning it and the name after it.
            self.error(
                Span::new(end + 1, end + 2 + word_len(rest)),
                "Illegal class reference",
            );
        }
    }

    /// A type reference is lexed broadly (`Foo::bar`, `::A::3`): every segment after the
    /// first must start with an upper-case letter, as Puppet's lexer requires.
    pub(super) fn check_class_reference(&mut self, node: Node<'t>) {
        let text = self.text(node);
        let body = text.strip_prefix("::").unwrap_or(text);
        let mut offset = text.len() - body.len();
        for (i, seg) in body.split("::").enumerate() {
            if i > 0 && !seg.starts_with(|c: char| c.is_ascii_uppercase()) {
                let start = node.start_byte();
                if text.starts_with("::") {
                    self.error(
                        at(node.end_byte()),
                        "Illegal fully qualified class reference",
                    );
                } else {
                    // At the second `:` of the offending `::`, spanning the rest of
                    // the reference.
                    self.error(
                        Span::new(start + offset - 1, node.end_byte()),
                        "Illegal class reference",
                    );
                }
                self.suppress.push((start, node.end_byte()));
                return;
            }
            offset += seg.len() + 2;
        }
    }

    /// Whether a node is a token the `${name}` rule turns into a variable.
    pub(super) fn is_convertible(&self, node: Node) -> bool {
        let k = &self.ids.k;
        let id = node.kind_id();
        [
            k.name,
            k.word,
            k.number,
            k.true_,
            k.false_,
            k.undef,
            k.default,
            k.reserved_word,
            k.type_keyword_string,
        ]
        .contains(&id)
            || (!node.is_named() && node.child_count() == 0 && is_keyword(self.text(node)))
    }

    pub(super) fn number(&mut self, node: Node<'t>) -> ExprKind {
        let text = self.text(node);
        match strings::parse_number(text) {
            Ok(NumberValue::Integer {
                value,
                radix,
                overflow,
            }) => {
                if overflow {
                    self.warning(
                        span(node),
                        format!("integer literal {text} is too large to be represented"),
                    );
                }
                ExprKind::Integer {
                    value: IntegerValue::new(value),
                    radix,
                }
            }
            Ok(NumberValue::Float(v)) => ExprKind::Float(v),
            Err(message) => {
                self.error(span(node), message);
                ExprKind::Nop
            }
        }
    }

    /// Elements of an array, argument list or access: adjacent `pair`s merge into one hash.
    pub(super) fn list_with_pairs(&mut self, items: Vec<Node<'t>>) -> Vec<Expr> {
        let mut out = Vec::new();
        let mut pending: Vec<HashEntry> = Vec::new();
        for n in items {
            if n.kind_id() == self.ids.k.pair {
                let entry = self.pair(n);
                pending.push(entry);
            } else {
                flush_pairs(&mut out, &mut pending);
                out.push(self.expr(n));
            }
        }
        flush_pairs(&mut out, &mut pending);
        out.shrink_to_fit();
        out
    }

    pub(super) fn pair(&mut self, n: Node<'t>) -> HashEntry {
        let kids = self.kids(n);
        let key = self.opt_expr(field(&kids, self.ids.f.key), n);
        let value = self.opt_expr(field(&kids, self.ids.f.value), n);
        HashEntry {
            key,
            value,
            span: span(n),
        }
    }

    pub(super) fn hash_entries(&mut self, node: Node<'t>) -> Vec<HashEntry> {
        let items = self.named_kids(node);
        items
            .into_iter()
            .filter(|n| n.kind_id() == self.ids.k.pair)
            .map(|n| self.pair(n))
            .collect::<Vec<_>>()
            .into_boxed_slice()
            .into_vec()
    }

    pub(super) fn arguments(&mut self, list: Option<Node<'t>>) -> Vec<Expr> {
        match list {
            Some(l) => {
                let items = self.named_kids(l);
                self.list_with_pairs(items)
            }
            None => Vec::new(),
        }
    }

    pub(super) fn lambda(&mut self, node: Node<'t>) -> Lambda {
        let kids = self.kids(node);
        let f = &self.ids.f;
        let params = match field(&kids, f.parameters) {
            Some(p) => self.parameters(p),
            None => Vec::new(),
        };
        let return_type = field(&kids, f.return_type).map(|r| self.expr(r));
        let body = self.body(field(&kids, f.body), node);
        Lambda {
            params,
            return_type,
            body,
            span: span(node),
        }
    }

    pub(super) fn param_list(&mut self, list: Option<Node<'t>>) -> (Vec<Parameter>, bool) {
        match list {
            Some(l) => (self.parameters(l), true),
            None => (Vec::new(), false),
        }
    }

    pub(super) fn parameters(&mut self, list: Node<'t>) -> Vec<Parameter> {
        let items = self.named_kids(list);
        items
            .into_iter()
            .filter(|n| n.kind_id() == self.ids.k.parameter)
            .map(|n| self.parameter(n))
            .collect::<Vec<_>>()
            .into_boxed_slice()
            .into_vec()
    }

    pub(super) fn parameter(&mut self, node: Node<'t>) -> Parameter {
        let kids = self.kids(node);
        let f = &self.ids.f;
        let type_expr = field(&kids, f.type_).map(|t| self.expr(t));
        let captures_rest = field(&kids, f.splat).is_some()
            || field(&kids, f.captures_rest).is_some()
            || kids
                .iter()
                .any(|(_, n)| !n.is_named() && self.text(*n) == "*");
        let name = match field(&kids, f.name) {
            Some(n) => {
                let t = self.text(n);
                Ident {
                    name: t.strip_prefix('$').unwrap_or(t).to_string(),
                    span: span(n),
                }
            }
            None => Ident {
                name: String::new(),
                span: at(node.end_byte()),
            },
        };
        let default = field(&kids, f.default).map(|d| self.expr(d));
        Parameter {
            name,
            type_expr,
            captures_rest,
            default,
            span: span(node),
        }
    }

    pub(super) fn ident(&self, node: Option<Node<'t>>, parent: Node<'t>) -> Ident {
        match node {
            Some(n) => Ident {
                name: self.text(n).to_string(),
                span: span(n),
            },
            None => Ident {
                name: String::new(),
                span: at(parent.end_byte()),
            },
        }
    }

    pub(super) fn def_name(&self, kids: &Kids<'t>, node: Node<'t>) -> (String, Span) {
        let id = self.ident(field(kids, self.ids.f.name), node);
        (id.name, id.span)
    }

    /// Puppet's `classname`: the enclosing class names joined with `::`, one leading
    /// `::` removed.
    pub(super) fn classname(&self, name: &str) -> String {
        let joined = format!("{}::{}", self.namestack.join("::"), name);
        joined
            .strip_prefix("::")
            .map(str::to_string)
            .unwrap_or(joined)
    }

    pub(super) fn class_def(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.kids(node);
        let f = &self.ids.f;
        let (raw, name_span) = self.def_name(&kids, node);
        let name = self.classname(&raw);
        let (params, has_param_list) = self.param_list(field(&kids, f.parameters));
        let parent = field(&kids, f.parent).map(|p| Ident {
            name: self.text(p).to_string(),
            span: span(p),
        });
        self.namestack.push(raw);
        let body = self.body(field(&kids, f.body), node);
        self.namestack.pop();
        ExprKind::Class(Box::new(ClassDef {
            name,
            name_span,
            parent,
            params,
            has_param_list,
            body,
        }))
    }

    pub(super) fn node_def(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.kids(node);
        let f = &self.ids.f;
        let mut matches = Vec::new();
        let mut parent = None;
        for (fid, n) in &kids {
            if !usable(*n) || *fid == f.body {
                continue;
            }
            if *fid == f.parent {
                parent = Some(self.node_match(*n));
            } else if n.kind_id() == self.ids.k.node_match || n.kind_id() == self.ids.k.hostname {
                matches.push(self.node_match(*n));
            }
        }
        let body = self.body(field(&kids, f.body), node);
        ExprKind::Node(Box::new(NodeDef {
            matches,
            parent,
            body,
        }))
    }

    pub(super) fn node_match(&mut self, node: Node<'t>) -> Expr {
        let inner = if node.kind_id() == self.ids.k.node_match {
            match self.named_kids(node).into_iter().next() {
                Some(i) => i,
                None => return nop(span(node)),
            }
        } else {
            node
        };
        if inner.kind_id() != self.ids.k.hostname {
            return self.expr(inner);
        }
        let parts = self.named_kids(inner);
        let mut names = Vec::new();
        for p in parts {
            let t = self.text(p);
            if p.kind_id() == self.ids.k.number {
                if let Err(message) = strings::parse_number(t) {
                    self.error(span(p), message);
                }
            }
            names.push(t);
        }
        Expr::new(
            ExprKind::String {
                value: names.join("."),
                style: StringStyle::Bare,
            },
            span(inner),
        )
    }

    pub(super) fn type_alias(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.kids(node);
        let f = &self.ids.f;
        let name = self.ident(field(&kids, f.name), node);
        let value = match field(&kids, f.value) {
            Some(v) if v.kind_id() == self.ids.k.hash => {
                let hash = self.expr(v);
                object_access("Object", at(v.start_byte()), hash, span(v))
            }
            Some(v) if v.kind_id() == self.ids.k.type_with_hash => {
                let vk = self.kids(v);
                let tnode = field(&vk, f.type_);
                let hnode = field(&vk, f.hash);
                let type_ref = self.opt_expr(tnode, v);
                let mut hash = self.opt_expr(hnode, v);
                let tname = tnode.map(|t| self.text(t)).unwrap_or("");
                if tname == "Object" || tname == "TypeSet" {
                    let tspan = type_ref.span;
                    object_access(tname, tspan, hash, span(v))
                } else {
                    let end = hash.span.end();
                    if let ExprKind::Hash { entries, .. } = &mut hash.kind {
                        let mut with_parent = std::mem::take(entries).into_vec();
                        with_parent.push(HashEntry {
                            key: Expr::new(ExprKind::QualifiedName("parent".into()), at(end)),
                            span: type_ref.span,
                            value: type_ref,
                        });
                        *entries = with_parent.into_boxed_slice();
                    }
                    object_access("Object", at(v.start_byte()), hash, span(v))
                }
            }
            Some(v) => self.expr(v),
            None => nop(at(node.end_byte())),
        };
        ExprKind::TypeAlias(Box::new(TypeAliasDef { name, value }))
    }

    pub(super) fn selector(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.kids(node);
        let f = &self.ids.f;
        let subject = self.opt_expr(field(&kids, f.subject), node);
        let braces = kids
            .iter()
            .any(|(_, n)| !n.is_named() && self.text(*n) == "{");
        let mut entries = Vec::new();
        for (_, n) in &kids {
            if n.kind_id() == self.ids.k.selector_entry {
                let ek = self.kids(*n);
                let matching = self.opt_expr(field(&ek, f.key), *n);
                let value = self.opt_expr(field(&ek, f.value), *n);
                entries.push(SelectorEntry {
                    matching,
                    value,
                    span: span(*n),
                });
            }
        }
        ExprKind::Selector {
            subject: Box::new(subject),
            entries: entries.into_boxed_slice(),
            braces,
        }
    }

    pub(super) fn if_expr(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.kids(node);
        let k = &self.ids.k;
        let f = &self.ids.f;
        let test = self.opt_expr(field(&kids, f.condition), node);
        let then_body = self.body(field(&kids, f.consequence), node);
        let mut elsifs = Vec::new();
        let mut else_branch = None;
        for (_, n) in &kids {
            if n.kind_id() == k.elsif_clause {
                let ek = self.kids(*n);
                let t = self.opt_expr(field(&ek, f.condition), *n);
                let b = self.body(field(&ek, f.consequence), *n);
                elsifs.push((t, b, n.start_byte()));
            } else if n.kind_id() == k.else_clause {
                let ek = self.kids(*n);
                else_branch = Some(ElseBranch::Else(self.body(field(&ek, f.body), *n)));
            }
        }
        for (test, then_body, start) in elsifs.into_iter().rev() {
            let inner = IfExpr {
                test,
                then_body,
                else_branch,
            };
            else_branch = Some(ElseBranch::Elsif(Box::new(Expr::new(
                ExprKind::If(Box::new(inner)),
                Span::new(start, node.end_byte()),
            ))));
        }
        ExprKind::If(Box::new(IfExpr {
            test,
            then_body,
            else_branch,
        }))
    }

    pub(super) fn case_expr(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.kids(node);
        let f = &self.ids.f;
        let test = self.opt_expr(field(&kids, f.value), node);
        let mut options = Vec::new();
        for (_, n) in &kids {
            if n.kind_id() != self.ids.k.case_option {
                continue;
            }
            let ok = self.kids(*n);
            let values: Vec<Expr> = ok
                .iter()
                .filter(|(fid, c)| *fid != f.body && usable(*c))
                .map(|(_, c)| *c)
                .collect::<Vec<_>>()
                .into_iter()
                .map(|c| self.expr(c))
                .collect();
            let body = self.body(field(&ok, f.body), *n);
            options.push(CaseOption {
                values,
                body,
                span: span(*n),
            });
        }
        ExprKind::Case(Box::new(CaseExpr { test, options }))
    }

    pub(super) fn collect(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.kids(node);
        let f = &self.ids.f;
        let type_expr = self.opt_expr(field(&kids, f.type_), node);
        let (exported, query, query_span) = match field(&kids, f.query) {
            Some(q) => {
                let inner = self.named_kids(q).into_iter().next();
                let query = inner.map(|i| self.expr(i));
                (q.kind_id() == self.ids.k.exported_query, query, span(q))
            }
            None => (false, None, at(node.end_byte())),
        };
        let ops = self.attribute_ops(&kids);
        ExprKind::Collect(Box::new(CollectExpr {
            type_expr,
            exported,
            query,
            ops,
            query_span,
        }))
    }
}

pub(super) fn is_keyword(t: &str) -> bool {
    matches!(
        t,
        "and"
            | "attr"
            | "case"
            | "class"
            | "default"
            | "define"
            | "else"
            | "elsif"
            | "false"
            | "function"
            | "if"
            | "in"
            | "inherits"
            | "node"
            | "or"
            | "private"
            | "true"
            | "type"
            | "undef"
            | "unless"
    )
}

fn binary_op(t: &str) -> Option<BinaryOp> {
    Some(match t {
        "+" => BinaryOp::Add,
        "-" => BinaryOp::Sub,
        "*" => BinaryOp::Mul,
        "/" => BinaryOp::Div,
        "%" => BinaryOp::Mod,
        "<<" => BinaryOp::Shl,
        ">>" => BinaryOp::Shr,
        "==" => BinaryOp::Eq,
        "!=" => BinaryOp::Ne,
        "<" => BinaryOp::Lt,
        "<=" => BinaryOp::Le,
        ">" => BinaryOp::Gt,
        ">=" => BinaryOp::Ge,
        "=~" => BinaryOp::Match,
        "!~" => BinaryOp::NotMatch,
        "in" => BinaryOp::In,
        "and" => BinaryOp::And,
        "or" => BinaryOp::Or,
        _ => return None,
    })
}

/// `Name[hash]` for the type alias rewrite.
fn object_access(name: &str, name_span: Span, hash: Expr, whole: Span) -> Expr {
    Expr::new(
        ExprKind::Access {
            target: Box::new(Expr::new(
                ExprKind::QualifiedReference(name.to_string()),
                name_span,
            )),
            keys: Box::new([hash]),
        },
        whole,
    )
}

fn flush_pairs(out: &mut Vec<Expr>, pending: &mut Vec<HashEntry>) {
    if pending.is_empty() {
        return;
    }
    let entries = std::mem::take(pending);
    let mut s = entries[0].span;
    for e in &entries {
        s = s.cover(e.span);
    }
    out.push(Expr::new(
        ExprKind::Hash {
            entries: entries.into_boxed_slice(),
            synthetic: true,
        },
        s,
    ));
}

/// Push a statement; a call standing directly as a statement is a PN `invoke`.
fn push_statement(out: &mut Vec<Expr>, mut e: Expr) {
    if let ExprKind::Call(c) = &mut e.kind {
        c.statement = true;
    }
    out.push(e);
}

/// Turn the statement-call name at the end of `out` into a call with `args`.
fn merge_statement_call(out: &mut Vec<Expr>, mut args: Vec<Expr>) {
    let Some(functor) = out.pop() else {
        return;
    };
    if let [only] = args.as_mut_slice() {
        if let ExprKind::Call(c) = &mut only.kind {
            c.statement = false;
        }
    }
    let end = args.last().map_or(functor.span, |a| a.span);
    let s = functor.span.cover(end);
    out.push(Expr::new(
        ExprKind::Call(Box::new(CallExpr {
            functor,
            args,
            lambda: None,
            parens: false,
            statement: true,
        })),
        s,
    ));
}

/// The length in bytes of the name characters (letters, digits, `_`) at the start of `text`.
fn word_len(text: &str) -> usize {
    text.find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len())
}
