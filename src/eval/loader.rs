//! Finds and parses the code a manifest refers to on the module path, as Puppet's
//! autoloader does: class and defined type `a::b::c` in `<modulepath>/a/manifests/b/c.pp`
//! (`a` in `a/manifests/init.pp`), function `a::f` in `a/functions/f.pp`, type alias
//! `A::T` in `a/types/t.pp`, custom resource types in `a/lib/puppet/type/<name>.rb`.
//!
//! The module path is what the run was given (`--modulepath`), else the directory that
//! holds the checked file's module. A module directory may be named after the module
//! (`apache`) or, as in a release tarball or a Debian package, `author-module`
//! (`puppetlabs-apache`). What is read is kept in the run's [`ModuleStore`].

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::custom_types::CustomType;
use super::module_store::{Loaded, ModuleIndex, ModuleStore, RubyFiles, RubyIndex};
use super::probes::Probes;
use super::project::Project;
use super::reads::{Read, ReadLog};
use crate::eval::names::trim_colons;
use crate::syntax::Program;

/// The module root (the directory holding `manifests/`) of a file below `manifests/`,
/// `functions/`, `types/`, `plans/`, `examples/` or `tests/` of a module; directories
/// asked about through the run's `probes`.
pub fn module_root(file: &Path, probes: &Probes) -> Option<PathBuf> {
    for a in file.ancestors().skip(1) {
        let name = a.file_name()?.to_str()?;
        if matches!(
            name,
            "manifests" | "functions" | "types" | "plans" | "examples" | "tests"
        ) {
            let root = a.parent()?;
            if probes.is_dir(&root.join("manifests")) || root.join("metadata.json").is_file() {
                return Some(root.to_path_buf());
            }
        }
    }
    None
}

/// The module's name from its directory name (`puppetlabs-apache` → `apache`).
pub fn module_name(root: &Path) -> Option<String> {
    let dir = root.file_name()?.to_str()?;
    let name = dir.rsplit('-').next().unwrap_or(dir);
    valid_module_name(name).then(|| name.to_string())
}

