//! Evaluating statements and expressions: literals, strings with interpolation, access,
//! the operators (`and`/`or` short-circuit, `=~` sets the match variables), and the
//! conditions whose truth is known (reported as constant).

use super::budget::MAX_EXPR_DEPTH;
use super::locals::is_definition;
use super::state::{bounded, Evaluator, Flow, RefKind, MAX_STRING, R};
use crate::eval::ops;
use crate::eval::types::{self, PType};
use crate::eval::value::{flatten, ErrorKind, EvalError, Value};
use crate::syntax::{
    BinaryOp, Body, ElseBranch, Expr, ExprKind, Span, StringPart, StringParts, UnaryOp,
};

fn speculative_flow(r1: R, r2: R) -> R {
    for r in [r1, r2] {
        if let Err(Flow::Return(_)) = r {
            return Err(Flow::Return(Value::any()));
        }
    }
    Ok(Value::any())
}

fn same_kind(a: &Value, b: &Value) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// An expression whose value never changes: literals and operators on them.
fn is_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Boolean(_) | ExprKind::Integer { .. } | ExprKind::Float(_) => true,
        ExprKind::String { .. } | ExprKind::Undef => true,
        ExprKind::Paren(i) => is_constant(i),
        ExprKind::Unary {
            op: UnaryOp::Not,
            operand,
        } => is_constant(operand),
        ExprKind::Binary { lhs, rhs, .. } => is_constant(lhs) && is_constant(rhs),
        _ => false,
    }
}

impl<'a> Evaluator<'a> {
    pub(super) fn eval_body(&mut self, body: &Body) -> R {
        self.eval_statements(&body.statements)
    }

    fn eval_statements(&mut self, stmts: &[Expr]) -> R {
        let mut last = Value::Undef;
        for s in stmts {
            if is_definition(s) {
                continue;
            }
            last = self.eval(s)?;
        }
        Ok(last)
    }

    /// Evaluates `e`; an unknown past [`MAX_EXPR_DEPTH`] levels of nesting (counted through
    /// calls), so that evaluation fits on an 8 MB stack however deep the code nests.
    pub(super) fn eval(&mut self, e: &Expr) -> R {
        let depth = self.budget.depth;
        if depth > self.budget.depth_seen {
            self.budget.depth_seen = depth;
        }
        if depth >= MAX_EXPR_DEPTH {
            self.open = true;
            return Ok(Value::any());
        }
        self.budget.depth += 1;
        let r = self.eval_expr(e);
        self.budget.depth -= 1;
        r
    }

