//! Replaying a module-path class: a class declared without parameters (`include apache`)
//! is evaluated the same way in every root whose state it does not read, so its first
//! evaluation is recorded (what it added to the catalog, the scopes it left, what it spent)
//! and later roots replay the recording instead of evaluating the class again. Every root
//! of a module includes the same module classes: this keeps a run from evaluating them
//! once per root.
//!
//! A replay must leave the root exactly as an evaluation would. So a recording notes what
//! the class read of the state outside it, and is replayed only where that is the same:
//! - the names it looked up among the file's own definitions (none may be the file's), and
//!   the file defines no type alias (the type names it resolved are resolved again, which
//!   loads the module path's aliases it loaded);
//! - the top-scope variables it read, and the variables of the root's classes it read
//!   (absent, or the same value); the classes whose variables it asked for before they
//!   were declared; the root's classes it declared again (declared, and as completely);
//!   the classes it declared (none may be declared yet);
//! - the match variables at its start; the defined type instances it declared (none may
//!   be one being evaluated where it is replayed); and it is never entered inside a node
//!   or its findings' file. Inside a defined type's instance, what the class declares
//!   belongs to that instance, as an evaluation there would number it.
//!
//! A recording is dropped when a scope it left hangs under a scope of the root other than
//! top scope, when its code reports in the checked file, when the class is not found (that
//! is reported where it is declared, which is in the checked file in some roots and not in
//! others), and when a budget or a depth limit was reached; a replay needs room for all it spent. Branch conditions, scopes and
//! instances are numbered from the root's at the replay; what the class read from the
//! module path is recorded again in the file's read log (the cache's dependencies).

use std::sync::Arc;

use foldhash::{HashSet, HashSetExt};

use super::budget::{MAX_EXPR_DEPTH, SIZE_BUDGET, STEP_BUDGET};
use super::catalog::{Decl, PathCond, ResourceKey, Scope};
use super::recording::{same_value, Needs, Op, Recorded, Recorder};
use super::state::{Evaluator, MAX_DEPTH};
use crate::eval::class_memo::ClassMemo;
use crate::eval::value::Value;

impl<'a> Evaluator<'a> {
    /// Whether class `key` may be replayed or recorded here: declared without parameters,
    /// outside nodes, in a file without type aliases.
    fn memo_allowed(&self) -> bool {
        self.node_scope.is_none() && self.locals.aliases.is_empty()
    }

    /// Declares class `key` (not declared yet, without parameters) from a recording when
    /// one fits, else by evaluating it (recording that when none is kept).
    pub(super) fn declare_new_class(&mut self, key: String, span: crate::syntax::Span) {
        if self.locals.class(&key).is_some() || !self.memo_allowed() {
            self.declare_fresh(key, None, span, false);
            return;
        }
        let memo_key = ClassMemo::key(self.modulepath.key(), &key);
        let memo = &self.options.project.memo;
        let found = memo.lookup(&memo_key);
        for r in &found.ready {
            if let Some(r) = r.downcast_ref::<Recorded>() {
                if self.fits(r) {
                    self.options.project.memo.replayed();
                    self.replay(r);
                    return;
                }
            }
        }
        if found.record {
            self.begin_recording(memo_key);
            if self.declare_fresh(key, None, span, false) {
                // Reported where it is declared: in the checked file in one root, elsewhere
                // (and dropped) in another, so not the same in every root.
                if let Some(r) = self.recorders.last_mut() {
                    r.poisoned.get_or_insert("a class not found");
                }
            }
            self.end_recording();
        } else {
            self.declare_fresh(key, None, span, false);
        }
    }

    fn begin_recording(&mut self, key: String) {
        let r = Recorder {
            key,
            scopes: self.scopes.len(),
            next_cond: self.next_cond,
            instances: self.instances,
            instance: self.instance,
            active: self.active_instances.len(),
            path: self.path_cond.len(),
            depth: self.depth,
            expr_depth: self.budget.depth,
            steps: self.steps,
            total_steps: self.budget.steps,
            built: self.budget.built,
            declared: self.budget.declared,
            open: std::mem::take(&mut self.open),
            depth_seen: std::mem::replace(&mut self.depth_seen, self.depth),
            expr_depth_seen: std::mem::replace(&mut self.budget.depth_seen, self.budget.depth),
            journal: self.journal.len(),
            reads: self.modulepath.begin_capture(),
            matches: self.matches.clone(),
            fresh: HashSet::new(),
            needs: Needs::default(),
            poisoned: None,
        };
        self.recorders.push(r);
    }