fn valid_module_name(name: &str) -> bool {
    name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Where the evaluator looks for modules.
#[derive(Clone, Debug, Default)]
pub struct ModulePath {
    /// The directories holding module directories.
    pub dirs: Vec<PathBuf>,
    /// The checked file's own module (name and root), found from its path alone.
    pub own: Option<(String, PathBuf)>,
    /// What has been read from the module path (the run's).
    pub store: Arc<ModuleStore>,
    /// `dirs` and `own` as one string: the key of this module path's answers in the store.
    key: String,
    /// The length of the part of `key` that names `dirs` (the key of what they hold).
    dirs_key: usize,
    /// Where what is read is recorded, when the run records it.
    log: Option<Arc<ReadLog>>,
}

impl ModulePath {
    /// The module path searching `dirs` after the module `own`, reading through `store`.
    pub fn new(
        dirs: Vec<PathBuf>,
        own: Option<(String, PathBuf)>,
        store: Arc<ModuleStore>,
    ) -> ModulePath {
        let key = format!("{dirs:?}\0{own:?}");
        let dirs_key = key.find('\0').unwrap_or(key.len());
        ModulePath {
            dirs,
            own,
            store,
            key,
            dirs_key,
            log: None,
        }
    }

    /// Records what is read in `log` from now on.
    pub fn recording(mut self, log: Option<Arc<ReadLog>>) -> ModulePath {
        self.log = log;
        self
    }

    /// Records `read` as read through this module path (by a caller reading on its own).
    pub fn note(&self, read: Read) {
        self.record(|| read);
    }

    /// This module path's key: the same for every file with the same directories and own
    /// module (their evaluations read the same things).
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Starts capturing what is read (see [`ReadLog::begin_capture`]); `None` when nothing
    /// is recorded.
    pub fn begin_capture(&self) -> Option<usize> {
        self.log.as_ref().map(|l| l.begin_capture())
    }

    /// What was read since `mark` (see [`ReadLog::end_capture`]).
    pub fn end_capture(&self, mark: Option<usize>) -> Option<Vec<Read>> {
        Some(self.log.as_ref()?.end_capture(mark?))
    }

    /// Whether what is read is recorded.
    pub fn records(&self) -> bool {
        self.log.is_some()
    }

    /// Records `reads` again, as read through this module path.
    pub fn replay_reads(&self, reads: &[Read]) {
        if let Some(log) = &self.log {
            log.replay(reads);
        }
    }

    fn record(&self, read: impl FnOnce() -> Read) {
        if let Some(log) = &self.log {
            log.record(read());
        }
    }

    /// Records the Ruby files (`facts`: the custom facts) of every module on the path.
    fn record_all(&self, facts: bool) {
        if let Some(log) = &self.log {
            log.record_once(facts, || {
                let own = self.own.as_ref().map(|(_, root)| root.clone());
                if facts {
                    Read::AllFacts(self.dirs.clone(), own)
                } else {
                    Read::AllRuby(self.dirs.clone(), own)
                }
            });
        }
    }

    /// The module path for `file` in `project`: the project's module path when it has one;
    /// else the directory above the file's module when that directory is inside one of the
    /// project's checked roots (rein reads no file outside the tree it checks unless told
    /// to). The file's own module is always searched first.
    pub fn for_file(file: &Path, project: &Project) -> ModulePath {
        let (given, store) = (&project.modulepath, &project.store);
        let roots = project.canonical_roots();
        // `manifests/site.pp` has the ancestor `.`, not an empty path.
        let anchored;
        let file = if file.is_relative() && !file.starts_with(".") && !file.starts_with("..") {
            anchored = Path::new(".").join(file);
            anchored.as_path()
        } else {
            file
        };
        let own = file
            .ancestors()
            .skip(1)
            .find(|a| a.file_name().is_some_and(|n| n == "manifests"))
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .or_else(|| module_root(file, &project.probes))
            .and_then(|root| Some((module_name(&root)?, root)));
        if !given.is_empty() {
            return ModulePath::new(given.to_vec(), own, store.clone());
        }
        // A control repo (an environment): its `environment.conf`'s module path, or its
        // `site/` and `modules/`.
        let probes = &project.probes;
        if let Some(env) = file
            .ancestors()
            .skip(1)
            .find(|a| is_environment(a, store, probes))
        {
            if inside(env, roots, probes) {
                let own = own.filter(|(_, root)| root != env);
                let dirs = environment_modulepath(env, project.allow_outside_modulepath);
                return ModulePath::new(dirs, own, store.clone());
            }
        }
        let dirs = module_root(file, probes)
            .and_then(|r| r.parent().map(Path::to_path_buf))
            .filter(|dir| inside(dir, roots, probes))
            .into_iter()
            .collect();
        ModulePath::new(dirs, own, store.clone())
    }

    /// The root of module `name`, if one of the directories holds it.
    pub fn module(&self, name: &str) -> Option<PathBuf> {
        if !valid_module_name(name) {
            return None;
        }
        if let Some((own, root)) = &self.own {
            if own == name {
                return Some(root.clone());
            }
        }
        self.dirs
            .iter()
            .find_map(|dir| self.modules_in(dir).get(name).cloned())
    }

    /// The modules in `dir`, by module name (read once per store).
    fn modules_in(&self, dir: &Path) -> Arc<ModuleIndex> {
        self.record(|| Read::Modules(dir.to_path_buf()));
        self.store.modules_in(dir, || scan(dir))
    }

    /// The manifest `path`, parsed once per store (`None` when it cannot be read or does
    /// not parse cleanly).
    pub fn load(&self, path: &Path) -> Option<Arc<Loaded>> {
        self.record(|| Read::File(path.to_path_buf()));
        self.store.load(path)
    }

    /// Whether `path` is a file, asked of the file system once per store.
    pub fn is_file(&self, path: &Path) -> bool {
        self.record(|| Read::File(path.to_path_buf()));
        self.store.is_file(path)
    }

    /// Whether the module path is known (there is somewhere to look).
    pub fn is_known(&self) -> bool {
        !self.dirs.is_empty() || self.own.is_some()
    }

    /// The file that must define class or defined type `name` (`a::b` →
    /// `a/manifests/b.pp`), when module `a` is on the module path.
    pub fn manifest_for(&self, name: &str) -> Option<PathBuf> {
        let mut parts = trim_colons(name).split("::");
        let module = parts.next()?;
        let root = self.module(module)?;
        let rest: Vec<&str> = parts.collect();
        Some(pp_file(root.join("manifests"), &rest))
    }

    /// The names that module `module`'s manifests would define by their paths
    /// (`apache`, `apache::mod::ssl`, ...), for suggestions.
    pub fn manifest_names(&self, module: &str) -> Vec<String> {
        match self.module(module) {
            Some(root) => {
                self.record(|| Read::Names(root.clone()));
                manifest_names_in(&root, module)
            }
            None => Vec::new(),
        }
    }

    /// The file of function or type alias `name` in the module's `functions/` or `types/`.
    pub fn autoload_file(&self, name: &str, dir: &str) -> Option<PathBuf> {
        let lower = trim_colons(name).to_ascii_lowercase();
        let mut parts = lower.split("::");
        let module = parts.next()?;
        let root = self.module(module)?;
        let rest: Vec<&str> = parts.collect();
        if rest.is_empty() {
            return None;
        }
        Some(pp_file(root.join(dir), &rest))
    }

    /// Whether some module on the path has a Ruby function `name` (`lib/puppet/functions`
    /// or the 3.x API's `lib/puppet/parser/functions`).
    pub fn has_ruby_function(&self, name: &str) -> bool {
        self.record_all(false);
        self.cached("function", name, |mp| mp.find_ruby_function(name))
    }

    fn find_ruby_function(&self, name: &str) -> bool {
        let lower = trim_colons(name).to_ascii_lowercase();
        let legacy = !lower.contains("::");
        let own = self.own_ruby();
        let index = self.ruby_index();
        own.functions.contains(&lower)
            || index.functions.contains(&lower)
            || (legacy
                && (own.legacy_functions.contains(&lower)
                    || index.legacy_functions.contains(&lower)))
    }

    /// The Ruby files of the checked file's own module (none outside a module).
    fn own_ruby(&self) -> Arc<RubyFiles> {
        match &self.own {
            Some((_, root)) => self.ruby_files(root),
            None => Arc::default(),
        }
    }

    /// The Ruby files of the modules of the path's directories, merged (once per store
    /// for a list of directories; their modules' roots in the order [`Self::all_modules`]
    /// searches them).
    fn ruby_index(&self) -> Arc<RubyIndex> {
        self.record_modules();
        let key = self.key.get(..self.dirs_key).unwrap_or(&self.key);
        self.store.ruby_index(key, || {
            let mut index = RubyIndex::default();
            for root in self.dir_roots() {
                let ruby = self.ruby_files(&root);
                index.functions.extend(ruby.functions.iter().cloned());
                index
                    .legacy_functions
                    .extend(ruby.legacy_functions.iter().cloned());
                for t in &ruby.types {
                    if !index.types.contains_key(t) {
                        index.types.insert(t.clone(), root.clone());
                    }
                }
            }
            index
        })
    }

    /// The module root of the custom type `name`: the own module's, else the first of the
    /// directories' modules that has it.
    fn custom_type_root(&self, name: &str) -> Option<PathBuf> {
        if let Some((_, root)) = self
            .own
            .as_ref()
            .filter(|_| self.own_ruby().types.contains(name))
        {
            return Some(root.clone());
        }
        self.ruby_index().types.get(name).cloned()
    }

    /// The Ruby files of the module at `root` (listed once per store).
    fn ruby_files(&self, root: &Path) -> Arc<RubyFiles> {
        self.store.ruby_files(root, || scan_ruby(root))
    }

    /// Whether some module on the path has a custom resource type `name`.
    pub fn has_custom_type(&self, name: &str) -> bool {
        self.record_all(false);
        self.cached("type", name, |mp| mp.find_custom_type(name))
    }

    /// `find(self)`, remembered in the store by kind, module path and name.
    fn cached(&self, kind: &str, name: &str, find: impl FnOnce(&Self) -> bool) -> bool {
        // Built by pushing (no formatting machinery): asked for at every resource declared.
        let mut key = String::with_capacity(kind.len() + self.key.len() + name.len() + 2);
        for part in [kind, "\0", &self.key, "\0", name] {
            key.push_str(part);
        }
        self.store.answer(&key, || find(self))
    }

    /// The file of custom type `name` in the first module on the path that has one.
    pub fn custom_type_file(&self, name: &str) -> Option<PathBuf> {
        self.record_all(false);
        self.record_modules();
        let key = format!("{}\0{name}", self.key);
        self.store.type_file(&key, || {
            self.custom_type_root(name)
                .map(|root| root.join("lib/puppet/type").join(format!("{name}.rb")))
        })
    }

    /// The custom type `name` of a module on the path (the checked file's own module
    /// first).
    pub fn custom_type(&self, name: &str) -> Option<Arc<CustomType>> {
        if !name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            return None;
        }
        let file = self.custom_type_file(name)?;
        self.record(|| Read::File(file.clone()));
        self.store.custom_type(&file, name)
    }

    fn find_custom_type(&self, name: &str) -> bool {
        self.custom_type_root(name).is_some()
    }

    /// Whether every module the checked file's own module depends on (its
    /// `metadata.json` `dependencies`) is on the path, so all the custom facts it may use
    /// are known. True without a `metadata.json`.
    pub fn dependencies_visible(&self) -> bool {
        let Some((_, root)) = &self.own else {
            return true;
        };
        self.record(|| Read::File(root.join("metadata.json")));
        for dir in &self.dirs {
            self.record(|| Read::Modules(dir.clone()));
        }
        self.cached("deps", &root.to_string_lossy(), |mp| {
            let Ok(text) = std::fs::read_to_string(root.join("metadata.json")) else {
                return true;
            };
            let Ok(meta) = serde_json::from_str::<serde_json::Value>(&text) else {
                return true;
            };
            let Some(deps) = meta.get("dependencies").and_then(|d| d.as_array()) else {
                return true;
            };
            deps.iter()
                .filter_map(|d| d.get("name").and_then(|n| n.as_str()))
                .all(|n| {
                    let name = n.rsplit(['/', '-']).next().unwrap_or(n);
                    mp.module(name).is_some()
                })
        })
    }

    /// Whether the code's dependencies are all known and on the path: a file outside any
    /// module, or a module whose `metadata.json` lists its dependencies (none, or only
    /// modules on the path). A module without a readable list may use any module.
    pub fn dependencies_known(&self) -> bool {
        let Some((_, root)) = &self.own else {
            return true;
        };
        let listed = self.cached("deps-listed", &root.to_string_lossy(), |_| {
            std::fs::read_to_string(root.join("metadata.json"))
                .ok()
                .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
                .is_some_and(|meta| meta.get("dependencies").is_some_and(|d| d.is_array()))
        });
        listed && self.dependencies_visible()
    }

    /// Whether a module on the path defines the custom fact `name` (`Facter.add(:name)` in
    /// `lib/facter/**/*.rb`).
    pub fn has_custom_fact(&self, name: &str) -> bool {
        self.record_all(true);
        self.record_modules();
        // Answered once per module path and name (a name is asked about once per lookup
        // of an undefined variable, and a path has many modules).
        self.cached("fact", name, |mp| mp.find_custom_fact(name))
    }

    fn find_custom_fact(&self, name: &str) -> bool {
        // Collected once per module (many module paths share a module).
        self.all_modules().iter().any(|root| {
            let facts = self.store.facts(&root.to_string_lossy(), || {
                let mut set = HashSet::new();
                collect_facts(&root.join("lib/facter"), &mut set, 0);
                set
            });
            facts.contains(name)
        })
    }

    /// Records the module index of every directory of the path (what [`Self::all_modules`]
    /// reads), also when an answer built from it is remembered.
    fn record_modules(&self) {
        for dir in &self.dirs {
            self.record(|| Read::Modules(dir.clone()));
        }
    }

    /// The module roots of the path in search order (listed once per store).
    fn all_modules(&self) -> Arc<Vec<PathBuf>> {
        self.record_modules();
        self.store.module_roots(&self.key, || {
            let mut out: Vec<PathBuf> = self.own.iter().map(|(_, r)| r.clone()).collect();
            out.extend(self.dir_roots());
            out
        })
    }

    /// The module roots of the path's directories, in search order.
    fn dir_roots(&self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for dir in &self.dirs {
            let mut roots: Vec<PathBuf> = self.modules_in(dir).values().cloned().collect();
            roots.sort();
            out.extend(roots);
        }
        out
    }
}

