//! What the deep checks have read from the module path, kept for as long as its owner
//! (a run, a workspace) lives: parsed manifests, the module index of each directory,
//! whether files exist, the Ruby files of each module, custom types and custom facts, and
//! the answers derived from them.
//!
//! A store is shared by every thread of a run (`&ModuleStore` or `Arc<ModuleStore>`); its
//! tables sit behind locks. Two threads asking the same new question may both compute the
//! answer (the same answer: they read the same files); a lookup never waits for another
//! thread's file reading. [`ModuleStore::forget`] drops what a changed file may have
//! changed, [`ModuleStore::clear`] everything.
//!
//! The parsed manifests are kept within a budget ([`manifests`]): a run over many files
//! holds the parses of a few at a time, parsing again a file asked for after it was
//! dropped. The other tables hold small answers and stay.

mod manifests;

use std::borrow::Borrow;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::Hash;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

// The store's tables hash with foldhash (seeded, faster than SipHash on paths).
use foldhash::HashMap as Table;

use super::custom_types::{self, CustomType};
use crate::syntax::{ParsedFile, Program};

/// A parsed manifest of the module path.
pub struct Loaded {
    pub path: PathBuf,
    /// The file parsed (shared with the run's own parse of it when it is a checked file).
    file: Arc<ParsedFile>,
}

impl Loaded {
    /// The file at `path`, parsed as `file`.
    pub fn new(path: PathBuf, file: Arc<ParsedFile>) -> Loaded {
        Loaded { path, file }
    }

    /// The code.
    pub fn program(&self) -> &Program {
        &self.file.program
    }

    /// Its text, for the positions of what findings point at in it.
    pub fn source(&self) -> &str {
        &self.file.source
    }

    /// The 1-based line and column (in characters) of byte `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let source = self.source();
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        self.file.line_index.line_col(source, offset)
    }
}

/// The modules of a directory, by module name.
pub type ModuleIndex = HashMap<String, PathBuf>;

/// The Ruby files of one module that the evaluator asks about, by the name they define:
/// functions (`lib/puppet/functions/a/f.rb` → `a::f`), 3.x API functions
/// (`lib/puppet/parser/functions/f.rb` → `f`) and custom types (`lib/puppet/type/t.rb` → `t`).
#[derive(Default, Debug)]
pub struct RubyFiles {
    pub functions: HashSet<String>,
    pub legacy_functions: HashSet<String>,
    pub types: HashSet<String>,
}

/// What the Ruby files of the modules of a module path's directories define, merged:
/// asked about a name, a module path looks in its own module, then here (not in each
/// module in turn).
#[derive(Debug, Default)]
pub struct RubyIndex {
    pub functions: HashSet<String>,
    pub legacy_functions: HashSet<String>,
    /// Each custom type with the first module root (in search order) that defines it.
    pub types: HashMap<String, PathBuf>,
}

/// The tables of one owner (see the module documentation).
#[derive(Default)]
pub struct ModuleStore {
    /// Parsed manifests by path (`None`: unreadable, or it does not parse cleanly),
    /// within a budget.
    manifests: Mutex<manifests::Manifests>,
    /// Whether a path is a file.
    files: Mutex<Table<PathBuf, bool>>,
    /// The modules of each directory of a module path.
    indexes: Mutex<Table<PathBuf, Arc<ModuleIndex>>>,
    /// Answers about a module path (has it a Ruby function `f`, ...), by question.
    answers: Mutex<Table<String, bool>>,
    /// The custom facts of each module, by root.
    facts: Mutex<Table<String, Arc<HashSet<String>>>>,
    /// Custom types by the file that defines them.
    custom_types: Mutex<Table<PathBuf, Option<Arc<CustomType>>>>,
    /// The Ruby files of each module root.
    ruby: Mutex<Table<PathBuf, Arc<RubyFiles>>>,
    /// The module roots of each module path (by its key), in search order.
    roots: Mutex<Table<String, Arc<Vec<PathBuf>>>>,
    /// The file of each custom type, by module path key and type name.
    type_files: Mutex<Table<String, Option<PathBuf>>>,
    /// The Ruby files of the modules of each list of module directories, merged (by the
    /// list's key).
    ruby_indexes: Mutex<Table<String, Arc<RubyIndex>>>,
}

impl fmt::Debug for ModuleStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ModuleStore").finish_non_exhaustive()
    }
}

/// The value of `key` in `table`, made by `make` (and kept) when the table has none.
/// The table is not locked while `make` runs.
pub(super) fn remembered<K, Q, V>(
    table: &Mutex<Table<K, V>>,
    key: &Q,
    make: impl FnOnce() -> V,
) -> V
where
    K: Borrow<Q> + Eq + Hash,
    Q: ToOwned<Owned = K> + Eq + Hash + ?Sized,
    V: Clone,
{
    if let Some(hit) = table.lock().ok().and_then(|t| t.get(key).cloned()) {
        return hit;
    }
    let made = make();
    if let Ok(mut t) = table.lock() {
        t.insert(key.to_owned(), made.clone());
    }
    made
}