    fn end_recording(&mut self) {
        let Some(r) = self.recorders.pop() else {
            return;
        };
        let open = std::mem::replace(&mut self.open, r.open);
        self.open |= open;
        let depth_seen = self.depth_seen;
        self.depth_seen = r.depth_seen.max(depth_seen);
        let expr_depth_seen = self.budget.depth_seen;
        self.budget.depth_seen = r.expr_depth_seen.max(expr_depth_seen);
        let ops: Vec<Op> = if self.recorders.is_empty() {
            self.journal.drain(r.journal..).collect()
        } else {
            self.journal
                .get(r.journal..)
                .map(<[Op]>::to_vec)
                .unwrap_or_default()
        };
        let reads = self.modulepath.end_capture(r.reads);
        let memo = &self.options.project.memo;
        // Nothing limited it, and it read no scope of the root but top scope.
        let within = r.poisoned.is_none()
            && !self.budget.out_of_steps(self.steps)
            && self.budget.built.saturating_add(MAX_VALUE_ROOM) <= SIZE_BUDGET
            && !self.budget.declarations_spent()
            && depth_seen < MAX_DEPTH
            && expr_depth_seen < MAX_EXPR_DEPTH
            && self.scopes.get(r.scopes..).is_some_and(|scopes| {
                scopes
                    .iter()
                    .all(|s| s.parent.is_none_or(|p| p == 0 || p >= r.scopes))
            });
        if !within {
            memo.failed(r.key);
            return;
        }
        let scopes: Vec<Scope> = self.scopes[r.scopes..]
            .iter()
            .map(|s| Scope {
                vars: s.vars.clone(),
                parent: s.parent,
            })
            .collect();
        let size = scopes.iter().map(|s| s.vars.len() + 1).sum::<usize>() + ops.len();
        let fresh = r.fresh.into_iter().collect();
        let recorded = Recorded {
            scopes_at: r.scopes,
            next_cond_at: r.next_cond,
            instances_at: r.instances,
            instance_at: r.instance,
            path_at: r.path,
            matches_at: r.matches,
            needs: r.needs,
            fresh,
            depth_above: depth_seen.saturating_sub(r.depth),
            expr_depth_above: expr_depth_seen.saturating_sub(r.expr_depth),
            steps: self.steps - r.steps,
            total_steps: self.budget.steps - r.total_steps,
            built: self.budget.built - r.built,
            declared: self.budget.declared - r.declared,
            scopes,
            ops,
            conds: self.next_cond - r.next_cond,
            instances: self.instances - r.instances,
            open,
            matches_after: self.matches.clone(),
            reads,
        };
        memo.keep(r.key, Arc::new(recorded), size);
    }

    /// Whether the recording `r` would be evaluated the same way here.
    fn fits(&self, r: &Recorded) -> bool {
        let b = &self.budget;
        (r.reads.is_some() || !self.modulepath.records())
            && self.matches == r.matches_at
            && self.steps + r.steps <= STEP_BUDGET
            && b.steps + r.total_steps <= b.total_steps
            && (b.built + r.built).saturating_add(MAX_VALUE_ROOM) <= SIZE_BUDGET
            && b.declared + r.declared < b.max_declared
            && self.depth + r.depth_above < MAX_DEPTH
            && b.depth + r.expr_depth_above < MAX_EXPR_DEPTH
            && r.fresh
                .iter()
                .all(|c| !self.declared_classes.contains_key(c))
            && r.needs.names.iter().all(|n| {
                self.locals.class(n).is_none()
                    && self.locals.define(n).is_none()
                    && self.locals.function(n).is_none()
            })
            && r.needs
                .instances
                .iter()
                .all(|i| !self.active_instances.contains(i))
            && r.needs
                .unscoped_classes
                .iter()
                .all(|c| !self.class_scopes.contains_key(c))
            && r.needs
                .declared
                .iter()
                .all(|(c, complete)| self.declared_classes.get(c) == Some(complete))
            && r.needs
                .class_values
                .iter()
                .all(|(c, var, v)| match (self.class_scopes.get(c), v) {
                    (Some(&scope), Some(v)) => self
                        .class_variable(scope, var)
                        .is_some_and(|now| same_value(now, v)),
                    (Some(&scope), None) => self.class_variable(scope, var).is_none(),
                    (None, _) => false,
                })
            && self.scopes.first().is_some_and(|top| {
                r.needs.top_absent.iter().all(|n| !top.vars.contains_key(n))
                    && r.needs
                        .top_values
                        .iter()
                        .all(|(n, v)| top.vars.get(n).is_some_and(|now| same_value(now, v)))
            })
    }

