//! What the files of one run define, for the checks that look across files: the defined
//! types (`define name(...)`) with their parameters, and the resource types that resource
//! defaults, overrides or collectors set attributes on anywhere (their instances may get
//! values from there, so a missing parameter is not certain).
//!
//! `rein check` builds one project from every file it checks (files are parsed once, then
//! checked against the whole project); a file checked on its own is its own project.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use super::class_memo::ClassMemo;
use super::module_store::ModuleStore;
use super::probes::Probes;
use super::reads::Recorder;
use super::regex::RunRegexes;
use crate::eval::names::trim_colons;
use crate::syntax::visit::{for_each_child, for_each_top_statement, has_children};
use crate::syntax::{Expr, ExprKind, Parameter, Program};

/// One parameter of a defined type.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Param {
    pub name: String,
    /// Has a default value (so it is not required).
    pub has_default: bool,
    /// `*$rest`.
    pub captures_rest: bool,
}

/// A defined type.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Define {
    pub name: String,
    pub params: Vec<Param>,
}

impl Define {
    /// The defined type `d` as the project records it.
    pub fn of(d: &crate::syntax::DefineDef) -> Define {
        Define {
            name: trim_colons(&d.name).to_ascii_lowercase(),
            params: d.params.iter().map(param).collect(),
        }
    }

    /// The parameter named `name`.
    pub fn param(&self, name: &str) -> Option<&Param> {
        self.params.iter().find(|p| p.name == name)
    }
}

/// The definitions of a set of files.
#[derive(Debug, Default)]
pub struct Project {
    /// Defined types by lower-case name; `None` when the name is defined more than once
    /// (two copies of a module: which one Puppet would load is not known).
    defines: HashMap<String, Option<Define>>,
    /// Lower-case names of the types that defaults, overrides or collectors give attributes.
    defaulted: HashSet<String>,
    /// Lower-case names of the classes defined (nested ones included).
    classes: HashSet<String>,
    /// Lower-case names of the functions written in Puppet.
    functions: HashSet<String>,
    /// The module path given to the run (`--modulepath`); empty: each file's own.
    pub modulepath: Vec<std::path::PathBuf>,
    /// The paths the run checks (the deep checks read modules only inside them, unless
    /// given a module path).
    pub roots: Vec<std::path::PathBuf>,
    /// `--allow-outside-modulepath`: an environment's `modulepath` entries that leave it
    /// (`../shared`) are read too.
    pub allow_outside_modulepath: bool,
    /// What the deep checks have read from the module path (shared by the run's files and
    /// threads; its owner decides how long it lives).
    pub store: Arc<ModuleStore>,
    /// Where each file's evaluation records what it reads, when the run wants to know.
    pub reads: Option<Arc<Recorder>>,
    /// `roots` made canonical (those that exist), on first use.
    canonical_roots: OnceLock<HashSet<std::path::PathBuf>>,
    /// The run's answers about directories (whether one exists, where it really is).
    pub probes: Probes,
    /// The regexps the run's evaluations have compiled.
    pub regexes: Arc<RunRegexes>,
    /// The run's recorded evaluations of module-path classes.
    pub memo: ClassMemo,
}

/// The definitions of a project as plain data, sorted (to store, compare and digest).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Definitions {
    defines: Vec<(String, Option<Define>)>,
    defaulted: Vec<String>,
    classes: Vec<String>,
}

fn param(p: &Parameter) -> Param {
    Param {
        name: p.name.name.clone(),
        has_default: p.default.is_some(),
        captures_rest: p.captures_rest,
    }
}

/// The lower-case type name a `File`, `Foo::Bar` or `Resource['foo']`-less reference names.
fn reference_name(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::QualifiedReference(n) => Some(n.to_ascii_lowercase()),
        ExprKind::Access { .. } => {
            let mut first = None;
            for_each_child(e, &mut |c, _| {
                if first.is_none() {
                    first = Some(reference_name(c));
                }
            });
            first.flatten()
        }
        _ => None,
    }
}

impl Project {
    /// The project of one program.
    pub fn of(program: &Program) -> Project {
        let mut p = Project::default();
        p.add(program);
        p
    }

    /// Adds the definitions of `program`.
    pub fn add(&mut self, program: &Program) {
        for_each_top_statement(program, &mut |stmt, _| {
            if let ExprKind::Define(d) = &stmt.kind {
                let name = trim_colons(&d.name).to_ascii_lowercase();
                let define = Define {
                    name: name.clone(),
                    params: d.params.iter().map(param).collect(),
                };
                self.defines
                    .entry(name)
                    .and_modify(|seen| *seen = None)
                    .or_insert(Some(define));
            }
            self.walk(stmt);
        });
    }

    /// Whether some file of the run defines class `name` (any case).
    pub fn class(&self, name: &str) -> bool {
        self.classes
            .contains(&trim_colons(name).to_ascii_lowercase())
    }