fn emptied<K, V>(table: &Mutex<Table<K, V>>) {
    if let Ok(mut t) = table.lock() {
        t.clear();
    }
}

/// The key of `path` among the manifests: without `.` components (`./a/b.pp` and
/// `a/b.pp` are one file).
fn manifest_key(path: &Path) -> PathBuf {
    path.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect()
}

impl ModuleStore {
    /// A store whose parsed manifests cost at most `budget` (their texts' bytes plus a
    /// fixed overhead each; [`manifests::DEFAULT_BUDGET`] by default).
    pub fn with_budget(budget: usize) -> ModuleStore {
        ModuleStore {
            manifests: Mutex::new(manifests::Manifests::with_budget(budget)),
            ..ModuleStore::default()
        }
    }

    /// Marks the start of a run: the files it hands over ([`ModuleStore::offer`]) may
    /// push out the parses earlier runs left, not one another.
    pub fn begin_run(&self) {
        if let Ok(mut m) = self.manifests.lock() {
            m.begin_run();
        }
    }

    /// Records a file the owner has parsed already (cleanly), so following it costs no
    /// second parse (the parse is shared, not copied), when the budget has room for it;
    /// whether it was kept (if not, the store parses the file again when asked for it).
    /// `pinned`: its text is not the disk's (an editor's buffer), kept whatever the budget
    /// until forgotten.
    pub fn offer(&self, path: &Path, parsed: Arc<ParsedFile>, pinned: bool) -> bool {
        let loaded = Arc::new(Loaded {
            path: path.to_path_buf(),
            file: parsed,
        });
        let Ok(mut m) = self.manifests.lock() else {
            return false;
        };
        if pinned {
            m.insert(manifest_key(path), Some(loaded), true);
            return true;
        }
        m.offer(manifest_key(path), loaded)
    }

    /// Parses `path` (an EPP template when its name ends in `.epp`, else a manifest),
    /// again only when its parse was dropped (see [`manifests`]); `None` when it cannot be
    /// read or does not parse cleanly. The concrete tree is not kept (the evaluator reads
    /// the syntax tree).
    pub fn load(&self, path: &Path) -> Option<Arc<Loaded>> {
        let path = manifest_key(path);
        if let Some(hit) = self.manifests.lock().ok().and_then(|mut m| m.get(&path)) {
            return hit;
        }
        let loaded = std::fs::read_to_string(&path).ok().and_then(|source| {
            let parsed: ParsedFile = if crate::syntax::epp::is_template_path(&path) {
                crate::syntax::epp::parse(&source)
            } else {
                crate::syntax::parse_ast_only(source)
            };
            (!parsed.has_errors()).then(|| {
                Arc::new(Loaded {
                    path: path.clone(),
                    file: Arc::new(parsed),
                })
            })
        });
        if let Ok(mut m) = self.manifests.lock() {
            m.insert(path, loaded.clone(), false);
        }
        loaded
    }

    /// The cost of the parsed manifests kept and how many they are.
    pub fn manifests_kept(&self) -> (usize, usize) {
        self.manifests
            .lock()
            .map(|m| (m.used(), m.len()))
            .unwrap_or_default()
    }

    /// Whether `path` is a file, asked of the file system once.
    pub fn is_file(&self, path: &Path) -> bool {
        remembered(&self.files, path, || path.is_file())
    }

    /// The modules in `dir`, found by `scan` once.
    pub fn modules_in(&self, dir: &Path, scan: impl FnOnce() -> ModuleIndex) -> Arc<ModuleIndex> {
        remembered(&self.indexes, dir, || Arc::new(scan()))
    }

    /// The Ruby files of the module at `root`, found by `scan` once.
    pub fn ruby_files(&self, root: &Path, scan: impl FnOnce() -> RubyFiles) -> Arc<RubyFiles> {
        remembered(&self.ruby, root, || Arc::new(scan()))
    }

    /// The merged Ruby files of the modules of the directories `key`, built by `build`
    /// once.
    pub fn ruby_index(&self, key: &str, build: impl FnOnce() -> RubyIndex) -> Arc<RubyIndex> {
        remembered(&self.ruby_indexes, key, || Arc::new(build()))
    }

    /// The module roots of the module path `key`, listed by `list` once.
    pub fn module_roots(
        &self,
        key: &str,
        list: impl FnOnce() -> Vec<PathBuf>,
    ) -> Arc<Vec<PathBuf>> {
        remembered(&self.roots, key, || Arc::new(list()))
    }