    /// Leaves the root as evaluating the recorded class would have.
    fn replay(&mut self, r: &Recorded) {
        // What an enclosing recording must know of this one.
        for rec in &mut self.recorders {
            rec.fresh.extend(r.fresh.iter().cloned());
            rec.needs.names.extend(r.needs.names.iter().cloned());
            rec.needs
                .top_absent
                .extend(r.needs.top_absent.iter().cloned());
            rec.needs
                .top_values
                .extend(r.needs.top_values.iter().cloned());
            rec.needs
                .unscoped_classes
                .extend(r.needs.unscoped_classes.iter().cloned());
            rec.needs.types.extend(r.needs.types.iter().cloned());
            rec.needs
                .instances
                .extend(r.needs.instances.iter().cloned());
            rec.needs
                .class_values
                .extend(r.needs.class_values.iter().cloned());
            rec.needs.declared.extend(r.needs.declared.iter().cloned());
        }
        self.depth_seen = self.depth_seen.max(self.depth + r.depth_above);
        self.budget.depth_seen = self
            .budget
            .depth_seen
            .max(self.budget.depth + r.expr_depth_above);
        // The aliases it loaded.
        for name in &r.needs.types {
            let _ = self.resolve_type(name);
        }
        let scope_base = self.scopes.len();
        let scope = |i: usize| {
            if i >= r.scopes_at {
                i - r.scopes_at + scope_base
            } else {
                i
            }
        };
        for s in &r.scopes {
            self.scopes.push(Scope {
                vars: s.vars.clone(),
                parent: s.parent.map(scope),
            });
        }
        let (cond_base, instance_base, current) = (self.next_cond, self.instances, self.instance);
        // Conditions and instances numbered after the recording's start are its own.
        let cond = |c: u32| {
            if c > r.next_cond_at {
                c - r.next_cond_at + cond_base
            } else {
                c
            }
        };
        let prefix = self.path_cond.clone();
        let path = |p: &PathCond| -> PathCond {
            let mut out = prefix.clone();
            out.extend(p.iter().skip(r.path_at).map(|&(c, b)| (cond(c), b)));
            out
        };
        let instance = |i: u32| {
            if i > r.instances_at {
                i - r.instances_at + instance_base
            } else if i == r.instance_at {
                current
            } else {
                i
            }
        };
        let decl = |d: &Decl| Decl {
            span: d.span,
            path: path(&d.path),
            expr: d.expr,
            literal: d.literal,
            origin: d.origin.clone(),
            instance: instance(d.instance),
        };
        for op in &r.ops {
            match op {
                Op::Declared(key, complete) => self.set_declared(key.clone(), *complete),
                Op::ClassPath(key, p) => self.push_class_path(key.clone(), path(p)),
                Op::ClassDecl(key, d) => self.push_class_decl(key.clone(), decl(d)),
                Op::ClassScope(key, s) => self.set_class_scope(key.clone(), scope(*s)),
                Op::Resource(key, d) => self.add_resource(key.clone(), decl(d), None),
                Op::Virtual(key) => self.add_virtual(key.clone()),
            }
        }
        self.next_cond += r.conds;
        self.instances += r.instances;
        self.steps += r.steps;
        self.budget.steps += r.total_steps;
        self.budget.built += r.built;
        self.open |= r.open;
        self.matches = r.matches_after.clone();
        if let Some(reads) = &r.reads {
            self.modulepath.replay_reads(reads);
        }
    }

    /// Notes `op` for the recordings being made.
    pub(super) fn journal(&mut self, op: impl FnOnce() -> Op) {
        if !self.recorders.is_empty() {
            self.journal.push(op());
        }
    }

    /// Notes that the recordings being made depend on what they cannot replay.
    pub(super) fn poison(&mut self, why: &'static str) {
        for r in &mut self.recorders {
            r.poisoned.get_or_insert(why);
        }
    }

    /// Notes a class declared anew.
    pub(super) fn note_fresh_class(&mut self, key: &str) {
        for r in &mut self.recorders {
            r.fresh.insert(key.to_string());
        }
    }

    /// Notes that class `key`, declared already, was declared again.
    pub(super) fn note_declared_again(&mut self, key: &str) {
        let complete = self.declared_classes.get(key) == Some(&true);
        for r in &mut self.recorders {
            if !r.fresh.contains(key) && !r.needs.declared.iter().any(|(c, _)| c == key) {
                r.needs.declared.push((key.to_string(), complete));
            }
        }
    }

