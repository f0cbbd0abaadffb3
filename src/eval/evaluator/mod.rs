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
//!
//! The parts: [`state`] (the evaluator's state, scopes, branches and budgets), [`findings`]
//! (what evaluation finds; a root keeps each finding once), [`locals`]
//! (the file's own definitions), [`expressions`], [`variables`], [`conditionals`] (`case`
//! and selectors), [`typing`] (types and typed values), [`calls`] (functions), [`classes`]
//! and [`resources`] (declarations and references), [`templates`] (calls of templates).
//! This module evaluates a file: its
//! main manifest and each of its definitions on its own, each a root.

mod budget;
mod calls;
mod catalog;
mod classes;
mod conditionals;
mod expressions;
mod findings;
mod locals;
mod manifests;
mod memo;
mod recording;
mod resources;
mod state;
mod templates;
mod typing;
mod variables;

use std::collections::HashSet;
use std::sync::Arc;

use self::budget::Budget;
pub use self::findings::{Finding, Place, Related};
use self::locals::{collect_locals, is_definition, Locals};
use self::manifests::Manifests;
pub use self::state::Options;
use self::state::{capitalize, Evaluator, Flow, RefKind, ResourceKey};
use crate::eval::regex::Regexes;
use crate::eval::types::{Aliases, PType};
use crate::eval::value::Value;
use crate::syntax::{ExprKind, Program, Span};

/// Evaluates a file's `program` and returns what its evaluation finds.
pub fn evaluate(program: &Program, options: &Options<'_>) -> Vec<Finding> {
    evaluate_within(program, options, Budget::default())
}

/// [`evaluate`] with the budget `budget` for all its roots.
fn evaluate_within(program: &Program, options: &Options<'_>, budget: Budget) -> Vec<Finding> {
    let modulepath = options.module_path;
    let mut locals = Locals::default();
    collect_locals(&program.body, &mut locals);
    let mut aliases = Aliases::default();
    let mut out: Vec<Finding> = Vec::new();
    let regexes = Regexes::sharing(options.project.regexes.clone());
    let manifests = Manifests::default();
    let mut ev = Evaluator::new(options, modulepath, &locals, &regexes, &manifests);
    ev.budget = budget;
    // Aliases first: parameter types may use them.
    for (name, value) in &locals.aliases {
        let t = ev.type_of_expr(value);
        aliases.insert(name.clone(), t);
    }
    let aliases = Arc::new(aliases);
    ev.set_aliases(aliases.clone());

    // The main manifest.
    let has_code = program.body.iter().any(|s| !is_definition(s));
    if has_code {
        ev.root_main(program);
        out = ev.finish_root(true);
    }
    // One budget for all the roots; the main manifest's catalog is not needed past here.
    let mut budget = std::mem::take(&mut ev.budget);
    drop(ev);
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
        let mut ev = Evaluator::new(options, modulepath, &locals, &regexes, &manifests);
        ev.set_aliases(aliases.clone());
        ev.budget = budget;
        match kind {
            Kind::Class => ev.root_class(&name),
            Kind::Define => ev.root_define(&name),
            Kind::Function => ev.root_function(&name),
        }
        out.append(&mut ev.finish_root(false));
        budget = std::mem::take(&mut ev.budget);
    }
    in_order_once(&mut out);
    // Grown by doubling: kept at its size (held while the rules run).
    out.shrink_to_fit();
    out
}

/// Sorts the findings of all the roots by place and rule (keeping the order they were
/// reported in otherwise), and keeps the same finding from several roots once, an error
/// winning over its warning form. Two findings that are the same have the same rule and
/// start, so they end up next to each other: each run of those is compared on its own,
/// without copying a message (a big file has a finding per line or more).
fn in_order_once(out: &mut Vec<Finding>) {
    // Stable (the order reported breaks ties); a single root's findings nearly always
    // come in order already: those are left as they are, without the sort's scratch
    // buffer of half of them.
    if !out.is_sorted_by_key(|f| (f.span.start, f.rule)) {
        out.sort_by_key(|f| (f.span.start, f.rule));
    }
    let mut keep = vec![true; out.len()];
    let mut start = 0;
    while start < out.len() {
        let key = |f: &Finding| (f.span.start, f.rule);
        let end = start
            + out[start..]
                .iter()
                .take_while(|f| key(f) == key(&out[start]))
                .count();
        let run = &out[start..end];
        if run.len() > 1 {
            let errors: HashSet<Span> = run.iter().filter(|f| !f.warning).map(|f| f.span).collect();
            let mut seen: HashSet<(Span, &str)> = HashSet::new();
            for (i, f) in run.iter().enumerate() {
                keep[start + i] = (!f.warning || !errors.contains(&f.span))
                    && seen.insert((f.span, f.message.as_str()));
            }
        }
        start = end;
    }
    let mut keep = keep.into_iter();
    out.retain(|_| keep.next().unwrap_or(true));
}

#[derive(Clone, Copy)]
enum Kind {
    Class,
    Define,
    Function,
}

impl<'a> Evaluator<'a> {
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
        let title = Value::unknown(PType::string());
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
        if main && !self.open && !self.budget.out_of_steps(self.steps) {
            let refs = std::mem::take(&mut self.references);
            for r in refs {
                let key = ResourceKey::new(&r.type_name, &r.title);
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
                    self.findings
                        .push(Finding::new("undeclared_resource", r.span, message, false));
                }
            }
        }
        self.findings.take()
    }
}

#[cfg(test)]
mod tests;
