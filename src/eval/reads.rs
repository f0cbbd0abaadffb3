//! What the evaluation of one checked file read from the module path, so that a cache of
//! its findings knows when they are stale: each [`Read`] names one thing read (a file, the
//! module list of a directory, the Ruby files of all modules, the custom
//! facts of all modules, the manifests of a module), and [`Read::digest`] says what it holds now.
//!
//! A run that wants to know records through a [`Recorder`] (one [`ReadLog`] per checked
//! file, filled by that file's [`super::loader::ModulePath`]).

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use super::loader;

/// One thing an evaluation read.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Read {
    /// A file: its bytes (or that it is missing, or a directory).
    File(PathBuf),
    /// The modules of a directory of the module path.
    Modules(PathBuf),
    /// The Ruby files of every module of a module path: its directories, and the checked
    /// file's own module root.
    AllRuby(Vec<PathBuf>, Option<PathBuf>),
    /// The custom facts of every module of a module path (as for `AllRuby`).
    AllFacts(Vec<PathBuf>, Option<PathBuf>),
    /// The Ruby files of the module at this root (a part of `AllRuby`).
    Ruby(PathBuf),
    /// The custom facts of the module at this root (a part of `AllFacts`).
    Facts(PathBuf),
    /// The manifest names of the module at this root.
    Names(PathBuf),
}

impl Read {
    /// A digest of what this read gives now; `part` gives the digest of a part (a
    /// module's share of `AllRuby` or `AllFacts`) and `modules` the module roots of a
    /// directory ([`modules_of`]), so that a caller may keep those.
    pub fn digest(
        &self,
        part: &mut dyn FnMut(&Read) -> u64,
        modules: &mut dyn FnMut(&Path) -> Arc<Vec<PathBuf>>,
    ) -> u64 {
        let mut h = DefaultHasher::new();
        match self {
            Read::File(p) => match std::fs::read(p) {
                Ok(bytes) => (0u8, bytes).hash(&mut h),
                Err(_) => (1u8, p.is_dir()).hash(&mut h),
            },
            Read::Modules(dir) => {
                let index: BTreeSet<(String, PathBuf)> = loader::scan(dir).into_iter().collect();
                index.hash(&mut h);
            }
            Read::AllRuby(dirs, own) => {
                for root in roots(dirs, own, modules) {
                    let d = part(&Read::Ruby(root.clone()));
                    (root, d).hash(&mut h);
                }
            }
            Read::AllFacts(dirs, own) => {
                for root in roots(dirs, own, modules) {
                    let d = part(&Read::Facts(root.clone()));
                    (root, d).hash(&mut h);
                }
            }
            Read::Ruby(root) => {
                let r = loader::scan_ruby(root);
                for set in [&r.functions, &r.legacy_functions, &r.types] {
                    sorted(set).hash(&mut h);
                }
            }
            Read::Facts(root) => {
                let mut facts = HashSet::new();
                loader::collect_facts(&root.join("lib/facter"), &mut facts, 0);
                sorted(&facts).hash(&mut h);
            }
            Read::Names(root) => loader::manifest_names_in(root, "").hash(&mut h),
        }
        h.finish()
    }
}

/// The module roots in `dir`, sorted.
pub fn modules_of(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = loader::scan(dir).into_values().collect();
    found.sort();
    found
}

/// The module roots of the module path `dirs` with the own module `own`.
fn roots(
    dirs: &[PathBuf],
    own: &Option<PathBuf>,
    modules: &mut dyn FnMut(&Path) -> Arc<Vec<PathBuf>>,
) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = own.iter().cloned().collect();
    for dir in dirs {
        out.extend(modules(dir).iter().cloned());
    }
    out
}

fn sorted(set: &HashSet<String>) -> BTreeSet<&String> {
    set.iter().collect()
}

/// What one file's evaluation read.
#[derive(Debug, Default)]
pub struct ReadLog {
    reads: Mutex<HashSet<Read>>,
    /// Every module's Ruby files, and custom facts, were read (recorded once).
    all_ruby: AtomicBool,
    all_facts: AtomicBool,
}

impl ReadLog {
    pub fn record(&self, read: Read) {
        if let Ok(mut r) = self.reads.lock() {
            r.insert(read);
        }
    }

    /// Records `make()` the first time only (`facts`: the facts flag, else the Ruby files
    /// flag).
    pub fn record_once(&self, facts: bool, make: impl FnOnce() -> Read) {
        let flag = if facts {
            &self.all_facts
        } else {
            &self.all_ruby
        };
        if !flag.swap(true, Ordering::Relaxed) {
            self.record(make());
        }
    }

    /// The reads, sorted.
    pub fn reads(&self) -> Vec<Read> {
        let mut v: Vec<Read> = self
            .reads
            .lock()
            .map(|r| r.iter().cloned().collect())
            .unwrap_or_default();
        v.sort();
        v
    }
}

/// The read logs of the files of a run, by file.
#[derive(Debug, Default)]
pub struct Recorder {
    logs: Mutex<HashMap<PathBuf, Arc<ReadLog>>>,
}

impl Recorder {
    /// The log of `file` (a new one the first time).
    pub fn log_for(&self, file: &Path) -> Option<Arc<ReadLog>> {
        let mut logs = self.logs.lock().ok()?;
        Some(logs.entry(file.to_path_buf()).or_default().clone())
    }

    /// What `file`'s evaluation read, sorted (nothing when it was not evaluated).
    pub fn reads_of(&self, file: &Path) -> Vec<Read> {
        let log = self.logs.lock().ok().and_then(|l| l.get(file).cloned());
        log.map(|l| l.reads()).unwrap_or_default()
    }
}