/// The manifest that the name segments `rest` (after the module's) stand for below `dir`
/// (`["b", "c"]` → `dir/b/c.pp`; none → `dir/init.pp`).
fn pp_file(mut dir: PathBuf, rest: &[&str]) -> PathBuf {
    match rest.split_last() {
        Some((last, parents)) => {
            for s in parents {
                dir.push(s);
            }
            dir.push(format!("{last}.pp"));
        }
        None => dir.push("init.pp"),
    }
    dir
}

/// Whether `dir` is a Puppet environment (a control repo): it has an `environment.conf`,
/// or a `manifests/` beside a `modules/` or `site/` directory.
/// Asked once per run (the run's `probes`).
pub(crate) fn is_environment(dir: &Path, store: &ModuleStore, probes: &Probes) -> bool {
    probes.is_environment(dir, || {
        store.is_file(&dir.join("environment.conf"))
            || (probes.is_dir(&dir.join("manifests"))
                && (probes.is_dir(&dir.join("modules")) || probes.is_dir(&dir.join("site"))))
    })
}

/// The module directories of environment `env`: the relative entries of its
/// `environment.conf`'s `modulepath` (`site:modules:$basemodulepath` gives `site`, `modules`),
/// else `site` and `modules`; an entry that leaves the environment (`../shared`, or a link
/// out of it) only when `allow_outside`.
pub(crate) fn environment_modulepath(env: &Path, allow_outside: bool) -> Vec<PathBuf> {
    let entries: Vec<String> = match listed_modulepath(env) {
        Some((_, listed)) => listed
            .into_iter()
            .filter(|e| allow_outside || !leaves(env, e))
            .collect(),
        None => vec!["site".into(), "modules".into()],
    };
    entries
        .into_iter()
        .map(|e| env.join(e))
        .filter(|d| d.is_dir())
        .collect()
}

