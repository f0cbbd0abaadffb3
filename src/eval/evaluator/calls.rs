//! Function calls: Puppet's built-ins ([`crate::eval::functions`], with the lambda run by
//! the evaluator), functions written in Puppet (of the file or the module path), and the
//! unknown functions reported.

use super::state::{bounded, norm, Evaluator, Flow, RefKind, ABORT, R};
use crate::eval::functions::{self, Block};
use crate::eval::names::has_colons;
use crate::eval::types::PType;
use crate::eval::value::{flatten, ErrorKind, EvalError, Value};
use crate::syntax::{ExprKind, FunctionDef, Lambda, Span, UnaryOp};

/// A lambda given to a function, run by the evaluator.
struct LambdaBlock<'l> {
    pub(super) lambda: &'l Lambda,
    pub(super) called: bool,
}

struct Runner<'r, 'a, 'l> {
    pub(super) ev: &'r mut Evaluator<'a>,
    pub(super) block: &'r mut LambdaBlock<'l>,
}

impl Block for Runner<'_, '_, '_> {
    fn arity(&self) -> (usize, usize) {
        let params = &self.block.lambda.params;
        let required = params
            .iter()
            .filter(|p| p.default.is_none() && !p.captures_rest)
            .count();
        let max = if params.iter().any(|p| p.captures_rest) {
            usize::MAX
        } else {
            params.len()
        };
        (required, max)
    }

    fn call(&mut self, args: Vec<Value>) -> Result<Value, EvalError> {
        self.block.called = true;
        self.ev.run_lambda(self.block.lambda, args)
    }
}

impl<'a> Evaluator<'a> {
    pub(super) fn eval_call(&mut self, c: &crate::syntax::CallExpr, span: Span) -> R {
        let name = match &c.functor.kind {
            ExprKind::QualifiedName(n) => n.clone(),
            ExprKind::QualifiedReference(n) => {
                // `Integer('1')`, `String(1)`: type conversions.
                for a in &c.args {
                    self.eval(a)?;
                }
                let t = self.resolve_type(n);
                return Ok(Value::unknown(t));
            }
            _ => {
                self.eval(&c.functor)?;
                for a in &c.args {
                    self.eval(a)?;
                }
                return Ok(Value::any());
            }
        };
        let mut args = Vec::with_capacity(c.args.len());
        for a in &c.args {
            if let ExprKind::Unary {
                op: UnaryOp::Splat,
                operand,
            } = &a.kind
            {
                match self.eval(operand)? {
                    Value::Array(items) => args.extend(items.iter().cloned()),
                    v => args.push(v),
                }
                continue;
            }
            args.push(self.eval(a)?);
        }
        let lname = norm(&name);
        if Self::is_template_call(&lname) && c.lambda.is_none() {
            return self.call_template(&lname, c, &args);
        }
        self.call_function(&name, args, c.lambda.as_ref(), span, c.functor.span)
    }