    /// The answer to `question` (a key naming the question and the module path), found by
    /// `find` once.
    pub fn answer(&self, question: &str, find: impl FnOnce() -> bool) -> bool {
        remembered(&self.answers, question, find)
    }

    /// The file that defines a custom type (`key`: the module path's key and the type's
    /// name), found by `find` once.
    pub fn type_file(&self, key: &str, find: impl FnOnce() -> Option<PathBuf>) -> Option<PathBuf> {
        remembered(&self.type_files, key, find)
    }

    /// The custom facts of the module at the root `key`, collected by `collect` once.
    pub fn facts(
        &self,
        key: &str,
        collect: impl FnOnce() -> HashSet<String>,
    ) -> Arc<HashSet<String>> {
        remembered(&self.facts, key, || Arc::new(collect()))
    }

    /// The custom type `name` read from `file` (once): `None` when the file does not
    /// define that type.
    pub fn custom_type(&self, file: &Path, name: &str) -> Option<Arc<CustomType>> {
        remembered(&self.custom_types, file, || {
            std::fs::read_to_string(file)
                .ok()
                .and_then(|t| custom_types::parse(&t))
                .filter(|t| t.name == name)
                .map(Arc::new)
        })
    }

    /// Drops what `path` may have changed: its parse, whether it is a file, the custom
    /// type it defines, the module index of the directories above it, and every answer
    /// and fact list (they may come from any file of a module).
    pub fn forget(&self, path: &Path) {
        if let Ok(mut m) = self.manifests.lock() {
            m.remove(&manifest_key(path));
        }
        if let Ok(mut m) = self.files.lock() {
            m.remove(path);
        }
        if let Ok(mut m) = self.custom_types.lock() {
            m.remove(path);
        }
        if let Ok(mut m) = self.indexes.lock() {
            m.retain(|dir, _| !path.starts_with(dir));
        }
        if let Ok(mut m) = self.ruby.lock() {
            m.retain(|root, _| !path.starts_with(root));
        }
        emptied(&self.roots);
        emptied(&self.answers);
        emptied(&self.facts);
        emptied(&self.type_files);
        emptied(&self.ruby_indexes);
    }

    /// Drops everything.
    pub fn clear(&self) {
        if let Ok(mut m) = self.manifests.lock() {
            m.clear();
        }
        emptied(&self.files);
        emptied(&self.indexes);
        emptied(&self.answers);
        emptied(&self.facts);
        emptied(&self.custom_types);
        emptied(&self.ruby);
        emptied(&self.roots);
        emptied(&self.type_files);
        emptied(&self.ruby_indexes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn statements(store: &ModuleStore, path: &Path) -> Option<usize> {
        store.load(path).map(|l| l.program().body.len())
    }

    #[test]
    fn files_are_read_once_until_forgotten() {
        let dir = std::env::temp_dir().join(format!("rein-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let file = dir.join("a.pp");
        let write = |src: &str| std::fs::write(&file, src).unwrap_or_else(|e| panic!("{e}"));
        write("notice(1)\n");
        let store = ModuleStore::default();
        assert_eq!(statements(&store, &file), Some(1));
        assert!(store.is_file(&file));
        write("notice(1)\nnotice(2)\n");
        assert_eq!(statements(&store, &file), Some(1), "kept");
        store.forget(&file);
        assert_eq!(statements(&store, &file), Some(2));
        write("notice(\n");
        store.clear();
        assert_eq!(statements(&store, &file), None, "does not parse");
        let parsed = crate::syntax::parse("notice(3)\nnotice(4)\nnotice(5)\n");
        store.begin_run();
        assert!(store.offer(&file, Arc::new(parsed), false));
        assert_eq!(statements(&store, &dir.join(".").join("a.pp")), Some(3));
        std::fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        store.forget(&file);
        assert!(!store.is_file(&file) && statements(&store, &file).is_none());
    }

    #[test]
    fn parses_are_kept_within_the_budget_and_made_again() {
        let dir = std::env::temp_dir().join(format!("rein-store-budget-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let files: Vec<PathBuf> = (1..=3)
            .map(|n| {
                let file = dir.join(format!("f{n}.pp"));
                std::fs::write(&file, "notice(1)\n".repeat(n)).unwrap_or_else(|e| panic!("{e}"));
                file
            })
            .collect();
        // Room for one parse: each load drops the one before.
        let store = ModuleStore::with_budget(1);
        for _ in 0..2 {
            for (n, file) in files.iter().enumerate() {
                assert_eq!(statements(&store, file), Some(n + 1));
                assert_eq!(store.manifests_kept().1, 1);
            }
        }
        let again = store.load(&files[2]);
        assert!(again.is_some_and(|l| l.line_col(10) == (2, 1)));
        std::fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    }
}
