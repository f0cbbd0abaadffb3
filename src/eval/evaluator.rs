//! The static evaluator: runs a manifest's code the way Puppet's compiler would, without
//! facts and without side effects, and reports what would make the compilation fail.
//!
//! What is evaluated, for one checked file:
//! - its top-level code, as the main manifest of a catalog (`puppet apply file.pp`);
//! - each class, defined type and function it defines, on its own, as if declared with
//!   parameters nobody knows (a caller or Hiera may set them: they are unknowns of their
//!   declared types), so a module's code is checked without a site manifest.
//!
//! Each of these is a *root* with its own catalog. Classes and defined types declared
//! along the way are evaluated too (from the file, or loaded from the module path through
//! [`super::loader`]); findings are kept only for the checked file.
//!
//! Certainty: unknown values propagate. A conditional whose test is unknown evaluates
//! every branch *speculatively*: what goes wrong inside a branch is reported (it fails
//! whenever the branch is taken), variables it assigns are unknown afterwards, and
//! resources it declares count only against resources on compatible paths (never
//! against the other branch). A catalog is *open* when something rein cannot see may
//! add resources to it (a class it could not evaluate, a title it does not know, a
//! collector, `create_resources`); references to undeclared resources are reported only
//! in closed catalogs of the main manifest.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;

use super::functions::{self, Block};
use super::loader::{self, ModulePath};
use super::ops;
use super::project::Project;
use super::regex;
use super::schema::core_types;
use super::types::{self, Aliases, PType, INT_MAX, INT_MIN};
use super::value::{ErrorKind, EvalError, Value};
use crate::syntax::suggest::closest;
use crate::syntax::{
    AttributeOp, BinaryOp, Body, CaseExpr, ClassDef, DefineDef, ElseBranch, Expr, ExprKind,
    FunctionDef, Lambda, Parameter, Program, ResourceExpr, ResourceForm, Span, StringPart, UnaryOp,
};

/// One problem found by evaluation, for the deep rule named `rule`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub rule: &'static str,
    pub span: Span,
    pub message: String,
    /// The rule's milder form (a warning where the finding is not certain).
    pub warning: bool,
    /// What to do about it ("did you mean ...").
    pub help: Option<String>,
}

/// What the evaluator may use besides the file.
pub struct Options<'a> {
    /// The definitions of the run's files.
    pub project: &'a Project,
    /// Where the file's code finds other modules ([`ModulePath::for_file`]).
    pub module_path: &'a ModulePath,
    /// Whether a top-scope variable name is one of Facter's core facts.
    pub is_fact: &'a dyn Fn(&str) -> bool,
}

/// Evaluates a file's `program` and returns what its evaluation finds.
pub fn evaluate(program: &Program, options: &Options<'_>) -> Vec<Finding> {
    let modulepath = options.module_path;
    let mut locals = Locals::default();
    collect_locals(&program.body, &mut locals);
    let mut aliases = Aliases::default();
    let mut out: Vec<Finding> = Vec::new();
    let mut ev = Evaluator::new(options, modulepath, &locals);
    // Aliases first: parameter types may use them.
    for (name, value) in &locals.aliases {
        let t = ev.type_of_expr(value);
        aliases.map.insert(name.clone(), t);
    }
    let aliases = Arc::new(aliases);
    ev.aliases = aliases.clone();

    // The main manifest.
    let has_code = program.body.iter().any(|s| !is_definition(s));
    if has_code {
        ev.root_main(program);
        out.append(&mut ev.finish_root(true));
    }
    // Each definition on its own.
    let mut names: Vec<(String, Kind)> = Vec::new();
    for c in &locals.classes {
        names.push((c.name.clone(), Kind::Class));
    }
    for d in &locals.defines {
        names.push((d.name.clone(), Kind::Define));
    }
    for f in &locals.functions {
        names.push((f.name.clone(), Kind::Function));
    }
    for (name, kind) in names {
        let mut ev = Evaluator::new(options, modulepath, &locals);
        ev.aliases = aliases.clone();
        match kind {
            Kind::Class => ev.root_class(&name),
            Kind::Define => ev.root_define(&name),
            Kind::Function => ev.root_function(&name),
        }
        out.append(&mut ev.finish_root(false));
    }
    // The same finding from several roots once; an error wins over its warning form.
    let errors: HashSet<(&'static str, Span)> = out
        .iter()
        .filter(|f| !f.warning)
        .map(|f| (f.rule, f.span))
        .collect();
    out.retain(|f| !f.warning || !errors.contains(&(f.rule, f.span)));
    let mut seen = HashSet::new();
    out.retain(|f| seen.insert((f.rule, f.span, f.message.clone())));
    out.sort_by_key(|f| (f.span.start, f.rule));
    out
}

#[derive(Clone, Copy)]
enum Kind {
    Class,
    Define,
    Function,
}

fn is_definition(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Class(_)
            | ExprKind::Define(_)
            | ExprKind::Function(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::TypeMapping { .. }
            | ExprKind::TypeDefinition(_)
            | ExprKind::Plan(_)
    )
}

/// The definitions of the checked file.
#[derive(Default)]
struct Locals<'a> {
    classes: Vec<&'a ClassDef>,
    defines: Vec<&'a DefineDef>,
    functions: Vec<&'a FunctionDef>,
    aliases: Vec<(String, &'a Expr)>,
}

fn collect_locals<'a>(body: &'a [Expr], out: &mut Locals<'a>) {
    for e in body {
        collect_expr(e, out);
    }
}

fn collect_expr<'a>(e: &'a Expr, out: &mut Locals<'a>) {
    match &e.kind {
        ExprKind::Class(c) => {
            out.classes.push(c);
            collect_locals(&c.body.statements, out);
        }
        ExprKind::Define(d) => out.defines.push(d),
        ExprKind::Function(f) => out.functions.push(f),
        ExprKind::TypeAlias(t) => out.aliases.push((t.name.name.clone(), &t.value)),
        _ => {}
    }
}

fn norm(name: &str) -> String {
    name.trim_start_matches("::").to_ascii_lowercase()
}

