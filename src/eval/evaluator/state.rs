//! The evaluator's state and its housekeeping: what it may use ([`Options`]), what it
//! finds (kept in [`Findings`]), the definitions of the checked file, scopes and variables, the
//! speculative branches of unknown conditions, the step budget and the size limits on
//! values, and the non-local exits of evaluation.

use std::sync::Arc;

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use super::budget::Budget;
pub(super) use super::catalog::{place, same_origin, Decl, PathCond, ResourceKey, Scope};
use super::findings::{Finding, Findings, Related};
use super::locals::Locals;
use super::manifests::Manifests;
use super::recording::{Op, Recorder};
use crate::eval::loader::ModulePath;
use crate::eval::module_store::Loaded;
use crate::eval::names::map_segments;
use crate::eval::project::Project;
use crate::eval::regex::Regexes;
use crate::eval::types::{Aliases, PType};
use crate::eval::value::{ErrorKind, EvalError, Value};
use crate::syntax::Span;

/// What the evaluator may use besides the file.
pub struct Options<'a> {
    /// The definitions of the run's files.
    pub project: &'a Project,
    /// Where the file's code finds other modules ([`ModulePath::for_file`]).
    pub module_path: &'a ModulePath,
    /// Whether a top-scope variable name is one of Facter's core facts.
    pub is_fact: &'a dyn Fn(&str) -> bool,
}

impl Options<'_> {
    /// Whether the module path holds every module the code may use (so a name missing
    /// from it is certainly missing): true when `--modulepath` was given.
    pub fn modulepath_complete(&self) -> bool {
        !self.project.modulepath.is_empty()
    }
}

pub(super) use super::locals::norm;

/// `apache::vhost` → `Apache::Vhost` (the name without leading `::`, each segment's first
/// letter upper case and its other ASCII letters lower case). Built in one string: it is
/// asked for at every class, resource and defined type evaluated.
pub(super) fn capitalize(name: &str) -> String {
    map_segments(name, |segment, out| {
        let mut chars = segment.chars();
        if let Some(first) = chars.next() {
            out.extend(first.to_ascii_lowercase().to_uppercase());
            out.extend(chars.map(|c| c.to_ascii_lowercase()));
        }
    })
}

/// The attributes given to a resource or class: name, value, span of the attribute.
pub(super) type Attrs<'x> = &'x [(String, Value, Span)];

/// Non-local exits of evaluation.
#[derive(Debug)]
pub(super) enum Flow {
    Break,
    Next(Value),
    Return(Value),
    /// `fail()`, an exhausted budget: this path stops here.
    Abort,
}

pub(super) type R = Result<Value, Flow>;

/// A message carried in an `EvalError` of kind `Other` through the functions module when a
/// lambda's evaluation was aborted.
pub(super) const ABORT: &str = "\u{0}rein-abort";

pub(super) struct Reference {
    pub(super) type_name: String,
    pub(super) title: String,
    pub(super) span: Span,
    pub(super) from: String,
    pub(super) kind: RefKind,
}

/// How a resource is referred to (each has Puppet's own message when it is missing).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum RefKind {
    /// `->`, `~>`, `<-`, `<~`.
    Relationship,
    /// `require`, `before`, `notify`, `subscribe`.
    Dependency,
    /// `File['/x'] { ... }`.
    Override,
    /// `realize(File['/x'])`.
    Realize,
}

pub(super) const MAX_DEPTH: usize = 48;