/// The line of the `modulepath` setting of environment `env`'s `environment.conf` and its
/// relative entries (`$basemodulepath` and absolute paths left out), when it has one.
fn listed_modulepath(env: &Path) -> Option<(usize, Vec<String>)> {
    let conf = std::fs::read_to_string(env.join("environment.conf")).ok()?;
    conf.lines().enumerate().find_map(|(n, l)| {
        let (key, value) = l.split_once('=')?;
        let entries = value
            .split(':')
            .map(str::trim)
            .filter(|e| !e.is_empty() && !e.starts_with('$') && !e.starts_with('/'))
            .map(str::to_string)
            .collect();
        (key.trim() == "modulepath").then_some((n + 1, entries))
    })
}

/// Whether the module path entry `entry` of environment `env` is a directory outside it.
fn leaves(env: &Path, entry: &str) -> bool {
    match (env.join(entry).canonicalize(), env.canonicalize()) {
        (Ok(dir), Ok(env)) => !dir.starts_with(env),
        _ => false,
    }
}

/// The `modulepath` entries of environment `env` that leave it, as warnings naming them
/// (`ENV/environment.conf:LINE: ...`); none when `--allow-outside-modulepath` is given.
pub fn outside_modulepath(env: &Path) -> Vec<String> {
    let Some((line, listed)) = listed_modulepath(env) else {
        return Vec::new();
    };
    let conf = env.join("environment.conf");
    let shown = conf.strip_prefix(".").unwrap_or(&conf);
    listed
        .iter()
        .filter(|e| leaves(env, e))
        .map(|e| {
            format!(
                "{}:{line}: modulepath entry `{e}` is outside the environment; not read (--allow-outside-modulepath reads it)",
                shown.display()
            )
        })
        .collect()
}