/// `apache::vhost` → `Apache::Vhost`.
fn capitalize(name: &str) -> String {
    norm(name)
        .split("::")
        .map(|s| {
            let mut c = s.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("::")
}

/// The attributes given to a resource or class: name, value, span of the attribute.
type Attrs<'x> = &'x [(String, Value, Span)];

/// Non-local exits of evaluation.
#[derive(Debug)]
enum Flow {
    Break,
    Next(Value),
    Return(Value),
    /// `fail()`, an exhausted budget: this path stops here.
    Abort,
}

type R = Result<Value, Flow>;

/// A message carried in an `EvalError` of kind `Other` through the functions module when a
/// lambda's evaluation was aborted.
const ABORT: &str = "\u{0}rein-abort";

struct Scope {
    vars: HashMap<String, Value>,
    parent: Option<usize>,
}

/// Where a declaration sits among speculative branches: `(conditional, branch)` pairs.
type PathCond = Vec<(u32, u32)>;

struct Decl {
    span: Span,
    path: PathCond,
    /// The resource expression, with whether its title was a literal.
    expr: Span,
    literal: bool,
}

struct Reference {
    type_name: String,
    title: String,
    span: Span,
    from: String,
    kind: RefKind,
}

/// How a resource is referred to (each has Puppet's own message when it is missing).
#[derive(Clone, Copy, PartialEq, Eq)]
enum RefKind {
    /// `->`, `~>`, `<-`, `<~`.
    Relationship,
    /// `require`, `before`, `notify`, `subscribe`.
    Dependency,
    /// `File['/x'] { ... }`.
    Override,
    /// `realize(File['/x'])`.
    Realize,
}

const STEP_BUDGET: u64 = 2_000_000;
const MAX_DEPTH: usize = 48;

struct Evaluator<'a> {
    options: &'a Options<'a>,
    modulepath: &'a ModulePath,
    locals: &'a Locals<'a>,
    /// Shared: cloned for every function call.
    aliases: Arc<Aliases>,
    scopes: Vec<Scope>,
    current: usize,
    class_scopes: HashMap<String, usize>,
    /// Classes declared, with whether rein evaluated them completely.
    declared_classes: HashMap<String, bool>,
    /// Virtual and exported resources declared.
    virtuals: HashSet<(String, String)>,
    /// Where each class was declared (the branch paths of its declarations).
    class_paths: HashMap<String, Vec<PathCond>>,
    resources: HashMap<(String, String), Vec<Decl>>,
    references: Vec<Reference>,
    open: bool,
    /// The code being evaluated is the checked file's (findings are kept).
    here: bool,
    path_cond: PathCond,
    next_cond: u32,
    /// Variables assigned, as (scope, name), for undoing speculative branches.
    assigned: Vec<(usize, String)>,
    /// Match variables of the last match: `None` when unknown.
    matches: Option<Vec<Option<String>>>,
    steps: u64,
    depth: usize,
    findings: Vec<Finding>,
    /// Evaluating the main manifest (its top scope is the whole top scope).
    main: bool,
    /// The scope of the node definition being evaluated.
    node_scope: Option<usize>,
    /// Whether the code that declared the class or defined type being bound is the checked
    /// file's (the values given to parameters are reported there).
    caller_here: bool,
}

impl<'a> Evaluator<'a> {
    fn new(
        options: &'a Options<'a>,
        modulepath: &'a ModulePath,
        locals: &'a Locals<'a>,
    ) -> Evaluator<'a> {
        let mut top = Scope {
            vars: HashMap::new(),
            parent: None,
        };
        top.vars.insert(
            "module_name".into(),
            modulepath
                .own
                .as_ref()
                .map_or(Value::str(""), |(name, _)| Value::str(name.as_str())),
        );
        Evaluator {
            options,
            modulepath,
            locals,
            aliases: Arc::new(Aliases::default()),
            scopes: vec![top],
            current: 0,
            class_scopes: HashMap::new(),
            declared_classes: HashMap::new(),
            class_paths: HashMap::new(),
            virtuals: HashSet::new(),
            resources: HashMap::new(),
            references: Vec::new(),
            open: false,
            here: true,
            path_cond: Vec::new(),
            next_cond: 0,
            assigned: Vec::new(),
            matches: Some(Vec::new()),
            steps: 0,
            depth: 0,
            findings: Vec::new(),
            main: false,
            node_scope: None,
            caller_here: true,
        }
    }

    // ---------------------------------------------------------------- roots

    fn root_main(&mut self, program: &'a Program) {
        self.main = true;
        // Node definitions are alternatives: at most one matches a node.
        let cond = self.new_cond();
        let mut node_index = 0;
        for stmt in &program.body {
            if is_definition(stmt) {
                continue;
            }
            if let ExprKind::Node(n) = &stmt.kind {
                node_index += 1;
                self.path_cond.push((cond, node_index));
                let saved = self.current;
                self.current = self.push_scope(Some(0));
                // Classes and defined types declared in a node see its variables.
                self.node_scope = Some(self.current);
                let _ = self.eval_body(&n.body);
                self.node_scope = None;
                self.current = saved;
                self.path_cond.pop();
                continue;
            }
            match self.eval(stmt) {
                Ok(_) => {}
                Err(Flow::Abort) => break,
                Err(_) => {}
            }
        }
    }

    fn root_class(&mut self, name: &str) {
        self.open = true;
        let span = Span::default();
        self.declare_class(name, None, span, false);
    }

    fn root_define(&mut self, name: &str) {
        self.open = true;
        let Some(d) = self.locals.defines.iter().find(|d| d.name == name).copied() else {
            return;
        };
        let title = Value::unknown(PType::String {
            min: 0,
            max: INT_MAX,
        });
        let _ = self.run_define(d, title, &[], true, d.name_span);
    }

    fn root_function(&mut self, name: &str) {
        self.open = true;
        let Some(f) = self
            .locals
            .functions
            .iter()
            .find(|f| f.name == name)
            .copied()
        else {
            return;
        };
        let saved = self.current;
        self.current = self.push_scope(Some(0));
        for p in &f.params {
            let t = self.param_type(p);
            self.set_var(&p.name.name, Value::unknown(t));
        }
        let _ = self.eval_body(&f.body);
        self.current = saved;
    }

    /// Ends a root: the reference checks, then the findings.
    fn finish_root(&mut self, main: bool) -> Vec<Finding> {
        if main && !self.open && self.steps < STEP_BUDGET {
            let refs = std::mem::take(&mut self.references);
            for r in refs {
                let key = (r.type_name.clone(), r.title.clone());
                let known = if r.type_name == "class" {
                    self.declared_classes.contains_key(&r.title)
                } else {
                    self.resources.contains_key(&key) || self.virtuals.contains(&key)
                };
                if !known {
                    let shown = if r.type_name == "class" {
                        format!("Class[{}]", capitalize(&r.title))
                    } else {
                        format!("{}[{}]", capitalize(&r.type_name), r.title)
                    };
                    let message = match r.kind {
                        RefKind::Relationship => format!(
                            "Could not find resource '{shown}' for relationship from '{}'",
                            r.from
                        ),
                        RefKind::Dependency => {
                            format!(
                                "Could not find resource '{shown}' in parameter '{}'",
                                r.from
                            )
                        }
                        RefKind::Override => {
                            format!("Could not find resource(s) {shown} for overriding")
                        }
                        RefKind::Realize => {
                            format!("Failed to realize virtual resources {shown}")
                        }
                    };
                    self.findings.push(Finding {
                        rule: "undeclared_resource",
                        span: r.span,
                        message,
                        warning: false,
                        help: None,
                    });
                }
            }
        }
        std::mem::take(&mut self.findings)
    }

    // ---------------------------------------------------------------- helpers

    fn report(&mut self, rule: &'static str, span: Span, message: impl Into<String>) {
        if self.here {
            self.findings.push(Finding {
                rule,
                span,
                message: message.into(),
                warning: false,
                help: None,
            });
        }
    }

    /// Adds `help` to the finding reported since there were `before` findings, if any.
    fn with_help(&mut self, before: usize, help: Option<String>) {
        if self.findings.len() > before {
            if let (Some(f), Some(h)) = (self.findings.last_mut(), help) {
                f.help = Some(h);
            }
        }
    }

    /// The variables visible from the current scope, for a "did you mean" help.
    fn visible_variables(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut s = Some(self.current);
        while let Some(i) = s {
            let Some(scope) = self.scopes.get(i) else {
                break;
            };
            out.extend(scope.vars.keys().cloned());
            s = scope.parent;
        }
        out
    }

    fn warn(&mut self, rule: &'static str, span: Span, message: impl Into<String>) {
        if self.here {
            self.findings.push(Finding {
                rule,
                span,
                message: message.into(),
                warning: true,
                help: None,
            });
        }
    }

    /// Reports an evaluation error under its rule; the expression's value is unknown.
    fn error(&mut self, e: EvalError, span: Span) -> R {
        match e.kind {
            ErrorKind::Break => return Err(Flow::Break),
            ErrorKind::Next(v) => return Err(Flow::Next(v)),
            ErrorKind::Return(v) => return Err(Flow::Return(v)),
            ErrorKind::Other if e.message == ABORT => return Err(Flow::Abort),
            _ => {}
        }
        let rule = match e.kind {
            ErrorKind::Operator | ErrorKind::Overflow => "invalid_operand",
            ErrorKind::DivisionByZero => "division_by_zero",
            ErrorKind::TypeMismatch => "type_mismatch",
            ErrorKind::NoMatch => "selector_no_match",
            _ => "evaluation_error",
        };
        self.report(rule, span, e.message);
        Ok(Value::any())
    }

    fn new_cond(&mut self) -> u32 {
        self.next_cond += 1;
        self.next_cond
    }

    /// `$module_name` in a class or defined type: the module its name says it is in (none
    /// for a name without namespace outside a module, as Puppet has it: empty).
    fn set_module_name(&mut self, key: &str) {
        if let Some((module, _)) = key.split_once("::") {
            self.set_var("module_name", Value::str(module));
        }
    }

    /// Opens the scope of a lambda, function or defined type; `leave_local` closes it.
    fn enter_local(&mut self, parent: usize) -> (usize, usize) {
        let saved = self.current;
        self.current = self.push_scope(Some(parent));
        (saved, self.assigned.len())
    }

    /// Closes a scope opened by `enter_local`: nothing refers to its variables afterwards,
    /// so they are dropped (the scope itself too when nothing was opened after it), which
    /// keeps a loop of many calls small.
    fn leave_local(&mut self, (saved, mark): (usize, usize)) {
        let scope = self.current;
        self.current = saved;
        if scope + 1 == self.scopes.len() {
            self.scopes.pop();
            self.assigned.truncate(mark.min(self.assigned.len()));
        } else if let Some(s) = self.scopes.get_mut(scope) {
            s.vars.clear();
        }
    }

    fn push_scope(&mut self, parent: Option<usize>) -> usize {
        self.scopes.push(Scope {
            vars: HashMap::new(),
            parent,
        });
        self.scopes.len() - 1
    }

    fn set_var(&mut self, name: &str, v: Value) {
        let cur = self.current;
        if let Some(s) = self.scopes.get_mut(cur) {
            s.vars.insert(name.to_string(), v);
            self.assigned.push((cur, name.to_string()));
        }
    }

    /// Counts the work of building `v` (one step per 64 bytes or 16 items) against the
    /// budget, so loops over big values end too.
    fn charge(&mut self, v: Value) -> R {
        let cost = match &v {
            Value::Str(s) => s.len() / 64,
            Value::Array(a) => a.len() / 16,
            Value::Hash(h) => h.len() / 16,
            _ => 0,
        };
        self.steps += cost as u64;
        if self.steps > STEP_BUDGET {
            self.open = true;
            return Err(Flow::Abort);
        }
        Ok(v)
    }

    fn tick(&mut self) -> Result<(), Flow> {
        self.steps += 1;
        if self.steps > STEP_BUDGET {
            self.open = true;
            return Err(Flow::Abort);
        }
        Ok(())
    }

    /// Runs `f` as one speculative branch: its assignments are undone afterwards and
    /// returned, so the caller can make them unknown.
    fn branch<T>(
        &mut self,
        cond: u32,
        index: u32,
        f: impl FnOnce(&mut Self) -> T,
    ) -> (T, Vec<(usize, String)>) {
        let mark = self.assigned.len();
        let scope_mark = self.scopes.len();
        let saved_matches = self.matches.clone();
        self.path_cond.push((cond, index));
        let out = f(self);
        self.path_cond.pop();
        // Variables of scopes the branch created (a class it declared) stay: they do not
        // depend on the branch.
        let undone: Vec<(usize, String)> = self
            .assigned
            .drain(mark..)
            .filter(|(scope, _)| *scope < scope_mark)
            .collect();
        for (scope, name) in &undone {
            if let Some(s) = self.scopes.get_mut(*scope) {
                s.vars.remove(name);
            }
        }
        self.matches = saved_matches;
        (out, undone)
    }

    /// After speculative branches: what they assigned is unknown.
    fn merge_branches(&mut self, assigned: Vec<(usize, String)>) {
        for (scope, name) in assigned {
            if let Some(s) = self.scopes.get_mut(scope) {
                s.vars.insert(name.clone(), Value::any());
            }
            self.assigned.push((scope, name));
        }
        self.matches = None;
    }

    // ---------------------------------------------------------------- types

    /// The type a type expression denotes (`Integer[1]`, `Optional[String]`).
    fn type_of_expr(&mut self, e: &Expr) -> PType {
        let quiet = std::mem::replace(&mut self.here, false);
        let v = self.eval(e);
        self.here = quiet;
        match v {
            Ok(Value::Type(t)) => (*t).clone(),
            _ => PType::Other("?".into()),
        }
    }

    fn param_type(&mut self, p: &Parameter) -> PType {
        match &p.type_expr {
            Some(t) => self.type_of_expr(t),
            None => PType::Any,
        }
    }

    /// The type named by a capitalised reference: a core type, an alias, a resource type
    /// rein knows; any other name is a type rein does not know.
    fn resolve_type(&mut self, name: &str) -> PType {
        let bare = name.trim_start_matches("::");
        if self.aliases.get(bare).is_none() && bare.contains("::") {
            self.load_alias(bare);
        }
        match types::from_reference(bare, &self.aliases) {
            PType::Resource {
                type_name: Some(t),
                title: None,
            } => {
                if self.resource_type_known(&norm(&t)) == Some(true) {
                    PType::Resource {
                        type_name: Some(t),
                        title: None,
                    }
                } else {
                    PType::Other(bare.to_string())
                }
            }
            t => t,
        }
    }

    fn load_alias(&mut self, name: &str) {
        let Some(file) = self.modulepath.autoload_file(name, "types") else {
            return;
        };
        let Some(l) = loader::load(&file) else {
            return;
        };
        let found = l.program.body.iter().find_map(|s| match &s.kind {
            ExprKind::TypeAlias(t) if t.name.name.eq_ignore_ascii_case(name) => Some(&t.value),
            _ => None,
        });
        if let Some(value) = found {
            // Guard against an alias that refers to itself while it is being read.
            Arc::make_mut(&mut self.aliases)
                .map
                .insert(name.to_string(), PType::Other(name.to_string()));
            let t = self.type_of_expr(value);
            Arc::make_mut(&mut self.aliases)
                .map
                .insert(name.to_string(), t);
        }
    }

    /// Whether `name` (lower case) is a resource type: `Some(false)` only when certain.
    fn resource_type_known(&self, name: &str) -> Option<bool> {
        if core_types().get(name).is_some()
            || matches!(name, "class" | "node" | "stage" | "component" | "whit")
            || self.locals.defines.iter().any(|d| norm(&d.name) == name)
            || self.options.project.define(name).is_some()
        {
            return Some(true);
        }
        if !name.contains("::") {
            // A custom type of some module.
            if self.modulepath.has_custom_type(name) {
                return Some(true);
            }
            return if self.modulepath.is_known() && self.options.modulepath_complete() {
                Some(false)
            } else {
                None
            };
        }
        // `a::b`: a defined type of module `a`.
        let file = self.modulepath.manifest_for(name)?;
        if !loader::is_file(&file) {
            return Some(false);
        }
        let l = loader::load(&file)?;
        let defined = l.program.body.iter().any(|s| match &s.kind {
            ExprKind::Define(d) => norm(&d.name) == name,
            _ => false,
        });
        if defined {
            Some(true)
        } else {
            None
        }
    }

    /// Checks `v` against `t`; the value to bind: `v`, or an unknown of type `t` when it does
    /// not match (Puppet stops there: what follows is not held against the bad value).
    fn check_type(&mut self, t: &PType, v: Value, span: Span, what: &str) -> Value {
        if types::instance_of(t, &v, &self.aliases) == Some(false) {
            let m = types::mismatch(t, &v, &self.aliases);
            self.report("type_mismatch", span, format!("{what} expects {m}"));
            return Value::unknown(t.clone());
        }
        v
    }

    // ---------------------------------------------------------------- statements

    fn eval_body(&mut self, body: &Body) -> R {
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

    fn eval(&mut self, e: &Expr) -> R {
        self.tick()?;
        let span = e.span;
        match &e.kind {
            ExprKind::Nop => Ok(Value::Undef),
            ExprKind::Integer { value, .. } => match i64::try_from(*value) {
                Ok(v) => Ok(Value::Int(v)),
                Err(_) => Ok(Value::unknown(PType::Integer {
                    from: INT_MIN,
                    to: INT_MAX,
                })),
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
                            Value::Unknown(_) => return Ok(Value::unknown(any_array())),
                            v => out.push(v),
                        }
                        continue;
                    }
                    out.push(self.eval(i)?);
                }
                Ok(Value::array(out))
            }
            ExprKind::Hash { entries, .. } => {
                let mut out: Vec<(Value, Value)> = Vec::with_capacity(entries.len());
                for en in entries {
                    let k = self.eval(&en.key)?;
                    let v = self.eval(&en.value)?;
                    if let Some(slot) = out
                        .iter_mut()
                        .find(|(ek, _)| ops::equals(ek, &k) == Some(true) && same_kind(ek, &k))
                    {
                        slot.1 = v;
                    } else {
                        out.push((k, v));
                    }
                }
                Ok(Value::hash(out))
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
            ExprKind::If(i) => {
                let test = self.eval(&i.test)?;
                let truth = ops::truthy(&test);
                self.constant_condition(&i.test, truth);
                match truth {
                    Some(true) => self.eval_body(&i.then_body),
                    Some(false) => match &i.else_branch {
                        Some(ElseBranch::Elsif(e)) => self.eval(e),
                        Some(ElseBranch::Else(b)) => self.eval_body(b),
                        None => Ok(Value::Undef),
                    },
                    None => {
                        let cond = self.new_cond();
                        let (r1, mut a) = self.branch(cond, 1, |ev| ev.eval_body(&i.then_body));
                        let (r2, b) = self.branch(cond, 2, |ev| match &i.else_branch {
                            Some(ElseBranch::Elsif(e)) => ev.eval(e),
                            Some(ElseBranch::Else(b)) => ev.eval_body(b),
                            None => Ok(Value::Undef),
                        });
                        a.extend(b);
                        self.merge_branches(a);
                        speculative_flow(r1, r2)
                    }
                }
            }
            ExprKind::Unless(u) => {
                let test = self.eval(&u.test)?;
                let truth = ops::truthy(&test);
                self.constant_condition(&u.test, truth);
                match truth {
                    Some(false) => self.eval_body(&u.then_body),
                    Some(true) => match &u.else_body {
                        Some(b) => self.eval_body(b),
                        None => Ok(Value::Undef),
                    },
                    None => {
                        let cond = self.new_cond();
                        let (r1, mut a) = self.branch(cond, 1, |ev| ev.eval_body(&u.then_body));
                        let (r2, b) = self.branch(cond, 2, |ev| match &u.else_body {
                            Some(b) => ev.eval_body(b),
                            None => Ok(Value::Undef),
                        });
                        a.extend(b);
                        self.merge_branches(a);
                        speculative_flow(r1, r2)
                    }
                }
            }
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
                Ok(Value::unknown(any_array()))
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

    fn eval_concat(&mut self, parts: &[StringPart]) -> R {
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
        Ok(if known {
            Value::str(s)
        } else {
            Value::unknown(PType::String {
                min: 0,
                max: INT_MAX,
            })
        })
    }

    fn lookup(&mut self, name: &str, span: Span) -> R {
        // Match variables.
        if !name.is_empty() && name.chars().all(|c| c.is_ascii_digit()) {
            let n: usize = name.parse().unwrap_or(usize::MAX);
            return Ok(match &self.matches {
                Some(m) => m.get(n).cloned().flatten().map_or(Value::Undef, Value::str),
                None => Value::unknown(PType::Optional(Some(Box::new(PType::String {
                    min: 0,
                    max: INT_MAX,
                })))),
            });
        }
        if let Some(rest) = name.strip_prefix("::") {
            if rest.contains("::") {
                return self.lookup_qualified(rest, span);
            }
            return self.lookup_top(rest, span);
        }
        if name.contains("::") {
            return self.lookup_qualified(name, span);
        }
        let mut s = Some(self.current);
        while let Some(i) = s {
            let Some(scope) = self.scopes.get(i) else {
                break;
            };
            if let Some(v) = scope.vars.get(name) {
                return Ok(v.clone());
            }
            s = scope.parent;
        }
        self.undefined(name, span)
    }

    fn lookup_top(&mut self, name: &str, span: Span) -> R {
        if let Some(v) = self.scopes.first().and_then(|s| s.vars.get(name)) {
            return Ok(v.clone());
        }
        self.undefined(name, span)
    }

    fn undefined(&mut self, name: &str, span: Span) -> R {
        if builtin_variable(name)
            || (self.options.is_fact)(name)
            || self.modulepath.has_custom_fact(name)
        {
            return Ok(Value::any());
        }
        let before = self.findings.len();
        let names = self.visible_variables();
        let help = closest(name, names.iter().map(String::as_str))
            .map(|c| format!("did you mean `${c}`?"));
        if !self.main && !self.modulepath.dependencies_visible() {
            // A custom fact of a dependency rein cannot see may well define it.
            return Ok(Value::any());
        }
        if !self.main {
            // A top-scope variable of a site manifest, or a custom fact, could define it.
            self.warn(
                "undefined_variable",
                span,
                format!("Unknown variable: '${name}' (unless a custom fact or a top-scope variable defines it)"),
            );
        } else {
            self.report(
                "undefined_variable",
                span,
                format!("Unknown variable: '${name}'"),
            );
        }
        self.with_help(before, help);
        Ok(Value::any())
    }

    fn lookup_qualified(&mut self, name: &str, span: Span) -> R {
        let lower = name.to_ascii_lowercase();
        let Some((class, var)) = lower.rsplit_once("::") else {
            return Ok(Value::any());
        };
        let Some(&scope) = self.class_scopes.get(class) else {
            return Ok(Value::any());
        };
        // The class's scope, then the scopes of the classes it inherits (not top scope).
        let mut s = Some(scope);
        while let Some(i) = s {
            if i == 0 {
                break;
            }
            let Some(sc) = self.scopes.get(i) else {
                break;
            };
            if let Some(v) = sc.vars.get(var) {
                return Ok(v.clone());
            }
            s = sc.parent;
        }
        if self.declared_classes.get(class) == Some(&true) {
            self.report(
                "undefined_variable",
                span,
                format!("Unknown variable: '${name}' (class {class} does not set it)"),
            );
        }
        Ok(Value::any())
    }

    fn assign(&mut self, lhs: &Expr, v: Value) {
        match &lhs.kind {
            ExprKind::Variable(name) => self.set_var(name, v),
            ExprKind::Array(targets) => {
                for (i, t) in targets.iter().enumerate() {
                    let item = match &v {
                        Value::Array(a) => a.get(i).cloned().unwrap_or(Value::Undef),
                        Value::Hash(h) => match &t.kind {
                            ExprKind::Variable(n) => h
                                .iter()
                                .find(|(k, _)| k.as_str() == Some(n.as_str()))
                                .map_or(Value::Undef, |(_, v)| v.clone()),
                            _ => Value::any(),
                        },
                        _ => Value::any(),
                    };
                    self.assign(t, item);
                }
            }
            _ => {}
        }
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
                    return Ok(match types::instance_of(t, &l, &self.aliases) {
                        Some(b) => Value::Bool(b != negate),
                        None => Value::unknown(PType::Boolean),
                    });
                }
                if !ops::match_known(&l, &r) {
                    // Still reject operands that can never match.
                    if let Err(err) = ops::matches(&l, &r) {
                        if !l.has_unknown() && !r.has_unknown() {
                            return self.error(err, span);
                        }
                    }
                    self.matches = None;
                    return Ok(Value::unknown(PType::Boolean));
                }
                let m = ops::matches(&l, &r);
                if regex::take_gave_up() {
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
                let v = ops::binary(op, &l, &r);
                if regex::take_gave_up() {
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
                match ops::binary(op, &l, &r) {
                    Ok(v) => self.charge(bounded(v)),
                    Err(err) => self.error(err, span),
                }
            }
        }
    }

    fn compare_types(&self, op: BinaryOp, a: &PType, b: &PType) -> Value {
        let al = &self.aliases;
        let r = match op {
            BinaryOp::Eq => Some(a == b),
            BinaryOp::Ne => Some(a != b),
            BinaryOp::Le => types::assignable(b, a, al),
            BinaryOp::Ge => types::assignable(a, b, al),
            BinaryOp::Lt => match (types::assignable(b, a, al), a == b) {
                (Some(x), eq) => Some(x && !eq),
                _ => None,
            },
            BinaryOp::Gt => match (types::assignable(a, b, al), a == b) {
                (Some(x), eq) => Some(x && !eq),
                _ => None,
            },
            _ => None,
        };
        match r {
            Some(b) => Value::Bool(b),
            None => Value::any(),
        }
    }

    fn eval_selector(
        &mut self,
        subject: &Expr,
        entries: &[crate::syntax::SelectorEntry],
        span: Span,
    ) -> R {
        let v = self.eval(subject)?;
        let mut uncertain = v.has_unknown();
        for en in entries {
            if matches!(en.matching.kind, ExprKind::Default) {
                return if uncertain {
                    self.eval_uncertain_values(entries)
                } else {
                    self.eval(&en.value)
                };
            }
            let m = self.eval(&en.matching)?;
            match self.case_match(&v, &m) {
                Some(true) if !uncertain => return self.eval(&en.value),
                Some(false) => {}
                _ => uncertain = true,
            }
        }
        if uncertain {
            return self.eval_uncertain_values(entries);
        }
        let shown = ops::to_s(&v).unwrap_or_default();
        self.report(
            "selector_no_match",
            span,
            format!("No matching entry for selector parameter with value '{shown}'"),
        );
        Ok(Value::any())
    }

    /// Evaluates every option value of a selector whose choice is unknown.
    fn eval_uncertain_values(&mut self, entries: &[crate::syntax::SelectorEntry]) -> R {
        let cond = self.new_cond();
        let mut all = Vec::new();
        for (i, en) in entries.iter().enumerate() {
            let (_, a) = self.branch(cond, i as u32 + 1, |ev| ev.eval(&en.value));
            all.extend(a);
        }
        self.merge_branches(all);
        Ok(Value::any())
    }

    /// Whether case/selector option `m` matches `v`: equality, regexp, type, or an
    /// element of an array option.
    fn case_match(&mut self, v: &Value, m: &Value) -> Option<bool> {
        match m {
            Value::Default => Some(true),
            Value::Regex(_) => {
                if !ops::match_known(v, m) {
                    return if matches!(v, Value::Str(_)) || v.has_unknown() {
                        None
                    } else {
                        Some(false)
                    };
                }
                let found = ops::matches(v, m);
                if regex::take_gave_up() {
                    return None;
                }
                match found {
                    Ok(Some(caps)) => {
                        self.matches = Some(caps);
                        Some(true)
                    }
                    Ok(None) => Some(false),
                    Err(_) => None,
                }
            }
            Value::Type(t) => types::instance_of(t, v, &self.aliases),
            Value::Array(items) if !matches!(v, Value::Array(_)) => {
                let mut any_unknown = false;
                for i in items.iter() {
                    match self.case_match(v, i) {
                        Some(true) => return Some(true),
                        Some(false) => {}
                        None => any_unknown = true,
                    }
                }
                if any_unknown {
                    None
                } else {
                    Some(false)
                }
            }
            _ => ops::equals(v, m),
        }
    }

    fn eval_case(&mut self, c: &CaseExpr, span: Span) -> R {
        let v = self.eval(&c.test)?;
        let mut uncertain = v.has_unknown();
        let mut chosen = None;
        'options: for (i, opt) in c.options.iter().enumerate() {
            for m in &opt.values {
                let mv = self.eval(m)?;
                match self.case_match(&v, &mv) {
                    Some(true) if !uncertain => {
                        chosen = Some(i);
                        break 'options;
                    }
                    Some(false) => {}
                    _ => uncertain = true,
                }
            }
        }
        if !uncertain {
            return match chosen {
                Some(i) => match c.options.get(i) {
                    Some(opt) => self.eval_body(&opt.body),
                    None => Ok(Value::Undef),
                },
                None => {
                    let shown = ops::to_s(&v).unwrap_or_default();
                    self.warn(
                        "case_no_match",
                        span,
                        format!("no option of this case matches its value '{shown}'"),
                    );
                    Ok(Value::Undef)
                }
            };
        }
        let cond = self.new_cond();
        let mut all = Vec::new();
        let mut results = Vec::new();
        for (i, opt) in c.options.iter().enumerate() {
            let (r, a) = self.branch(cond, i as u32 + 1, |ev| ev.eval_body(&opt.body));
            all.extend(a);
            results.push(r);
        }
        self.merge_branches(all);
        for r in results {
            if let Err(Flow::Return(_)) = r {
                return Err(Flow::Return(Value::any()));
            }
        }
        Ok(Value::any())
    }

    // ---------------------------------------------------------------- calls

    fn eval_call(&mut self, c: &crate::syntax::CallExpr, span: Span) -> R {
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
        self.call_function(&name, args, c.lambda.as_ref(), span, c.functor.span)
    }

    fn call_function(
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
                return Ok(Value::unknown(PType::String {
                    min: 0,
                    max: INT_MAX,
                }));
            }
            _ => {}
        }
        // A function of the file or of the module path.
        if let Some(f) = self
            .locals
            .functions
            .iter()
            .find(|f| norm(&f.name) == lname)
            .copied()
        {
            return self.call_puppet_function(f, args, span);
        }
        if lname.contains("::") {
            let file = self.modulepath.autoload_file(&lname, "functions");
            if let Some(l) = file.as_deref().and_then(loader::load) {
                let found = l.program.body.iter().find_map(|s| match &s.kind {
                    ExprKind::Function(f) if norm(&f.name) == lname => Some(&**f),
                    _ => None,
                });
                if let Some(f) = found {
                    let was_here = std::mem::replace(&mut self.here, false);
                    let caller = std::mem::replace(&mut self.caller_here, was_here);
                    let r = self.call_puppet_function(f, args, span);
                    self.caller_here = caller;
                    self.here = was_here;
                    return r;
                }
            }
        }
        let mut block = lambda.map(|l| LambdaBlock {
            lambda: l,
            called: false,
        });
        let result = {
            let aliases = self.aliases.clone();
            match block.as_mut() {
                Some(b) => {
                    let mut runner = Runner { ev: self, block: b };
                    functions::call(&lname, &args, Some(&mut runner), &aliases)
                }
                None => functions::call(&lname, &args, None, &aliases),
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
        if regex::take_gave_up() {
            return Ok(Value::any());
        }
        match result {
            Some(Ok(v)) => self.charge(bounded(v)),
            Some(Err(err)) => self.error(err, span),
            None => {
                if !functions::is_builtin(&lname) && self.function_known(&lname) == Some(false) {
                    self.report(
                        "unknown_function",
                        name_span,
                        format!("Unknown function: '{lname}'"),
                    );
                }
                Ok(Value::any())
            }
        }
    }

    /// Whether a non-built-in function exists: `Some(false)` only when certain.
    fn function_known(&self, name: &str) -> Option<bool> {
        if self.modulepath.has_ruby_function(name) {
            return Some(true);
        }
        if name.contains("::") {
            let file = self.modulepath.autoload_file(name, "functions")?;
            if loader::is_file(&file) {
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
            let here = std::mem::replace(&mut self.here, self.caller_here);
            self.report(
                "evaluation_error",
                span,
                format!("'{name}' expects {expected}, got {}", args.len()),
            );
            self.here = here;
            return Ok(Value::any());
        }
        if self.depth >= MAX_DEPTH {
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
                let here = std::mem::replace(&mut self.here, self.caller_here);
                let v = self.check_type(
                    &t,
                    v,
                    span,
                    &format!("'{name}' parameter '{}'", p.name.name),
                );
                self.here = here;
                v
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
        if self.depth >= MAX_DEPTH {
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
                self.check_type(&t, v, p.span, &format!("block parameter '{}'", p.name.name))
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

    // ---------------------------------------------------------------- classes

    fn declare_class_value(&mut self, v: &Value, span: Span) {
        match v {
            Value::Str(s) => {
                let s = s.to_string();
                self.declare_class(&s, None, span, false);
            }
            Value::Type(t) => match &**t {
                PType::Class(Some(n)) => {
                    let n = n.clone();
                    self.declare_class(&n, None, span, false);
                }
                PType::Resource {
                    type_name: Some(t),
                    title: Some(n),
                } if t.eq_ignore_ascii_case("class") => {
                    let n = n.clone();
                    self.declare_class(&n, None, span, false);
                }
                _ => self.open = true,
            },
            _ => self.open = true,
        }
    }

    /// Declares class `name` (with `params` for `class { name: ... }`) and evaluates it
    /// when rein can find it.
    fn declare_class(
        &mut self,
        name: &str,
        params: Option<Attrs<'_>>,
        span: Span,
        resource_like: bool,
    ) {
        let key = norm(name);
        if key.is_empty() {
            return;
        }
        if self.declared_classes.contains_key(&key) {
            let path = self.path_cond.clone();
            let certain = self
                .class_paths
                .get(&key)
                .is_some_and(|paths| paths.iter().any(|p| related(p, &path)));
            self.class_paths.entry(key.clone()).or_default().push(path);
            if resource_like && certain {
                self.report(
                    "duplicate_resource",
                    span,
                    format!(
                        "Duplicate declaration: Class[{}] is already declared; cannot redeclare",
                        capitalize(&key)
                    ),
                );
            }

            return;
        }
        self.class_paths
            .entry(key.clone())
            .or_default()
            .push(self.path_cond.clone());
        self.declared_classes.insert(key.clone(), false);
        if let Some(c) = self
            .locals
            .classes
            .iter()
            .find(|c| norm(&c.name) == key)
            .copied()
        {
            let caller = std::mem::replace(&mut self.caller_here, self.here);
            let complete = self.run_class(c, params, span);
            self.caller_here = caller;
            self.declared_classes.insert(key, complete);
            return;
        }
        // From the module path.
        let file = self.modulepath.manifest_for(&key);
        let loaded = file.as_ref().and_then(|f| loader::load(f));
        if let Some(l) = loaded {
            let found = find_class(&l.program, &key);
            if let Some(c) = found {
                let was_here = std::mem::replace(&mut self.here, false);
                let caller = std::mem::replace(&mut self.caller_here, was_here);
                let complete = self.run_class(c, params, span);
                self.caller_here = caller;
                self.here = was_here;
                self.declared_classes.insert(key, complete);
                return;
            }
        }
        self.open = true;
        let in_project = self.options.project.class(&key);
        if !in_project && self.class_missing(&key, file.as_deref()) {
            let before = self.findings.len();
            self.report(
                "unknown_class",
                span,
                format!("Could not find class ::{key}"),
            );
            let module = key.split("::").next().unwrap_or_default();
            let names = self.modulepath.manifest_names(module);
            let help = closest(&key, names.iter().map(String::as_str))
                .map(|c| format!("did you mean `{c}`?"));
            self.with_help(before, help);
        }
    }

    /// Whether class `key` certainly does not exist: its module is on the module path and
    /// the file that would define it does not define it.
    fn class_missing(&self, key: &str, file: Option<&Path>) -> bool {
        let Some(file) = file else {
            return false;
        };
        if !loader::is_file(file) {
            return true;
        }
        match loader::load(file) {
            // A manifest without any class or define (generated, say) is not judged.
            Some(l) => {
                find_class(&l.program, key).is_none()
                    && l.program
                        .body
                        .iter()
                        .any(|s| matches!(s.kind, ExprKind::Class(_) | ExprKind::Define(_)))
            }
            None => false,
        }
    }

    /// Evaluates a class body; returns whether the evaluation was complete.
    fn run_class(&mut self, c: &ClassDef, params: Option<Attrs<'_>>, span: Span) -> bool {
        if self.depth >= MAX_DEPTH {
            self.open = true;
            return false;
        }
        self.depth += 1;
        let key = norm(&c.name);
        let mut parent_scope = self.node_scope.unwrap_or(0);
        // A parent rein could not evaluate completely hides variables.
        let mut parent_complete = true;
        if let Some(p) = &c.parent {
            let pkey = norm(&p.name);
            self.declare_class(&pkey, None, p.span, false);
            if let Some(&s) = self.class_scopes.get(&pkey) {
                parent_scope = s;
            }
            parent_complete = self.declared_classes.get(&pkey) == Some(&true);
        }
        let saved = self.current;
        self.current = self.push_scope(Some(parent_scope));
        self.class_scopes.insert(key.clone(), self.current);
        self.set_var("title", Value::str(key.as_str()));
        self.set_var("name", Value::str(key.as_str()));
        self.set_module_name(&key);
        let given: Attrs<'_> = params.unwrap_or(&[]);
        for p in &c.params {
            let t = self.param_type(p);
            let v = if let Some((_, v, vspan)) = given.iter().find(|(n, _, _)| *n == p.name.name) {
                let here = std::mem::replace(&mut self.here, self.caller_here);
                let v = self.check_type(
                    &t,
                    v.clone(),
                    *vspan,
                    &format!("Class[{}]: parameter '{}'", capitalize(&key), p.name.name),
                );
                self.here = here;
                v
            } else {
                if let Some(d) = &p.default {
                    let dv = self.eval(d).unwrap_or_else(|_| Value::any());
                    let owner = format!("Class[{}]", capitalize(&key));
                    // At the declaration only in a main manifest: elsewhere Hiera may give
                    // the class a value.
                    let at = (span != Span::default() && self.main).then(|| (span, owner.clone()));
                    self.check_default(&t, &dv, d.span, &owner, &p.name.name, at);
                }
                // A caller or Hiera may set it: only its type is known.
                Value::unknown(t)
            };
            self.set_var(&p.name.name, v);
        }
        let r = self.eval_body(&c.body);
        self.current = saved;
        self.depth -= 1;
        parent_complete && !matches!(r, Err(Flow::Abort))
    }

    // ---------------------------------------------------------------- resources

    fn eval_attribute_value(&mut self, op: &AttributeOp) -> R {
        match op {
            AttributeOp::Attribute { value, .. } | AttributeOp::Splat { value, .. } => {
                self.eval(value)
            }
        }
    }

    fn eval_resource(&mut self, r: &ResourceExpr, span: Span) -> R {
        let type_name = match &r.type_name.kind {
            ExprKind::QualifiedName(n) => norm(n),
            ExprKind::QualifiedReference(n) => norm(n),
            _ => {
                let _ = self.eval(&r.type_name)?;
                self.open = true;
                for b in &r.bodies {
                    self.eval(&b.title)?;
                    for op in &b.ops {
                        self.eval_attribute_value(op)?;
                    }
                }
                return Ok(Value::unknown(any_array()));
            }
        };
        let mut refs = Vec::new();
        let literal_titles = r.bodies.iter().all(|b| literal_title(&b.title));
        for body in &r.bodies {
            let title = self.eval(&body.title)?;
            let mut attrs: Vec<(String, Value, Span)> = Vec::new();
            for op in &body.ops {
                match op {
                    AttributeOp::Attribute {
                        name, value, span, ..
                    } => {
                        let v = self.eval(value)?;
                        attrs.push((name.name.clone(), v, *span));
                    }
                    AttributeOp::Splat { value, span } => match self.eval(value)? {
                        Value::Hash(h) => {
                            for (k, v) in h.iter() {
                                if let Some(k) = k.as_str() {
                                    attrs.push((k.to_string(), v.clone(), *span));
                                }
                            }
                        }
                        _ => self.open = true,
                    },
                }
            }
            let titles = flatten(std::slice::from_ref(&title));
            for t in titles {
                let t = match t {
                    Value::Str(s) => s.to_string(),
                    Value::Default => continue,
                    Value::Type(ref ty) if type_name == "class" => match &**ty {
                        PType::Class(Some(n)) => n.clone(),
                        _ => {
                            self.open = true;
                            continue;
                        }
                    },
                    _ => {
                        self.open = true;
                        continue;
                    }
                };
                if type_name == "class" {
                    // `@class` is invalid (`class_not_virtualizable`).
                    if r.form != ResourceForm::Regular {
                        continue;
                    }
                    self.declare_class(&t, Some(&attrs), body.span, true);
                    refs.push(Value::ty(PType::Class(Some(norm(&t)))));
                    continue;
                }
                if r.form != ResourceForm::Regular {
                    // Virtual and exported resources are in the catalog once realized or
                    // collected: references to them are not reported.
                    self.virtuals.insert((type_name.clone(), t.clone()));
                    continue;
                }
                self.declare_resource(&type_name, &t, body.title.span, span, literal_titles);
                self.record_metaparams(&attrs);
                refs.push(Value::ty(PType::Resource {
                    type_name: Some(capitalize(&type_name)),
                    title: Some(t.clone()),
                }));
                self.instantiate(&type_name, &t, &attrs, r.type_name.span);
            }
        }
        Ok(Value::array(refs))
    }

    fn declare_resource(
        &mut self,
        type_name: &str,
        title: &str,
        span: Span,
        expr: Span,
        literal: bool,
    ) {
        let key = (type_name.to_string(), title.to_string());
        let path = self.path_cond.clone();
        let mut duplicate = None;
        if let Some(prev) = self.resources.get(&key) {
            for d in prev {
                if !related(&d.path, &path) {
                    continue;
                }
                // Two literal titles in one expression are `duplicate_title`'s.
                if d.expr == expr && d.literal && literal {
                    continue;
                }
                duplicate = Some(d.span);
                break;
            }
        }
        if let Some(first) = duplicate {
            let _ = first;
            self.report(
                "duplicate_resource",
                span,
                format!(
                    "Duplicate declaration: {}[{}] is already declared; cannot redeclare",
                    capitalize(type_name),
                    title
                ),
            );
        }
        self.resources.entry(key).or_default().push(Decl {
            span,
            path,
            expr,
            literal,
        });
    }

    fn record_metaparams(&mut self, attrs: &[(String, Value, Span)]) {
        for (name, v, span) in attrs {
            if !matches!(name.as_str(), "require" | "before" | "notify" | "subscribe") {
                continue;
            }
            for r in flatten(std::slice::from_ref(v)) {
                self.record_reference(&r, *span, name.clone(), RefKind::Dependency);
            }
        }
    }

    fn record_reference(&mut self, r: &Value, span: Span, from: String, kind: RefKind) {
        if !self.here {
            return;
        }
        match r {
            Value::Type(t) => match &**t {
                PType::Resource {
                    type_name: Some(tn),
                    title: Some(title),
                } => {
                    let tn = norm(tn);
                    if tn == "class" {
                        self.references.push(Reference {
                            type_name: "class".into(),
                            title: norm(title),
                            span,
                            from,
                            kind,
                        });
                    } else {
                        self.references.push(Reference {
                            type_name: tn,
                            title: title.clone(),
                            span,
                            from,
                            kind,
                        });
                    }
                }
                PType::Class(Some(n)) => self.references.push(Reference {
                    type_name: "class".into(),
                    title: norm(n),
                    span,
                    from,
                    kind,
                }),
                _ => {}
            },
            Value::Str(_) | Value::Undef => {}
            _ => {}
        }
    }

    /// Evaluates a defined type's instance (when rein has its definition) and checks the
    /// types of the values given to its parameters.
    fn instantiate(
        &mut self,
        type_name: &str,
        title: &str,
        attrs: &[(String, Value, Span)],
        span: Span,
    ) {
        if core_types().get(type_name).is_some() {
            return;
        }
        if let Some(d) = self
            .locals
            .defines
            .iter()
            .find(|d| norm(&d.name) == type_name)
            .copied()
        {
            let caller = std::mem::replace(&mut self.caller_here, self.here);
            let _ = self.run_define(d, Value::str(title), attrs, false, span);
            self.caller_here = caller;
            return;
        }
        if let Some(file) = self.modulepath.manifest_for(type_name) {
            if let Some(l) = loader::load(&file) {
                let found = l.program.body.iter().find_map(|s| match &s.kind {
                    ExprKind::Define(d) if norm(&d.name) == type_name => Some(&**d),
                    _ => None,
                });
                if let Some(d) = found {
                    let was_here = std::mem::replace(&mut self.here, false);
                    let caller = std::mem::replace(&mut self.caller_here, was_here);
                    let _ = self.run_define(d, Value::str(title), attrs, false, span);
                    self.caller_here = caller;
                    self.here = was_here;
                    return;
                }
            }
        }
        match self.resource_type_known(type_name) {
            Some(true) => {
                if !self.modulepath.has_custom_type(type_name) {
                    // A defined type rein could not evaluate.
                    self.open = true;
                }
            }
            Some(false) => {
                self.open = true;
                self.report(
                    "unknown_resource_type",
                    span,
                    format!("Unknown resource type: '{type_name}'"),
                );
            }
            None => self.open = true,
        }
    }

    fn run_define(
        &mut self,
        d: &DefineDef,
        title: Value,
        attrs: &[(String, Value, Span)],
        standalone: bool,
        span: Span,
    ) -> R {
        if self.depth >= MAX_DEPTH {
            self.open = true;
            return Ok(Value::Undef);
        }
        self.depth += 1;
        let key = norm(&d.name);
        let shown = format!(
            "{}[{}]",
            capitalize(&key),
            ops::to_s(&title).unwrap_or_default()
        );
        let local = self.enter_local(self.node_scope.unwrap_or(0));
        self.set_var("title", title.clone());
        self.set_var("name", title);
        self.set_module_name(&key);
        for p in &d.params {
            let t = self.param_type(p);
            let v = if let Some((_, v, vspan)) = attrs.iter().find(|(n, _, _)| *n == p.name.name) {
                let here = std::mem::replace(&mut self.here, self.caller_here);
                let v = self.check_type(
                    &t,
                    v.clone(),
                    *vspan,
                    &format!("{shown}: parameter '{}'", p.name.name),
                );
                self.here = here;
                v
            } else if let Some(d) = &p.default {
                let dv = self.eval(d).unwrap_or_else(|_| Value::any());
                let at = (!standalone).then(|| (span, shown.clone()));
                self.check_default(&t, &dv, d.span, &capitalize(&key), &p.name.name, at);
                if standalone {
                    Value::unknown(t)
                } else {
                    dv
                }
            } else {
                Value::unknown(t)
            };
            self.set_var(&p.name.name, v);
        }
        let r = self.eval_body(&d.body);
        self.leave_local(local);
        self.depth -= 1;
        match r {
            Err(Flow::Abort) => Err(Flow::Abort),
            _ => Ok(Value::Undef),
        }
    }

    /// Checks a parameter's default against its type: reported at the default (of
    /// `owner`) and, when `at` names the declaration that used it, there too (in the
    /// declaring code's file).
    fn check_default(
        &mut self,
        t: &PType,
        dv: &Value,
        default_span: Span,
        owner: &str,
        param: &str,
        at: Option<(Span, String)>,
    ) {
        if types::instance_of(t, dv, &self.aliases) != Some(false) {
            return;
        }
        let m = types::mismatch(t, dv, &self.aliases);
        self.report(
            "type_mismatch",
            default_span,
            format!("{owner}: parameter '{param}' expects {m} (the default value)"),
        );
        if let Some((span, declared)) = at {
            let here = std::mem::replace(&mut self.here, self.caller_here);
            self.report(
                "type_mismatch",
                span,
                format!("{declared}: parameter '{param}' expects {m}"),
            );
            self.here = here;
        }
    }

    fn eval_relationship(&mut self, lhs: &Expr, rhs: &Expr) -> R {
        let l = self.eval(lhs)?;
        let r = self.eval(rhs)?;
        let from = flatten(std::slice::from_ref(&l))
            .first()
            .map(shown_ref)
            .unwrap_or_default();
        for (v, e) in [(&l, lhs), (&r, rhs)] {
            if matches!(e.kind, ExprKind::Collect(_)) {
                continue;
            }
            for item in flatten(std::slice::from_ref(v)) {
                self.record_reference(&item, e.span, from.clone(), RefKind::Relationship);
            }
        }
        Ok(r)
    }
}

fn shown_ref(v: &Value) -> String {
    match v {
        Value::Type(t) => match &**t {
            PType::Resource {
                type_name: Some(tn),
                title: Some(title),
            } => format!("{tn}[{title}]"),
            PType::Class(Some(n)) => format!("Class[{}]", capitalize(n)),
            _ => String::new(),
        },
        _ => String::new(),
    }
}

/// Both declarations certainly happen together: they are under the same undecided
/// branches. (Conditions rein cannot decide may be correlated, as `if $x == 'a'` and
/// `if $x != 'a'`, or as a class that is only declared under `$osfamily == 'Debian'` and a
/// resource under `$osfamily == 'RedHat'`: declarations under different conditions are
/// never compared.)
fn related(a: &PathCond, b: &PathCond) -> bool {
    a == b
}

fn speculative_flow(r1: R, r2: R) -> R {
    for r in [r1, r2] {
        if let Err(Flow::Return(_)) = r {
            return Err(Flow::Return(Value::any()));
        }
    }
    Ok(Value::any())
}

/// Arrays flattened (titles, class lists, reference lists).
fn flatten(values: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for v in values {
        match v {
            Value::Array(a) => out.extend(flatten(a)),
            v => out.push(v.clone()),
        }
    }
    out
}

/// The longest string and the largest collection the evaluator keeps: bigger values (a
/// string doubled in a loop) become unknowns of their type, so evaluation stays small.
const MAX_STRING: usize = 1 << 20;
const MAX_ITEMS: usize = 100_000;

fn bounded(v: Value) -> Value {
    match &v {
        Value::Str(s) if s.len() > MAX_STRING => Value::unknown(PType::String {
            min: 0,
            max: INT_MAX,
        }),
        Value::Array(a) if a.len() > MAX_ITEMS => Value::unknown(any_array()),
        Value::Hash(h) if h.len() > MAX_ITEMS => Value::unknown(PType::Hash {
            key: Box::new(PType::Any),
            value: Box::new(PType::Any),
            min: 0,
            max: INT_MAX,
        }),
        _ => v,
    }
}

fn same_kind(a: &Value, b: &Value) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

fn any_array() -> PType {
    PType::Array {
        elem: Box::new(PType::Any),
        min: 0,
        max: INT_MAX,
    }
}

fn literal_title(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::String { .. } | ExprKind::QualifiedName(_) | ExprKind::Default => true,
        ExprKind::Array(items) => items.iter().all(literal_title),
        _ => false,
    }
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

fn builtin_variable(name: &str) -> bool {
    matches!(
        name,
        "facts"
            | "trusted"
            | "server_facts"
            | "settings"
            | "environment"
            | "clientcert"
            | "clientversion"
            | "clientnoop"
            | "servername"
            | "serverip"
            | "serverversion"
            | "module_name"
            | "caller_module_name"
            | "title"
            | "name"
            | "agent_specified_environment"
    ) || name.starts_with("settings::")
}

use loader::find_class;

/// A lambda given to a function, run by the evaluator.
struct LambdaBlock<'l> {
    lambda: &'l Lambda,
    called: bool,
}

struct Runner<'r, 'a, 'l> {
    ev: &'r mut Evaluator<'a>,
    block: &'r mut LambdaBlock<'l>,
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

impl Options<'_> {
    /// Whether the module path holds every module the code may use (so a name missing
    /// from it is certainly missing): true when `--modulepath` was given.
    pub fn modulepath_complete(&self) -> bool {
        !self.project.modulepath.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The findings of evaluating `src` as the file `path`, as `(rule, line, warning)`.
    fn run(path: &str, src: &str) -> Vec<(&'static str, usize, bool)> {
        let parsed = crate::syntax::parse(src);
        assert!(!parsed.has_errors(), "{src}");
        let project = Project::of(&parsed.program);
        let no_facts = |n: &str| n == "osfamily";
        let module_path = ModulePath::for_file(Path::new(path), &[], &loader::Roots::default());
        let options = Options {
            project: &project,
            module_path: &module_path,
            is_fact: &no_facts,
        };
        evaluate(&parsed.program, &options)
            .into_iter()
            .map(|f| (f.rule, parsed.line_index.line(f.span.start()), f.warning))
            .collect()
    }

    #[test]
    fn unknown_branches_are_evaluated_but_not_compared() {
        let src = "if $osfamily == 'Debian' {\n  $x = 1 + 'a'\n  file { '/a': }\n} else {\n  file { '/a': }\n}\nfile { \"/b${x}\": }\n";
        assert_eq!(run("t.pp", src), vec![("invalid_operand", 2, false)]);
    }

    #[test]
    fn declarations_under_different_conditions_are_not_duplicates() {
        let src = "if $osfamily == 'Debian' { file { '/a': } }\nif $osfamily != 'RedHat' { file { '/a': } }\nfile { '/b': }\nif $osfamily == 'x' { file { '/b': } }\n";
        assert_eq!(run("t.pp", src), vec![]);
        let src = "if $osfamily == 'Debian' {\n  file { '/a': }\n  file { '/a': }\n}\n";
        assert_eq!(run("t.pp", src), vec![("duplicate_resource", 3, false)]);
    }

    #[test]
    fn a_class_is_evaluated_on_its_own_with_unknown_parameters() {
        let src =
            "class c (Integer $n = 3) {\n  $m = $n + 1\n  $k = 'x' + 1\n  notice($nowhere)\n}\n";
        assert_eq!(
            run("t.pp", src),
            vec![
                ("invalid_operand", 3, false),
                ("undefined_variable", 4, true)
            ]
        );
    }

    #[test]
    fn loops_declare_each_title() {
        let src = "[1, 2, 1].each |$i| {\n  notify { \"n${i}\": }\n}\n$h = { 'a' => 1 }\n$h.each |$k, $v| { notify { \"${k}${v}\": } }\n";
        assert_eq!(run("t.pp", src), vec![("duplicate_resource", 2, false)]);
    }

    #[test]
    fn values_doubled_in_a_loop_stay_small() {
        // 2^40 characters and elements if kept: they become unknowns past the limits.
        let n = (1..=40)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let src = format!(
            "$s = [{n}].reduce('ab') |$m, $x| {{ \"${{m}}${{m}}\" }}\n$a = [{n}].reduce([1]) |$m, $x| {{ $m + $m }}\n$b = $a + 'x'\n"
        );
        assert_eq!(run("t.pp", &src), vec![]);
    }

    #[test]
    fn loops_over_big_values_end() {
        // 99,999 iterations that each copy a 99,999-element array: the work is counted.
        let src = "$big = Integer[1, 99999].map |$i| { $i }\nInteger[1, 99999].each |$i| { $c = $big + [1] }\n";
        assert_eq!(run("t.pp", src), vec![]);
    }

    #[test]
    fn a_regexp_search_that_gives_up_is_unknown() {
        let src = "$x = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' =~ /^(a+)+$/\n$y = $x ? { true => 1 }\n$z = $x ? { false => 1 }\n";
        assert_eq!(run("t.pp", src), vec![]);
    }

    #[test]
    fn recursion_stops() {
        // A defined type that declares itself, and a function that calls itself.
        let src = "define d ($n) {\n  d { \"x${n}\": n => $n + 1 }\n}\nd { 'a': n => 0 }\nfunction f($x) { f($x + 1) }\n$y = f(0)\n";
        let found = run("t.pp", src);
        assert!(
            found.iter().all(|(r, _, _)| *r != "duplicate_resource"),
            "{found:?}"
        );
    }

    #[test]
    fn match_variables_and_selectors() {
        let src = "if 'web01' =~ /^([a-z]+)(\\d+)$/ {\n  $role = $1 ? { 'web' => 'frontend', 'db' => 'backend' }\n  $n = $2 ? { '02' => 2 }\n}\n";
        assert_eq!(run("t.pp", src), vec![("selector_no_match", 3, false)]);
    }

    #[test]
    fn relationships_to_undeclared_resources_only_in_a_closed_catalog() {
        let src = "notify { 'a': }\nNotify['a'] -> Notify['b']\n";
        assert_eq!(run("t.pp", src), vec![("undeclared_resource", 2, false)]);
        // A class rein cannot find may declare it.
        let src = "include somewhere\nnotify { 'a': }\nNotify['a'] -> Notify['b']\n";
        assert_eq!(run("t.pp", src), vec![]);
    }
}