pub(super) struct Evaluator<'a> {
    pub(super) options: &'a Options<'a>,
    pub(super) modulepath: &'a ModulePath,
    pub(super) locals: &'a Locals<'a>,
    /// Shared: cloned for every function call. Set through [`Evaluator::set_aliases`].
    pub(super) aliases: Arc<Aliases>,
    /// The types capitalised names stood for ([`Evaluator::resolve_type`]) since `aliases`
    /// last changed: a class or defined type declared many times names the same types.
    pub(super) resolved: HashMap<String, PType>,
    /// The regexp searches of the evaluation (shared by its roots).
    pub(super) regexes: &'a Regexes,
    /// The module-path manifests of the names declared (shared by the roots).
    pub(super) manifests: &'a Manifests,
    /// The `inline_epp()` texts parsed by this root, with their templates or the message
    /// of their syntax error (`templates::inline_template`).
    pub(super) inline_templates: HashMap<String, Result<Arc<Loaded>, String>>,
    pub(super) scopes: Vec<Scope>,
    pub(super) current: usize,
    pub(super) class_scopes: HashMap<String, usize>,
    /// Classes declared, with whether rein evaluated them completely.
    pub(super) declared_classes: HashMap<String, bool>,
    /// Virtual and exported resources declared.
    pub(super) virtuals: HashSet<ResourceKey>,
    /// Where each class was declared (the branch paths of its declarations).
    pub(super) class_paths: HashMap<String, Vec<PathCond>>,
    /// The resource-like declarations of classes (`class { 'a': }`), for the first
    /// declaration a duplicate names.
    pub(super) class_decls: HashMap<String, Vec<Decl>>,
    /// The resources declared: nearly always one declaration each.
    pub(super) resources: HashMap<ResourceKey, Vec<Decl>>,
    pub(super) references: Vec<Reference>,
    pub(super) open: bool,
    /// The code being evaluated is the checked file's (findings are kept).
    pub(super) here: bool,
    pub(super) path_cond: PathCond,
    pub(super) next_cond: u32,
    /// Variables assigned, as (scope, name), for undoing speculative branches: kept only
    /// while a branch is being evaluated (nothing reads the others).
    pub(super) assigned: Vec<(usize, String)>,
    /// How many speculative branches are being evaluated (nested).
    pub(super) branches: u32,
    /// Match variables of the last match: `None` when unknown.
    pub(super) matches: Option<Vec<Option<String>>>,
    pub(super) steps: u64,
    /// What the whole evaluation (all its roots) has spent.
    pub(super) budget: Budget,
    pub(super) depth: usize,
    /// What the root found so far, each finding once.
    pub(super) findings: Findings,
    /// Evaluating the main manifest (its top scope is the whole top scope).
    pub(super) main: bool,
    /// The scope of the node definition being evaluated.
    pub(super) node_scope: Option<usize>,
    /// Whether the code that declared the class or defined type being bound is the checked
    /// file's (the values given to parameters are reported there).
    pub(super) caller_here: bool,
    /// The file of the code being evaluated (`None`: the checked file).
    pub(super) origin: Option<Arc<Loaded>>,
    /// The defined type instance being evaluated (0: none), and the last one numbered.
    pub(super) instance: u32,
    pub(super) instances: u32,
    /// Where the defined type instance being evaluated was declared.
    pub(super) instance_site: Option<InstanceSite>,
    /// The defined type instances being evaluated, innermost last: `Type[title]` (the
    /// type's name in lower case). An instance that declares itself again is a duplicate,
    /// which Puppet never evaluates: its body is not entered again.
    pub(super) active_instances: Vec<String>,
    /// Names no scope defined, with whether a built-in variable or a fact stands for them
    /// (a loop looks the same names up at every turn).
    pub(super) unscoped: HashMap<String, bool>,
    /// The recordings of module-path classes being made, innermost last ([`super::memo`]),
    /// and the changes to the catalog since the outermost started.
    pub(super) recorders: Vec<Recorder>,
    pub(super) journal: Vec<Op>,
    /// The deepest class, defined type, function or lambda nesting checked (for recordings).
    pub(super) depth_seen: usize,
}

/// Where a defined type instance was declared: its type name, in the file `origin`, and
/// the instance (`Mytype[b]`).
#[derive(Clone)]
pub(super) struct InstanceSite {
    pub(super) span: Span,
    pub(super) origin: Option<Arc<Loaded>>,
    pub(super) shown: String,
}

/// How sure it is that an un-namespaced class, function or resource type that no module
/// rein can see defines is missing.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Unseen {
    /// With `--modulepath`, every module is there: it is missing (an error).
    Missing,
    /// Without one, in a lone manifest or a module whose `metadata.json` names no
    /// dependency rein cannot see: most likely missing (a warning saying how to be sure).
    Likely,
    /// A module depends on modules rein cannot see, or does not say on which (no
    /// `metadata.json`): any of them may define it.
    Unknown,
}

/// What the milder form of an unknown-name finding adds to its message.
pub(super) const UNSEEN_NOTE: &str =
    " (unless a module rein cannot see defines it: give --modulepath to be certain)";

/// Both declarations certainly happen together: they are under the same undecided
/// branches. (Conditions rein cannot decide may be correlated, as `if $x == 'a'` and
/// `if $x != 'a'`, or as a class that is only declared under `$osfamily == 'Debian'` and a
/// resource under `$osfamily == 'RedHat'`: declarations under different conditions are
/// never compared.)
pub(super) fn related(a: &PathCond, b: &PathCond) -> bool {
    a == b
}

/// The longest string and the largest collection the evaluator keeps: bigger values (a
/// string doubled in a loop) become unknowns of their type, so evaluation stays small.
pub(super) const MAX_STRING: usize = 1 << 20;

const MAX_ITEMS: usize = 100_000;