    /// Records what `e` and the expressions in it define (iteratively: the code may nest
    /// deeper than the stack allows; only expressions with children of their own wait on
    /// the stack, never a string's million variables).
    fn walk(&mut self, e: &Expr) {
        self.record(e);
        let mut stack = vec![e];
        while let Some(e) = stack.pop() {
            for_each_child(e, &mut |c, _| {
                self.record(c);
                if has_children(c) {
                    stack.push(c);
                }
            });
        }
    }

    /// Records what `e` itself defines.
    fn record(&mut self, e: &Expr) {
        let target = match &e.kind {
            ExprKind::ResourceDefaults(d) => reference_name(&d.type_ref),
            ExprKind::ResourceOverride(o) => reference_name(&o.resources),
            ExprKind::Collect(c) if !c.ops.is_empty() => reference_name(&c.type_expr),
            _ => None,
        };
        if let Some(t) = target {
            self.defaulted.insert(t);
        }
        match &e.kind {
            ExprKind::Class(c) => {
                self.classes
                    .insert(trim_colons(&c.name).to_ascii_lowercase());
            }
            ExprKind::Function(f) => {
                self.functions
                    .insert(trim_colons(&f.name).to_ascii_lowercase());
            }
            _ => {}
        }
    }

    /// The paths the run checks, canonical (each resolved once, each directory once
    /// through the run's probes; the ones that do not exist left out).
    pub fn canonical_roots(&self) -> &HashSet<std::path::PathBuf> {
        self.canonical_roots.get_or_init(|| {
            self.roots
                .iter()
                .filter_map(|r| self.probes.canonical(r))
                .collect()
        })
    }

    /// The definitions, as plain data.
    pub fn definitions(&self) -> Definitions {
        let mut defines: Vec<(String, Option<Define>)> = self
            .defines
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        defines.sort_by(|a, b| a.0.cmp(&b.0));
        let mut defaulted: Vec<String> = self.defaulted.iter().cloned().collect();
        defaulted.sort();
        let mut classes: Vec<String> = self.classes.iter().cloned().collect();
        classes.sort();
        Definitions {
            defines,
            defaulted,
            classes,
        }
    }

    /// The project with the definitions `d` (as [`Project::definitions`] gave them).
    pub fn from_definitions(d: Definitions) -> Project {
        Project {
            defines: d.defines.into_iter().collect(),
            defaulted: d.defaulted.into_iter().collect(),
            classes: d.classes.into_iter().collect(),
            ..Project::default()
        }
    }

    /// Merges `other` into this project.
    pub fn merge(&mut self, other: Project) {
        for (name, d) in other.defines {
            self.defines
                .entry(name)
                .and_modify(|seen| *seen = None)
                .or_insert(d);
        }
        self.defaulted.extend(other.defaulted);
        self.classes.extend(other.classes);
        self.functions.extend(other.functions);
    }

    /// Whether some file of the run defines the defined type `name` (any case), once or
    /// more.
    pub fn has_define(&self, name: &str) -> bool {
        self.defines
            .contains_key(&trim_colons(name).to_ascii_lowercase())
    }

    /// Whether some file of the run defines the Puppet function `name` (any case).
    pub fn function(&self, name: &str) -> bool {
        self.functions
            .contains(&trim_colons(name).to_ascii_lowercase())
    }

    /// The defined type named `name` (any case), when exactly one file defines it.
    pub fn define(&self, name: &str) -> Option<&Define> {
        self.defines
            .get(&trim_colons(name).to_ascii_lowercase())?
            .as_ref()
    }

    /// Whether resource defaults, overrides or collectors anywhere set attributes of the
    /// type `name`.
    pub fn has_defaults_for(&self, name: &str) -> bool {
        self.defaulted
            .contains(&trim_colons(name).to_ascii_lowercase())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(src: &str) -> Project {
        let parsed = crate::syntax::parse(src);
        assert!(!parsed.has_errors(), "{src}");
        Project::of(&parsed.program)
    }

    #[test]
    fn defines_and_their_parameters() {
        let p =
            project("define m::d(String $a, $b = 1, *$rest) {}\nclass c { M::D { a => 'x' } }\n");
        let d = p.define("M::D").map(|d| d.params.clone());
        assert_eq!(
            d,
            Some(vec![
                Param {
                    name: "a".into(),
                    has_default: false,
                    captures_rest: false
                },
                Param {
                    name: "b".into(),
                    has_default: true,
                    captures_rest: false
                },
                Param {
                    name: "rest".into(),
                    has_default: false,
                    captures_rest: true
                },
            ])
        );
        assert!(p.has_defaults_for("m::d"));
        assert!(!p.has_defaults_for("file"));
        assert!(p.define("other").is_none());
    }

    #[test]
    fn a_name_defined_twice_is_unknown() {
        let mut p = project("define d($a) {}\n");
        p.merge(project("define d($b) {}\n"));
        assert!(p.define("d").is_none());
    }

    #[test]
    fn overrides_and_collectors_count_as_defaults() {
        let p = project("D['x'] { a => 1 }\nE <| |> { a => 1 }\nF <| |>\n");
        assert!(p.has_defaults_for("d") && p.has_defaults_for("e"));
        assert!(!p.has_defaults_for("f"));
    }
}