    fn eval_expr(&mut self, e: &Expr) -> R {
        self.tick()?;
        let span = e.span;
        match &e.kind {
            ExprKind::Nop => Ok(Value::Undef),
            ExprKind::Integer { value, .. } => match i64::try_from(value.get()) {
                Ok(v) => Ok(Value::Int(v)),
                Err(_) => Ok(Value::unknown(PType::integer())),
            },
            ExprKind::Float(f) => Ok(Value::Float(*f)),
            ExprKind::String { value, .. } => Ok(Value::str(value.as_str())),
            ExprKind::Concat(parts) => self.eval_concat(parts),
            ExprKind::Heredoc(h) => self.eval(&h.text),
            ExprKind::Boolean(b) => Ok(Value::Bool(*b)),
            ExprKind::Undef => Ok(Value::Undef),
            ExprKind::Default => Ok(Value::Default),
            ExprKind::Regex { pattern } => Ok(Value::Regex(pattern.as_str().into())),
            ExprKind::Reserved(w) => Ok(Value::str(w.as_str())),
            ExprKind::QualifiedName(n) => Ok(Value::str(n.as_str())),
            ExprKind::QualifiedReference(n) => Ok(Value::ty(self.resolve_type(n))),
            ExprKind::Variable(name) => self.lookup(name, span),
            ExprKind::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for i in items {
                    if let ExprKind::Unary {
                        op: UnaryOp::Splat,
                        operand,
                    } = &i.kind
                    {
                        match self.eval(operand)? {
                            Value::Array(a) => out.extend(a.iter().cloned()),
                            Value::Unknown(_) => return Ok(Value::unknown(PType::array())),
                            v => out.push(v),
                        }
                        continue;
                    }
                    out.push(self.eval(i)?);
                }
                Ok(self.budget.built(Value::array(out)))
            }
            ExprKind::Hash { entries, .. } => {
                let mut out: Vec<(Value, Value)> = Vec::with_capacity(entries.len());
                // The keys' fingerprints: only keys with the same one can be equal.
                let mut prints: Vec<u64> = Vec::with_capacity(entries.len());
                for en in entries {
                    let k = self.eval(&en.key)?;
                    let v = self.eval(&en.value)?;
                    let print = ops::equality_fingerprint(&k);
                    let found = prints.iter().zip(out.iter()).position(|(p, (ek, _))| {
                        *p == print && same_kind(ek, &k) && ops::equals(ek, &k) == Some(true)
                    });
                    if let Some(i) = found {
                        out[i].1 = v;
                    } else {
                        out.push((k, v));
                        prints.push(print);
                    }
                }
                Ok(self.budget.built(Value::hash(out)))
            }
            ExprKind::Access { target, keys } => self.eval_access(target, keys, span),
            ExprKind::Unary { op, operand } => {
                let v = self.eval(operand)?;
                match op {
                    UnaryOp::Not => Ok(match ops::truthy(&v) {
                        Some(b) => Value::Bool(!b),
                        None => Value::unknown(PType::Boolean),
                    }),
                    UnaryOp::Neg => match ops::negate(&v) {
                        Ok(v) => Ok(v),
                        Err(err) => self.error(err, span),
                    },
                    UnaryOp::Splat => Ok(v),
                }
            }
            ExprKind::Binary { op, lhs, rhs } => self.eval_binary(*op, lhs, rhs, span),
            ExprKind::Assignment { lhs, rhs, .. } => {
                let v = self.eval(rhs)?;
                self.assign(lhs, v.clone());
                Ok(v)
            }
            ExprKind::Relationship { lhs, rhs, .. } => self.eval_relationship(lhs, rhs),
            ExprKind::Paren(inner) => self.eval(inner),
            ExprKind::Selector {
                subject, entries, ..
            } => self.eval_selector(subject, entries, span),
            ExprKind::If(i) => self.eval_conditional(
                &i.test,
                false,
                |ev| ev.eval_body(&i.then_body),
                |ev| match &i.else_branch {
                    Some(ElseBranch::Elsif(e)) => ev.eval(e),
                    Some(ElseBranch::Else(b)) => ev.eval_body(b),
                    None => Ok(Value::Undef),
                },
            ),
            ExprKind::Unless(u) => self.eval_conditional(
                &u.test,
                true,
                |ev| ev.eval_body(&u.then_body),
                |ev| match &u.else_body {
                    Some(b) => ev.eval_body(b),
                    None => Ok(Value::Undef),
                },
            ),
            ExprKind::Case(c) => self.eval_case(c, span),
            ExprKind::Call(c) => self.eval_call(c, span),
            ExprKind::MethodCall(m) => {
                let receiver = self.eval(&m.receiver)?;
                let mut args = vec![receiver];
                for a in &m.args {
                    args.push(self.eval(a)?);
                }
                self.call_function(&m.name.name, args, m.lambda.as_ref(), span, m.name.span)
            }
            ExprKind::Resource(r) => self.eval_resource(r, span),
            ExprKind::ResourceDefaults(d) => {
                for op in &d.ops {
                    self.eval_attribute_value(op)?;
                }
                Ok(Value::Undef)
            }
            ExprKind::ResourceOverride(o) => {
                let targets = self.eval(&o.resources)?;
                for t in flatten(std::slice::from_ref(&targets)) {
                    self.record_reference(&t, o.resources.span, String::new(), RefKind::Override);
                }
                for op in &o.ops {
                    self.eval_attribute_value(op)?;
                }
                Ok(Value::Undef)
            }
            ExprKind::Collect(c) => {
                // Collectors realize virtual resources and may change any resource.
                self.open = true;
                for op in &c.ops {
                    self.eval_attribute_value(op)?;
                }
                Ok(Value::unknown(PType::array()))
            }
            ExprKind::Class(_)
            | ExprKind::Define(_)
            | ExprKind::Function(_)
            | ExprKind::Plan(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::TypeMapping { .. }
            | ExprKind::TypeDefinition(_) => Ok(Value::Undef),
            ExprKind::Node(_) => Ok(Value::Undef),
            ExprKind::Block(stmts) => self.eval_statements(stmts),
            // A template is not rendered here: its parameters get their types (a caller may
            // pass any value of the type), each default is checked against its type, and
            // the statements are evaluated for their findings; the text is unknown.
            ExprKind::Epp(t) => {
                for p in t.params.iter().flatten() {
                    let ty = self.param_type(p);
                    if let (Some(_), Some(d)) = (&p.type_expr, &p.default) {
                        let dv = self.eval(d).unwrap_or_else(|_| Value::any());
                        if types::instance_of(&ty, &dv, &self.aliases, self.regexes) == Some(false)
                        {
                            let m = types::mismatch(&ty, &dv, &self.aliases);
                            let message = format!(
                                "Epp Template: parameter '{}' expects {m} (the default value)",
                                p.name.name
                            );
                            self.report("epp_default_type_mismatch", d.span, message);
                        }
                    }
                    self.set_var(&p.name.name, Value::unknown(ty));
                }
                self.eval_statements(&t.body)?;
                Ok(Value::unknown(PType::string()))
            }
            ExprKind::RenderString(text) => Ok(Value::str(text.as_str())),
            ExprKind::Render(e) => self.eval(e),
        }
    }