/// The environment (control repo) that `file` belongs to, when it is inside the roots
/// (`roots`: the canonical roots, asked for only when an environment is met): its nearest
/// ancestor that is one. `envs` remembers the answer by directory.
pub fn environment_of(
    file: &Path,
    roots: &mut dyn FnMut() -> Arc<HashSet<PathBuf>>,
    store: &ModuleStore,
    envs: &mut HashMap<PathBuf, Option<PathBuf>>,
) -> Option<PathBuf> {
    // `manifests/site.pp` has the ancestor `.`, not an empty path.
    let anchored = if file.is_relative() && !file.starts_with(".") && !file.starts_with("..") {
        Path::new(".").join(file)
    } else {
        file.to_path_buf()
    };
    let mut below = Vec::new();
    let mut found = None;
    // Each directory is asked about once here: `envs` keeps the answers.
    let probes = Probes::default();
    for dir in anchored.ancestors().skip(1) {
        if dir.as_os_str().is_empty() {
            break;
        }
        if let Some(known) = envs.get(dir) {
            found = known.clone();
            break;
        }
        below.push(dir);
        if is_environment(dir, store, &probes) {
            found = Some(dir.to_path_buf()).filter(|d| inside(d, &roots(), &probes));
            break;
        }
    }
    for dir in below {
        envs.insert(dir.to_path_buf(), found.clone());
    }
    found
}