    /// Notes `name` looked up among the file's own definitions (`found`: it is one).
    pub(super) fn note_local_name(&mut self, name: &str, found: bool) {
        if found {
            self.poison("a definition of the file");
        }
        for r in &mut self.recorders {
            if !r.needs.names.contains(name) {
                r.needs.names.insert(name.to_string());
            }
        }
    }

    /// Notes a variable read in scope `scope` (`value`: found there; `None`: looked for in
    /// top scope and absent).
    pub(super) fn note_scope_read(&mut self, scope: usize, name: &str, value: Option<&Value>) {
        for r in &mut self.recorders {
            if scope >= r.scopes {
                continue;
            }
            if scope != 0 {
                r.poisoned.get_or_insert("a scope of the root");
                continue;
            }
            match value {
                None => {
                    if !r.needs.top_absent.contains(name) {
                        r.needs.top_absent.insert(name.to_string());
                    }
                }
                Some(v) => r.needs.top_values.push((name.to_string(), v.clone())),
            }
        }
    }

    /// Notes the variable `var` of class `class` read (`scope`: the class's scope; `value`:
    /// what it is there).
    pub(super) fn note_class_variable(
        &mut self,
        class: &str,
        var: &str,
        scope: Option<usize>,
        value: Option<&Value>,
    ) {
        for r in &mut self.recorders {
            match scope {
                None => {
                    if !r.needs.unscoped_classes.contains(class) {
                        r.needs.unscoped_classes.insert(class.to_string());
                    }
                }
                Some(s) if s < r.scopes => {
                    r.needs
                        .class_values
                        .push((class.to_string(), var.to_string(), value.cloned()));
                }
                Some(_) => {}
            }
        }
    }

    /// Notes the defined type instance `active` (`type[title]`) declared: a recording
    /// that started inside an instance of that name cannot be replayed (the instance is
    /// not entered again there, and may be elsewhere).
    pub(super) fn note_instance(&mut self, active: &str) {
        let outer = |r: &Recorder, all: &[String]| {
            all.get(..r.active)
                .is_some_and(|o| o.iter().any(|a| a == active))
        };
        for i in 0..self.recorders.len() {
            let hit = self
                .recorders
                .get(i)
                .is_some_and(|r| outer(r, &self.active_instances));
            if let Some(r) = self.recorders.get_mut(i) {
                if hit {
                    r.poisoned.get_or_insert("an instance being evaluated");
                } else if !r.needs.instances.contains(active) {
                    r.needs.instances.insert(active.to_string());
                }
            }
        }
    }

    /// Notes a type name resolved.
    pub(super) fn note_type(&mut self, name: &str) {
        for r in &mut self.recorders {
            if !r.needs.types.contains(name) {
                r.needs.types.insert(name.to_string());
            }
        }
    }

    /// Whether a class, defined type, function or lambda nests too deeply to be entered
    /// (noting the depth reached, for recordings).
    pub(super) fn too_deep(&mut self) -> bool {
        if self.depth > self.depth_seen {
            self.depth_seen = self.depth;
        }
        self.depth >= MAX_DEPTH
    }

    pub(super) fn set_declared(&mut self, key: String, complete: bool) {
        self.journal(|| Op::Declared(key.clone(), complete));
        self.declared_classes.insert(key, complete);
    }

    /// Notes a declaration of class `key` under `path` (not when its last one was under
    /// the same branches: a loop declaring it again adds nothing).
    pub(super) fn push_class_path(&mut self, key: String, path: PathCond) {
        if self.class_paths.get(&key).and_then(|p| p.last()) == Some(&path) {
            return;
        }
        self.journal(|| Op::ClassPath(key.clone(), path.clone()));
        self.class_paths.entry(key).or_default().push(path);
    }

    pub(super) fn push_class_decl(&mut self, key: String, decl: Decl) {
        self.journal(|| Op::ClassDecl(key.clone(), decl.clone()));
        self.class_decls.entry(key).or_default().push(decl);
    }

    pub(super) fn set_class_scope(&mut self, key: String, scope: usize) {
        self.journal(|| Op::ClassScope(key.clone(), scope));
        self.class_scopes.insert(key, scope);
    }

    pub(super) fn add_virtual(&mut self, key: ResourceKey) {
        self.journal(|| Op::Virtual(key.clone()));
        self.virtuals.insert(key);
    }
}

/// Room left for one more value of the largest size, so no value is cut short by the
/// evaluation's size budget during a recording or its replay.
const MAX_VALUE_ROOM: u64 = super::budget::MAX_VALUE_SIZE;