    pub(super) fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&Lambda>,
        span: Span,
        name_span: Span,
    ) -> R {
        let lname = norm(name);
        match lname.as_str() {
            "break" => return Err(Flow::Break),
            "next" => return Err(Flow::Next(args.first().cloned().unwrap_or(Value::Undef))),
            "return" => {
                return Err(Flow::Return(args.first().cloned().unwrap_or(Value::Undef)));
            }
            "fail" => return Err(Flow::Abort),
            "include" | "contain" | "require" => {
                for a in flatten(&args) {
                    self.declare_class_value(&a, span);
                }
                return Ok(Value::Undef);
            }
            "realize" => {
                for a in flatten(&args) {
                    self.record_reference(&a, span, String::new(), RefKind::Realize);
                }
                return Ok(Value::Undef);
            }
            "tag" | "tagged" | "notice" | "warning" | "err" | "info" | "debug" | "alert"
            | "crit" | "emerg" => {
                return Ok(Value::Undef);
            }
            "defined" => return Ok(Value::unknown(PType::Boolean)),
            "create_resources"
            | "ensure_resource"
            | "ensure_resources"
            | "ensure_packages"
            | "stdlib::ensure_packages" => {
                self.open = true;
                return Ok(Value::any());
            }
            "lookup" | "hiera" | "hiera_array" | "hiera_hash" | "hiera_include" => {
                if lname == "hiera_include" {
                    self.open = true;
                }
                if let Some(Value::Type(t)) = args.get(1) {
                    return Ok(Value::unknown((**t).clone()));
                }
                return Ok(Value::any());
            }
            "template" | "inline_template" | "epp" | "inline_epp" | "file" | "generate"
            | "find_file" | "binary_file" => {
                return Ok(Value::unknown(PType::string()));
            }
            _ => {}
        }
        // A function of the file or of the module path.
        let local = self.locals.function(&lname);
        self.note_local_name(&lname, local.is_some());
        if let Some(f) = local {
            return self.call_puppet_function(f, args, span);
        }
        if has_colons(&lname) {
            let file = self.modulepath.autoload_file(&lname, "functions");
            if let Some(l) = file.as_deref().and_then(|f| self.modulepath.load(f)) {
                let found = l.program().body.iter().find_map(|s| match &s.kind {
                    ExprKind::Function(f) if norm(&f.name) == lname => Some(&**f),
                    _ => None,
                });
                if let Some(f) = found {
                    return self.in_definition(false, |ev| ev.call_puppet_function(f, args, span));
                }
            }
        }
        let mut block = lambda.map(|l| LambdaBlock {
            lambda: l,
            called: false,
        });
        let result = {
            let aliases = self.aliases.clone();
            let regexes = self.regexes;
            match block.as_mut() {
                Some(b) => {
                    let mut runner = Runner { ev: self, block: b };
                    functions::call(&lname, &args, Some(&mut runner), &aliases, regexes)
                }
                None => functions::call(&lname, &args, None, &aliases, regexes),
            }
        };
        // A lambda the function did not run (its receiver is unknown): its body is
        // still evaluated once, speculatively, with unknown arguments.
        if let Some(b) = block.as_ref() {
            if !b.called {
                let l = b.lambda;
                let cond = self.new_cond();
                let (_, a) = self.branch(cond, 1, |ev| {
                    let params: Vec<Value> = l.params.iter().map(|_| Value::any()).collect();
                    ev.run_lambda(l, params)
                });
                self.merge_branches(a);
            }
        }
        if self.regexes.take_gave_up() {
            return Ok(Value::any());
        }
        match result {
            Some(Ok(v)) => self.charge(bounded(v)),
            Some(Err(err)) => self.error(err, span),
            None => {
                if !functions::is_builtin(&lname) {
                    let message = || format!("Unknown function: '{lname}'");
                    let known = self
                        .manifests
                        .function(&lname, || self.function_known(&lname));
                    match known {
                        Some(false) => self.report("unknown_function", name_span, message()),
                        // Un-namespaced: any module could have it.
                        None if !has_colons(&lname) => {
                            self.report_unseen("unknown_function", name_span, message())
                        }
                        _ => {}
                    }
                }
                Ok(Value::any())
            }
        }
    }

    /// Whether a non-built-in function exists: `Some(false)` only when certain.
    fn function_known(&self, name: &str) -> Option<bool> {
        if self.modulepath.has_ruby_function(name) || self.options.project.function(name) {
            return Some(true);
        }
        if has_colons(name) {
            let file = self.modulepath.autoload_file(name, "functions")?;
            if self.modulepath.is_file(&file) {
                return Some(true);
            }
            // The module is on the path: its functions are all there.
            return Some(false);
        }
        if self.modulepath.is_known() && self.options.modulepath_complete() {
            Some(false)
        } else {
            None
        }
    }

    /// Calls a function written in Puppet: its arguments checked against its parameters
    /// (reported at the call), its body evaluated in a scope of its own.
    fn call_puppet_function(&mut self, f: &FunctionDef, args: Vec<Value>, span: Span) -> R {
        let name = norm(&f.name);
        let required = f
            .params
            .iter()
            .filter(|p| p.default.is_none() && !p.captures_rest)
            .count();
        let max = if f.params.iter().any(|p| p.captures_rest) {
            usize::MAX
        } else {
            f.params.len()
        };
        if args.len() < required || args.len() > max {
            let expected = if required == max {
                format!(
                    "{required} argument{}",
                    if required == 1 { "" } else { "s" }
                )
            } else if max == usize::MAX {
                format!("at least {required} arguments")
            } else {
                format!("between {required} and {max} arguments")
            };
            let message = format!("'{name}' expects {expected}, got {}", args.len());
            self.at_caller(|ev| ev.report("evaluation_error", span, message));
            return Ok(Value::any());
        }
        if self.too_deep() {
            self.open = true;
            return Ok(Value::any());
        }
        self.depth += 1;
        let local = self.enter_local(0);
        let mut args = args.into_iter();
        for p in &f.params {
            let t = self.param_type(p);
            let v = if p.captures_rest {
                Value::array(args.by_ref().collect())
            } else if let Some(v) = args.next() {
                let what = || format!("'{name}' parameter '{}'", p.name.name);
                self.at_caller(|ev| ev.check_type(&t, v, span, &what))
            } else {
                match &p.default {
                    Some(d) => self.eval(d).unwrap_or_else(|_| Value::any()),
                    None => Value::any(),
                }
            };
            self.set_var(&p.name.name, v);
        }
        let r = self.eval_body(&f.body);
        self.leave_local(local);
        self.depth -= 1;
        match r {
            Ok(v) | Err(Flow::Return(v)) => Ok(v),
            Err(Flow::Abort) => Err(Flow::Abort),
            Err(_) => Ok(Value::any()),
        }
    }

    fn run_lambda(&mut self, l: &Lambda, args: Vec<Value>) -> Result<Value, EvalError> {
        if self.too_deep() {
            self.open = true;
            return Err(EvalError::new(ErrorKind::Other, ABORT));
        }
        self.depth += 1;
        let local = self.enter_local(self.current);
        let mut args = args.into_iter();
        for p in &l.params {
            let v = if p.captures_rest {
                Value::array(args.by_ref().collect())
            } else {
                match args.next() {
                    Some(v) => v,
                    None => match &p.default {
                        Some(d) => match self.eval(d) {
                            Ok(v) => v,
                            Err(_) => Value::any(),
                        },
                        None => Value::any(),
                    },
                }
            };
            let v = if p.type_expr.is_some() && !p.captures_rest {
                let t = self.param_type(p);
                self.check_type(&t, v, p.span, &|| {
                    format!("block parameter '{}'", p.name.name)
                })
            } else {
                v
            };
            self.set_var(&p.name.name, v);
        }
        let r = self.eval_body(&l.body);
        self.leave_local(local);
        self.depth -= 1;
        match r {
            Ok(v) => Ok(v),
            Err(Flow::Break) => Err(EvalError::new(ErrorKind::Break, "break")),
            Err(Flow::Next(v)) => Err(EvalError::new(ErrorKind::Next(v), "next")),
            Err(Flow::Return(v)) => Err(EvalError::new(ErrorKind::Return(v), "return")),
            Err(Flow::Abort) => Err(EvalError::new(ErrorKind::Other, ABORT)),
        }
    }
}