/// Whether `dir` is one of `roots` (canonical paths) or below one (`dir` resolved
/// through the run's `probes`).
fn inside(dir: &Path, roots: &HashSet<PathBuf>, probes: &Probes) -> bool {
    let Some(dir) = probes.canonical(dir) else {
        return false;
    };
    dir.ancestors().any(|a| roots.contains(a))
}

/// The fact names that `Facter.add(...)` calls in the Ruby files below `dir` add.
pub(crate) fn collect_facts(dir: &Path, out: &mut HashSet<String>, depth: usize) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() && depth < 4 {
            collect_facts(&p, out, depth + 1);
        } else if p.extension().is_some_and(|x| x == "rb") {
            let Ok(text) = std::fs::read_to_string(&p) else {
                continue;
            };
            for (at, _) in text.match_indices("Facter.add") {
                let rest = text[at + "Facter.add".len()..].trim_start_matches(['(', ' ']);
                let rest = rest.trim_start_matches([':', '\'', '"']);
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name.to_ascii_lowercase());
                }
            }
        }
    }
}

/// The names the manifests of module `module` at `root` would define by their paths,
/// sorted.
pub(crate) fn manifest_names_in(root: &Path, module: &str) -> Vec<String> {
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<String>, depth: usize) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            let Some(stem) = p.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            if p.is_dir() && depth < 6 {
                walk(&p, &format!("{prefix}::{stem}"), out, depth + 1);
            } else if p.extension().is_some_and(|x| x == "pp") {
                out.push(if stem == "init" && depth == 0 {
                    prefix.to_string()
                } else {
                    format!("{prefix}::{stem}")
                });
            }
        }
    }
    let mut out = Vec::new();
    walk(&root.join("manifests"), module, &mut out, 0);
    out.sort();
    out
}

/// The Ruby functions and custom types of the module at `root` (see [`RubyFiles`]).
pub(crate) fn scan_ruby(root: &Path) -> RubyFiles {
    /// The `.rb` files below `dir` (following links), as names joined by `::`.
    fn names(dir: &Path, prefix: &str, deep: bool, out: &mut HashSet<String>, depth: usize) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            let Some(name) = p.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let Ok(meta) = std::fs::metadata(&p) else {
                continue;
            };
            if meta.is_dir() && deep && depth < 8 {
                names(&p, &format!("{prefix}{name}::"), deep, out, depth + 1);
            } else if let Some(stem) = name.strip_suffix(".rb").filter(|_| meta.is_file()) {
                out.insert(format!("{prefix}{stem}"));
            }
        }
    }
    let mut out = RubyFiles::default();
    let lib = root.join("lib/puppet");
    names(&lib.join("functions"), "", true, &mut out.functions, 0);
    names(
        &lib.join("parser/functions"),
        "",
        false,
        &mut out.legacy_functions,
        0,
    );
    names(&lib.join("type"), "", false, &mut out.types, 0);
    out
}

/// The modules in `dir`, by module name.
pub(crate) fn scan(dir: &Path) -> ModuleIndex {
    let mut out = HashMap::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut roots: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    roots.sort();
    for root in roots {
        if !root.is_dir() {
            continue;
        }
        let Some(name) = module_name(&root) else {
            continue;
        };
        // A directory named after the module wins over an `author-module` one.
        let exact = root.file_name().is_some_and(|n| n == name.as_str());
        if exact || !out.contains_key(&name) {
            out.insert(name, root);
        }
    }
    out
}