    /// `if` (or `unless`, when `negated`): the branch the test chooses, or, when its truth
    /// is unknown, both speculatively.
    fn eval_conditional(
        &mut self,
        test: &Expr,
        negated: bool,
        then: impl FnOnce(&mut Self) -> R,
        otherwise: impl FnOnce(&mut Self) -> R,
    ) -> R {
        let v = self.eval(test)?;
        let truth = ops::truthy(&v);
        self.constant_condition(test, truth);
        match truth.map(|t| t != negated) {
            Some(true) => then(self),
            Some(false) => otherwise(self),
            None => {
                let cond = self.new_cond();
                let (r1, mut a) = self.branch(cond, 1, then);
                let (r2, b) = self.branch(cond, 2, otherwise);
                a.extend(b);
                self.merge_branches(a);
                speculative_flow(r1, r2)
            }
        }
    }

    fn constant_condition(&mut self, test: &Expr, truth: Option<bool>) {
        let Some(b) = truth else {
            return;
        };
        if is_constant(test) {
            self.warn(
                "constant_condition",
                test.span,
                format!("this condition is always {b}"),
            );
        }
    }

    fn eval_concat(&mut self, parts: &StringParts) -> R {
        let mut s = String::new();
        let mut known = true;
        for p in parts {
            match p {
                StringPart::Text { value, .. } => s.push_str(value),
                StringPart::Interpolation { expr, .. } => {
                    let v = self.eval(expr)?;
                    match ops::to_s(&v) {
                        Some(t) if known && s.len() + t.len() <= MAX_STRING => s.push_str(&t),
                        _ => known = false,
                    }
                }
            }
        }
        self.steps += (s.len() / 64) as u64;
        self.budget.steps += (s.len() / 64) as u64;
        Ok(if known {
            Value::str(s)
        } else {
            Value::unknown(PType::string())
        })
    }