pub(super) fn bounded(v: Value) -> Value {
    match &v {
        Value::Str(s) if s.len() > MAX_STRING => Value::unknown(PType::string()),
        Value::Array(a) if a.len() > MAX_ITEMS => Value::unknown(PType::array()),
        Value::Hash(h) if h.len() > MAX_ITEMS => Value::unknown(PType::hash()),
        _ => v,
    }
}

impl<'a> Evaluator<'a> {
    pub(super) fn new(
        options: &'a Options<'a>,
        modulepath: &'a ModulePath,
        locals: &'a Locals<'a>,
        regexes: &'a Regexes,
        manifests: &'a Manifests,
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
            resolved: HashMap::new(),
            regexes,
            manifests,
            inline_templates: HashMap::new(),
            scopes: vec![top],
            current: 0,
            class_scopes: HashMap::new(),
            declared_classes: HashMap::new(),
            class_paths: HashMap::new(),
            class_decls: HashMap::new(),
            virtuals: HashSet::new(),
            resources: HashMap::new(),
            references: Vec::new(),
            open: false,
            here: true,
            path_cond: Vec::new(),
            next_cond: 0,
            assigned: Vec::new(),
            branches: 0,
            matches: Some(Vec::new()),
            steps: 0,
            budget: Budget::default(),
            depth: 0,
            findings: Findings::new(),
            main: false,
            node_scope: None,
            caller_here: true,
            origin: None,
            instance: 0,
            instances: 0,
            instance_site: None,
            active_instances: Vec::new(),
            unscoped: HashMap::new(),
            recorders: Vec::new(),
            journal: Vec::new(),
            depth_seen: 0,
        }
    }

    /// Reports a finding of the checked file's code (nothing elsewhere).
    pub(super) fn report(&mut self, rule: &'static str, span: Span, message: impl Into<String>) {
        self.record(rule, span, message.into(), false);
    }

    /// Reports the milder, uncertain form of a finding (a warning).
    pub(super) fn warn(&mut self, rule: &'static str, span: Span, message: impl Into<String>) {
        self.record(rule, span, message.into(), true);
    }

    fn record(&mut self, rule: &'static str, span: Span, message: String, warning: bool) {
        if self.here {
            self.poison("a finding in the file");
            self.findings
                .push(Finding::new(rule, span, message, warning));
        }
    }

    /// Adds `related` to the finding reported since there were `before` findings, if any.
    pub(super) fn with_related(&mut self, before: usize, related: Related) {
        if self.findings.len() > before {
            if let Some(f) = self.findings.last_mut() {
                f.more_mut().related.push(related);
            }
        }
    }

    /// Runs `f` on code of the file `origin` (`None`: the checked file).
    pub(super) fn in_file<T>(
        &mut self,
        origin: Option<Arc<Loaded>>,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let saved = std::mem::replace(&mut self.origin, origin);
        let r = f(self);
        self.origin = saved;
        r
    }

    /// How sure it is that an un-namespaced name no module rein sees defines is missing.
    pub(super) fn unseen(&self) -> Unseen {
        if self.options.modulepath_complete() {
            Unseen::Missing
        } else if self.modulepath.dependencies_known() {
            Unseen::Likely
        } else {
            Unseen::Unknown
        }
    }

    /// Reports `message` for an un-namespaced name nothing rein sees defines: an error with
    /// a complete module path, a warning (saying how to be sure) without one.
    pub(super) fn report_unseen(&mut self, rule: &'static str, span: Span, message: String) {
        match self.unseen() {
            Unseen::Missing => self.report(rule, span, message),
            Unseen::Likely => self.warn(rule, span, format!("{message}{UNSEEN_NOTE}")),
            Unseen::Unknown => {}
        }
    }

    /// Adds `help` to the finding reported since there were `before` findings, if any.
    pub(super) fn with_help(&mut self, before: usize, help: Option<String>) {
        if self.findings.len() > before {
            if let (Some(f), Some(h)) = (self.findings.last_mut(), help) {
                f.more_mut().help = Some(h);
            }
        }
    }

    /// The variables visible from the current scope, for a "did you mean" help.
    pub(super) fn visible_variables(&self) -> Vec<String> {
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

    /// Reports an evaluation error under its rule; the expression's value is unknown.
    pub(super) fn error(&mut self, e: EvalError, span: Span) -> R {
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

    /// Runs `f` with the findings kept or not as `here` says (then as before).
    pub(super) fn with_here<T>(&mut self, here: bool, f: impl FnOnce(&mut Self) -> T) -> T {
        if here {
            self.poison("code of the file");
        }
        let was_here = std::mem::replace(&mut self.here, here);
        let r = f(self);
        self.here = was_here;
        r
    }

    /// Runs `f` with the findings reported at the caller: the code that declared the
    /// definition being bound, where the values given to its parameters are written.
    pub(super) fn at_caller<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.with_here(self.caller_here, f)
    }

    /// Runs `f` on the body of a definition the current code declares (or calls): the
    /// current code becomes the caller; the body's findings are kept when `body_here` (a
    /// definition of the checked file declared from it) and not when it comes from the
    /// module path.
    pub(super) fn in_definition<T>(
        &mut self,
        body_here: bool,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let caller = std::mem::replace(&mut self.caller_here, self.here);
        let r = self.with_here(body_here, f);
        self.caller_here = caller;
        r
    }

    pub(super) fn new_cond(&mut self) -> u32 {
        self.next_cond += 1;
        self.next_cond
    }

    /// `$module_name` in a class or defined type: the module its name says it is in (none
    /// for a name without namespace outside a module, as Puppet has it: empty).
    pub(super) fn set_module_name(&mut self, key: &str) {
        if let Some((module, _)) = key.split_once("::") {
            self.set_var("module_name", Value::str(module));
        }
    }

    /// Opens the scope of a lambda, function or defined type; `leave_local` closes it.
    pub(super) fn enter_local(&mut self, parent: usize) -> (usize, usize) {
        let saved = self.current;
        self.current = self.push_scope(Some(parent));
        (saved, self.assigned.len())
    }

    /// Closes a scope opened by `enter_local`: nothing refers to its variables afterwards,
    /// so they are dropped (the scope itself too when nothing was opened after it), which
    /// keeps a loop of many calls small.
    pub(super) fn leave_local(&mut self, (saved, mark): (usize, usize)) {
        let scope = self.current;
        self.current = saved;
        if scope + 1 == self.scopes.len() {
            self.scopes.pop();
            self.assigned.truncate(mark.min(self.assigned.len()));
        } else if let Some(s) = self.scopes.get_mut(scope) {
            s.vars.clear();
        }
    }

    pub(super) fn push_scope(&mut self, parent: Option<usize>) -> usize {
        self.scopes.push(Scope {
            vars: HashMap::new(),
            parent,
        });
        self.scopes.len() - 1
    }

    /// Makes room for `n` variables in the current scope (one allocation, no regrowth).
    pub(super) fn reserve_vars(&mut self, n: usize) {
        if let Some(s) = self.scopes.get_mut(self.current) {
            s.vars.reserve(n);
        }
    }

    pub(super) fn set_var(&mut self, name: &str, v: Value) {
        let cur = self.current;
        if let Some(s) = self.scopes.get_mut(cur) {
            match s.vars.get_mut(name) {
                Some(slot) => *slot = v,
                None => {
                    s.vars.insert(name.to_string(), v);
                }
            }
            if self.branches > 0 {
                self.assigned.push((cur, name.to_string()));
            }
        }
    }

    /// Counts the work of building `v` (one step per 64 bytes or 16 items) against the
    /// budget, so loops over big values end too; a value too big to keep is an unknown
    /// ([`Budget::built`]).
    pub(super) fn charge(&mut self, v: Value) -> R {
        let v = self.budget.built(v);
        let cost = match &v {
            Value::Str(s) => s.len() / 64,
            Value::Array(a) => a.len() / 16,
            Value::Hash(h) => h.len() / 16,
            _ => 0,
        };
        self.steps += cost as u64;
        if self.budget.spend(cost as u64, self.steps) {
            self.open = true;
            return Err(Flow::Abort);
        }
        Ok(v)
    }

    pub(super) fn tick(&mut self) -> Result<(), Flow> {
        self.steps += 1;
        if self.budget.spend(1, self.steps) {
            self.open = true;
            return Err(Flow::Abort);
        }
        Ok(())
    }

    /// Runs `f` as one speculative branch: its assignments are undone afterwards and
    /// returned, so the caller can make them unknown.
    pub(super) fn branch<T>(
        &mut self,
        cond: u32,
        index: u32,
        f: impl FnOnce(&mut Self) -> T,
    ) -> (T, Vec<(usize, String)>) {
        let mark = self.assigned.len();
        let scope_mark = self.scopes.len();
        let saved_matches = self.matches.clone();
        self.path_cond.push((cond, index));
        self.branches += 1;
        let out = f(self);
        self.branches -= 1;
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
    pub(super) fn merge_branches(&mut self, assigned: Vec<(usize, String)>) {
        let unknown = Value::any();
        for (scope, name) in assigned {
            let Some(s) = self.scopes.get_mut(scope) else {
                continue;
            };
            if self.branches > 0 {
                s.vars.insert(name.clone(), unknown.clone());
                self.assigned.push((scope, name));
            } else {
                s.vars.insert(name, unknown.clone());
            }
        }
        self.matches = None;
    }
}