/// The class named `key` (lower case, no leading `::`) in `program`, nested ones included.
pub fn find_class<'p>(program: &'p Program, key: &str) -> Option<&'p crate::syntax::ClassDef> {
    fn walk<'p>(
        stmts: &'p [crate::syntax::Expr],
        key: &str,
    ) -> Option<&'p crate::syntax::ClassDef> {
        for s in stmts {
            if let crate::syntax::ExprKind::Class(c) = &s.kind {
                if trim_colons(&c.name).eq_ignore_ascii_case(key) {
                    return Some(c);
                }
                if let Some(inner) = walk(&c.body.statements, key) {
                    return Some(inner);
                }
            }
        }
        None
    }
    walk(&program.body, key)
}

/// Where the classes of `program` are (nested ones included), by name (lower case, no
/// leading `::`; the first class of each name): the statement indices leading to it, for
/// [`class_at`]. Built once per file by those who look many classes up in it.
pub fn class_paths(program: &Program) -> HashMap<String, Vec<u32>> {
    fn walk(
        stmts: &[crate::syntax::Expr],
        path: &mut Vec<u32>,
        out: &mut HashMap<String, Vec<u32>>,
    ) {
        for (i, s) in stmts.iter().enumerate() {
            if let crate::syntax::ExprKind::Class(c) = &s.kind {
                path.push(u32::try_from(i).unwrap_or(u32::MAX));
                out.entry(trim_colons(&c.name).to_ascii_lowercase())
                    .or_insert_with(|| path.clone());
                walk(&c.body.statements, path, out);
                path.pop();
            }
        }
    }
    let mut out = HashMap::new();
    walk(&program.body, &mut Vec::new(), &mut out);
    out
}

/// The class at `path` (from [`class_paths`]) in `program`.
pub fn class_at<'p>(program: &'p Program, path: &[u32]) -> Option<&'p crate::syntax::ClassDef> {
    let mut stmts = &program.body;
    let mut found = None;
    for &i in path {
        let crate::syntax::ExprKind::Class(c) = &stmts.get(usize::try_from(i).ok()?)?.kind else {
            return None;
        };
        stmts = &c.body.statements;
        found = Some(&**c);
    }
    found
}