    fn eval_access(&mut self, target: &Expr, keys: &[Expr], span: Span) -> R {
        let t = self.eval(target)?;
        let mut ks = Vec::with_capacity(keys.len());
        for k in keys {
            ks.push(self.eval(k)?);
        }
        match &t {
            Value::Type(base) => {
                let mut ks = ks;
                // `File['a', 'b']` and `File[['a', 'b']]` are arrays of references.
                let is_ref = matches!(**base, PType::Resource { title: None, .. })
                    || matches!(**base, PType::Class(None));
                if is_ref && ks.iter().any(|k| matches!(k, Value::Array(_))) {
                    ks = flatten(&ks);
                }
                if is_ref && ks.len() > 1 {
                    let mut refs = Vec::new();
                    for k in &ks {
                        match types::parameterize(base, std::slice::from_ref(k), &self.aliases) {
                            Ok(r) => refs.push(Value::ty(r)),
                            Err(_) => return Ok(Value::any()),
                        }
                    }
                    return Ok(Value::array(refs));
                }
                if ks.iter().any(Value::has_unknown) {
                    return Ok(Value::unknown(PType::Type(None)));
                }
                match types::parameterize(base, &ks, &self.aliases) {
                    Ok(r) => Ok(Value::ty(r)),
                    Err(m) => self.error(EvalError::new(ErrorKind::Other, m), span),
                }
            }
            _ => match ops::access(&t, &ks) {
                Ok(v) => Ok(v),
                Err(err) => self.error(err, span),
            },
        }
    }

    fn eval_binary(&mut self, op: BinaryOp, lhs: &Expr, rhs: &Expr, span: Span) -> R {
        match op {
            BinaryOp::And | BinaryOp::Or => {
                let l = self.eval(lhs)?;
                let lt = ops::truthy(&l);
                match (op, lt) {
                    (BinaryOp::And, Some(false)) => return Ok(Value::Bool(false)),
                    (BinaryOp::Or, Some(true)) => return Ok(Value::Bool(true)),
                    _ => {}
                }
                let r = self.eval(rhs)?;
                Ok(match (lt, ops::truthy(&r)) {
                    (Some(_), Some(b)) => Value::Bool(b),
                    (None, Some(false)) if op == BinaryOp::And => Value::Bool(false),
                    (None, Some(true)) if op == BinaryOp::Or => Value::Bool(true),
                    _ => Value::unknown(PType::Boolean),
                })
            }
            BinaryOp::Match | BinaryOp::NotMatch => {
                let l = self.eval(lhs)?;
                let r = self.eval(rhs)?;
                let negate = op == BinaryOp::NotMatch;
                if let Value::Type(t) = &r {
                    return Ok(
                        match types::instance_of(t, &l, &self.aliases, self.regexes) {
                            Some(b) => Value::Bool(b != negate),
                            None => Value::unknown(PType::Boolean),
                        },
                    );
                }
                if !ops::match_known(&l, &r, self.regexes) {
                    // Still reject operands that can never match.
                    if let Err(err) = ops::matches(&l, &r, self.regexes) {
                        if !l.has_unknown() && !r.has_unknown() {
                            return self.error(err, span);
                        }
                    }
                    self.matches = None;
                    return Ok(Value::unknown(PType::Boolean));
                }
                let m = ops::matches(&l, &r, self.regexes);
                if self.regexes.take_gave_up() {
                    self.matches = None;
                    return Ok(Value::unknown(PType::Boolean));
                }
                match m {
                    Ok(Some(caps)) => {
                        if !negate {
                            self.matches = Some(caps);
                        }
                        Ok(Value::Bool(!negate))
                    }
                    Ok(None) => Ok(Value::Bool(negate)),
                    Err(err) => self.error(err, span),
                }
            }
            BinaryOp::In => {
                let l = self.eval(lhs)?;
                let r = self.eval(rhs)?;
                let v = ops::binary(op, &l, &r, self.regexes);
                if self.regexes.take_gave_up() {
                    return Ok(Value::unknown(PType::Boolean));
                }
                match v {
                    Ok(v) => self.charge(bounded(v)),
                    Err(err) => self.error(err, span),
                }
            }
            _ => {
                let l = self.eval(lhs)?;
                let r = self.eval(rhs)?;
                if let (Value::Type(a), Value::Type(b)) = (&l, &r) {
                    return Ok(self.compare_types(op, a, b));
                }
                match ops::binary(op, &l, &r, self.regexes) {
                    Ok(v) => self.charge(bounded(v)),
                    Err(err) => self.error(err, span),
                }
            }
        }
    }
}