/// The defined type named `key` (lower case, no leading `::`) at top level of `program`.
pub fn find_define<'p>(program: &'p Program, key: &str) -> Option<&'p crate::syntax::DefineDef> {
    program.body.iter().find_map(|s| match &s.kind {
        crate::syntax::ExprKind::Define(d) if trim_colons(&d.name).eq_ignore_ascii_case(key) => {
            Some(&**d)
        }
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_index_finds_what_find_class_finds() {
        let src = "class a { class a::b { class a::b::c {} } }\nclass ::A::B {}\ndefine d {}\nclass e {}\nclass a {}\n";
        let parsed = crate::syntax::parse(src);
        let paths = class_paths(&parsed.program);
        let mut names: Vec<&String> = paths.keys().collect();
        names.sort();
        // A nested class's name is qualified by its enclosing classes'.
        assert_eq!(names, ["a", "a::a::b", "a::a::b::a::b::c", "a::b", "e"]);
        for key in ["a", "a::a::b", "a::a::b::a::b::c", "a::b", "e", "d", "x"] {
            let indexed = paths.get(key).and_then(|p| class_at(&parsed.program, p));
            let walked = find_class(&parsed.program, key);
            assert_eq!(
                indexed.map(|c| c.name_span),
                walked.map(|c| c.name_span),
                "{key}"
            );
        }
    }

    #[test]
    fn module_names_from_directories() {
        assert_eq!(
            module_name(Path::new("/m/puppetlabs-apache")),
            Some("apache".into())
        );
        assert_eq!(module_name(Path::new("/m/ntp")), Some("ntp".into()));
        assert_eq!(module_name(Path::new("/m/Bad")), None);
    }

    #[test]
    fn custom_facts_and_types_are_answered_per_module_path() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
        let write = |path: PathBuf, text: &str| {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{e}"));
            }
            std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
        };
        write(
            a.join("m/lib/facter/x.rb"),
            "Facter.add(:my_fact) do\nend\n",
        );
        write(a.join("m/lib/puppet/type/my_type.rb"), "");
        write(b.join("n/manifests/init.pp"), "class n {}\n");
        // Two module paths sharing one store: each gets its own answers, in any order.
        let store = Arc::new(ModuleStore::default());
        let only_b = ModulePath::new(vec![b.clone()], None, store.clone());
        let both = ModulePath::new(vec![b.clone(), a.clone()], None, store.clone());
        for _ in 0..2 {
            assert!(!only_b.has_custom_fact("my_fact"));
            assert!(both.has_custom_fact("my_fact"));
            assert!(!both.has_custom_fact("other_fact"));
            assert_eq!(only_b.custom_type_file("my_type"), None);
            assert_eq!(
                both.custom_type_file("my_type"),
                Some(a.join("m/lib/puppet/type/my_type.rb"))
            );
            assert_eq!(both.custom_type_file("other_type"), None);
        }
        // A new fact and a new type, once the store forgets what the file may change.
        write(b.join("n/lib/facter/y.rb"), "Facter.add('new_fact') { }\n");
        write(b.join("n/lib/puppet/type/new_type.rb"), "");
        assert!(!only_b.has_custom_fact("new_fact"));
        store.forget(&b.join("n/lib/facter/y.rb"));
        store.forget(&b.join("n/lib/puppet/type/new_type.rb"));
        assert!(only_b.has_custom_fact("new_fact"));
        assert!(both.has_custom_fact("new_fact"));
        assert_eq!(
            only_b.custom_type_file("new_type"),
            Some(b.join("n/lib/puppet/type/new_type.rb"))
        );
    }

    #[test]
    fn ruby_types_and_functions_are_found_in_search_order() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
        for file in [
            b.join("n/lib/puppet/type/t.rb"),
            b.join("n/lib/puppet/functions/n/g.rb"),
            a.join("m/lib/puppet/type/t.rb"),
            a.join("m/lib/puppet/type/u.rb"),
            a.join("m/lib/puppet/parser/functions/f.rb"),
        ] {
            if let Some(dir) = file.parent() {
                std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{e}"));
            }
            std::fs::write(file, "").unwrap_or_else(|e| panic!("{e}"));
        }
        let store = Arc::new(ModuleStore::default());
        let dirs = vec![b.clone(), a.clone()];
        let outside = ModulePath::new(dirs.clone(), None, store.clone());
        let in_m = ModulePath::new(dirs, Some(("m".into(), a.join("m"))), store.clone());
        let ty = |root: &Path, name: &str| Some(root.join(format!("lib/puppet/type/{name}.rb")));
        // The first directory's module first; the file's own module before both.
        assert_eq!(outside.custom_type_file("t"), ty(&b.join("n"), "t"));
        assert_eq!(in_m.custom_type_file("t"), ty(&a.join("m"), "t"));
        assert_eq!(outside.custom_type_file("u"), ty(&a.join("m"), "u"));
        assert!(outside.has_custom_type("u") && !outside.has_custom_type("v"));
        for mp in [&outside, &in_m] {
            assert!(mp.has_ruby_function("n::g"));
            assert!(mp.has_ruby_function("::f"));
            // A 3.x function has no namespace.
            assert!(!mp.has_ruby_function("m::f"));
            assert!(!mp.has_ruby_function("g"));
        }
    }

    #[test]
    fn autoload_paths() {
        let mp = ModulePath::new(
            vec![PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/deep/modules"
            ))],
            None,
            Arc::default(),
        );
        let p = mp.manifest_for("deepmod::sub::thing");
        assert!(p.is_some_and(|p| p.ends_with("deepmod/manifests/sub/thing.pp")));
        let p = mp.manifest_for("deepmod");
        assert!(p.is_some_and(|p| p.ends_with("deepmod/manifests/init.pp")));
        assert_eq!(
            mp.manifest_names("deepmod"),
            vec!["deepmod", "deepmod::site", "deepmod::sub::thing"]
        );
    }
}
