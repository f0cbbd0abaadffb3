//! The cache of unchanged files (`.rein_cache/`, as ruff's `.ruff_cache`): the findings of
//! each checked file, stored with what they were computed from, and reused while all of it
//! is the same.
//!
//! An entry is one file per checked file (named by a digest of the working directory and
//! the file's path as displayed): a line with a digest of the rest, then JSON holding:
//! - rein's version, the path as displayed, and a key of everything else a finding depends on: the path as shown,
//!   the file's effective rules (levels and options), `--show-ignored`, the module path and
//!   roots of the run, and the files beside the module's `manifests/` that rules look for;
//! - a digest of the file's bytes;
//! - the definitions the file adds to the run's project (so a warm run need not parse it);
//! - when deep rules ran: a digest of the run's whole project and every [`Read`] its
//!   evaluation made, each with a digest of what it read.
//!
//! An entry is used only when all of these are equal now; a missing, unreadable, corrupt,
//! truncated or foreign-version entry is a miss (the file is checked and the entry
//! rewritten). Entries are written to a temporary file and renamed into place, so
//! concurrent runs see whole entries only. The directory holds a `.gitignore` (`*`).

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use super::write::{clean_stale, write_file};
use crate::diagnostics::{Finding, FindingEdit, FindingFix, FindingRelated, Severity};
use crate::eval::project::Definitions;
use crate::eval::reads::Read;
use crate::rules::engine::RuleSet;
use crate::rules::Applicability;
use crate::syntax::Span;

/// The cache directory's name at the project root.
pub const DEFAULT_DIR: &str = ".rein_cache";

/// rein's version and the entries' format: an entry of another is never read.
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+entries-3");

/// An open cache directory.
#[derive(Debug)]
pub struct Cache {
    dir: PathBuf,
    /// Digest of the working directory and of the running program (entries are per
    /// working directory, and per build: a rebuilt rein with the same version number, as
    /// in development, never reads the entries of another build).
    cwd: u64,
    /// What each read gives now, digested once per run.
    reads: Mutex<HashMap<Read, u64>>,
    /// The module roots of directories, listed once per run.
    modules: Mutex<HashMap<PathBuf, Arc<Vec<PathBuf>>>>,
}

/// What a stored entry holds (see the module documentation).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Entry {
    version: String,
    /// The file's path as displayed.
    path: String,
    key: u64,
    content: u64,
    /// The file parsed without errors (its definitions count, others may load it).
    pub clean: bool,
    pub definitions: Definitions,
    deep: Option<Deep>,
    findings: Vec<Stored>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Deep {
    project: u64,
    reads: Vec<(Read, u64)>,
}

/// An edit of a fix as stored: line, column, end line, end column, and replacement.
type StoredEdit = ([usize; 4], String);

/// A finding as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Stored {
    at: [usize; 6],
    rule: String,
    error: bool,
    message: String,
    help: Option<String>,
    /// Safe, and the edits: positions and replacement.
    fix: Option<(bool, Vec<StoredEdit>)>,
    ignored: Option<String>,
    /// Related places: file, line, column, message.
    related: Vec<(String, usize, usize, String)>,
    /// [`Finding::order`] (puppet-lint's output keeps some checks' own order).
    #[serde(default)]
    order: usize,
}

/// A digest of `data`.
pub fn digest(data: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    data.hash(&mut h);
    h.finish()
}

/// The key of a file's entry: everything its findings depend on besides its bytes and,
/// for deep findings, the project and what the evaluation read.
/// `rules` ([`rules_digest`]), `layouts` the module layouts seen so far.
pub fn key(
    display: &str,
    rules: u64,
    show_ignored: bool,
    outside_modulepath: bool,
    modulepath: &[PathBuf],
    roots: &[PathBuf],
    layouts: &mut HashMap<PathBuf, [bool; 3]>,
) -> u64 {
    let mut h = DefaultHasher::new();
    let options = (show_ignored, outside_modulepath);
    (VERSION, display, rules, options, modulepath, roots).hash(&mut h);
    // Rules look at the module's layout (`metadata.json`, an environment) and at where an
    // absolute path really is.
    let path = Path::new(display);
    let module = path
        .ancestors()
        .skip(1)
        .find(|a| a.file_name().is_some_and(|n| n == "manifests"))
        .and_then(Path::parent);
    if let Some(m) = module {
        let layout = layouts.entry(m.to_path_buf()).or_insert_with(|| {
            ["environment.conf", "Puppetfile", "metadata.json"].map(|f| m.join(f).exists())
        });
        layout.hash(&mut h);
    }
    if path.is_absolute() {
        std::fs::canonicalize(path).ok().hash(&mut h);
    }
    h.finish()
}

/// A digest of the rules, levels and options of `rules`.
pub fn rules_digest(rules: &RuleSet) -> u64 {
    let mut h = DefaultHasher::new();
    for e in rules.enabled() {
        (e.rule.meta().name, e.severity as u8, e.options.to_string()).hash(&mut h);
    }
    h.finish()
}

impl Cache {
    /// Opens (creating it and its `.gitignore` when missing) the cache at `dir`; `None`
    /// when it cannot be created: the run goes on without a cache.
    pub fn open(dir: &Path) -> Option<Cache> {
        std::fs::create_dir_all(dir).ok()?;
        clean_stale(dir);
        let ignore = dir.join(".gitignore");
        if !ignore.is_file() {
            write_file(
                &ignore,
                b"# Created by rein: the cache is not for version control.\n*\n",
            )
            .ok()?;
        }
        let cwd = std::env::current_dir().ok()?;
        Some(Cache {
            dir: dir.to_path_buf(),
            cwd: digest((&cwd, build_stamp())),
            reads: Mutex::default(),
            modules: Mutex::default(),
        })
    }

    fn entry_path(&self, display: &str) -> PathBuf {
        self.dir
            .join(format!("{:016x}.json", digest((self.cwd, display))))
    }

    /// The entry of `display` for `key` and the bytes `content`, when one is stored whole.
    pub fn load(&self, display: &str, key: u64, content: &[u8]) -> Option<Entry> {
        let text = std::fs::read(self.entry_path(display)).ok()?;
        // A line with the digest of the rest, then the entry: damage is seen, not trusted.
        let split = text.iter().position(|&b| b == b'\n')?;
        let (sum, body) = (text.get(..split)?, text.get(split + 1..)?);
        if sum != format!("{:016x}", digest(body)).as_bytes() {
            return None;
        }
        let entry: Entry = serde_json::from_slice(body).ok()?;
        let same = entry.version == VERSION
            && entry.path == display
            && entry.key == key
            && entry.content == digest(content);
        same.then_some(entry)
    }

    /// Whether the deep findings of `entry` still hold in a project of digest `project`.
    pub fn deep_holds(&self, entry: &Entry, project: u64) -> bool {
        let Some(deep) = &entry.deep else {
            return true;
        };
        deep.project == project && deep.reads.iter().all(|(r, d)| self.read_now(r) == *d)
    }

    /// What `read` gives now, digested once per run.
    fn read_now(&self, read: &Read) -> u64 {
        if let Some(d) = self.reads.lock().ok().and_then(|m| m.get(read).copied()) {
            return d;
        }
        let d = digest_now(read, &mut |part| self.read_now(part), &mut |dir| {
            self.modules_of(dir)
        });
        if let Ok(mut m) = self.reads.lock() {
            m.insert(read.clone(), d);
        }
        d
    }

    /// The module roots in `dir`, listed once per run.
    fn modules_of(&self, dir: &Path) -> Arc<Vec<PathBuf>> {
        if let Some(m) = self.modules.lock().ok().and_then(|m| m.get(dir).cloned()) {
            return m;
        }
        let m = Arc::new(modules_of(dir));
        if let Ok(mut t) = self.modules.lock() {
            t.insert(dir.to_path_buf(), m.clone());
        }
        m
    }

    /// Stores the findings of `display` (with `key`, bytes `content`, its definitions and,
    /// when deep rules ran, the project digest and its reads). Failures are ignored: the
    /// file is checked again next time.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        display: &str,
        key: u64,
        content: &[u8],
        clean: bool,
        definitions: Definitions,
        deep: Option<(u64, Vec<Read>)>,
        findings: &[Finding],
    ) {
        let deep = deep.map(|(project, reads)| Deep {
            project,
            reads: reads
                .into_iter()
                .map(|r| {
                    let d = self.read_now(&r);
                    (r, d)
                })
                .collect(),
        });
        let entry = Entry {
            version: VERSION.to_string(),
            path: display.to_string(),
            key,
            content: digest(content),
            clean,
            definitions,
            deep,
            findings: findings.iter().map(stored).collect(),
        };
        if let Ok(body) = serde_json::to_vec(&entry) {
            let mut text = format!("{:016x}\n", digest(&body)).into_bytes();
            text.extend_from_slice(&body);
            let _ = write_file(&self.entry_path(display), &text);
        }
    }
}

impl Entry {
    /// The stored findings, for the file shown as `display`.
    pub fn findings(&self, display: &str) -> Vec<Finding> {
        self.findings.iter().map(|s| restored(s, display)).collect()
    }
}

fn stored(f: &Finding) -> Stored {
    Stored {
        at: [
            f.line,
            f.column,
            f.end_line,
            f.end_column,
            f.span.start(),
            f.span.end(),
        ],
        rule: f.rule.clone(),
        error: f.severity == Severity::Error,
        message: f.message.clone(),
        help: f.help.clone(),
        fix: f.fix.as_ref().map(|x| {
            let edits = x.edits.iter().map(|e| {
                let at = [e.line, e.column, e.end_line, e.end_column];
                (at, e.replacement.clone())
            });
            (x.applicability == Applicability::Safe, edits.collect())
        }),
        ignored: f.ignored.clone(),
        related: f
            .related
            .iter()
            .map(|r| (r.file.clone(), r.line, r.column, r.message.clone()))
            .collect(),
        order: f.order,
    }
}

fn restored(s: &Stored, display: &str) -> Finding {
    let [line, column, end_line, end_column, start, end] = s.at;
    Finding {
        file: display.to_string(),
        line,
        column,
        end_line,
        end_column,
        rule: s.rule.clone(),
        severity: if s.error {
            Severity::Error
        } else {
            Severity::Warning
        },
        message: s.message.clone(),
        help: s.help.clone(),
        fix: s.fix.as_ref().map(|(safe, edits)| FindingFix {
            applicability: if *safe {
                Applicability::Safe
            } else {
                Applicability::Unsafe
            },
            edits: edits
                .iter()
                .map(|([line, column, end_line, end_column], r)| FindingEdit {
                    line: *line,
                    column: *column,
                    end_line: *end_line,
                    end_column: *end_column,
                    replacement: r.clone(),
                })
                .collect(),
        }),
        ignored: s.ignored.clone(),
        related: s
            .related
            .iter()
            .map(|(file, line, column, message)| FindingRelated {
                file: file.clone(),
                line: *line,
                column: *column,
                message: message.clone(),
            })
            .collect(),
        span: Span::new(start, end),
        order: s.order,
    }
}

/// A digest of what this read gives now; `part` gives the digest of a part (a
/// module's share of `AllRuby` or `AllFacts`) and `modules` the module roots of a
/// directory ([`modules_of`]), so that a caller may keep those.
fn digest_now(
    read: &Read,
    part: &mut dyn FnMut(&Read) -> u64,
    modules: &mut dyn FnMut(&Path) -> Arc<Vec<PathBuf>>,
) -> u64 {
    let mut h = DefaultHasher::new();
    match read {
        Read::File(p) => match std::fs::read(p) {
            Ok(bytes) => (0u8, bytes).hash(&mut h),
            Err(_) => (1u8, p.is_dir()).hash(&mut h),
        },
        Read::Modules(dir) => {
            let index: BTreeSet<(String, PathBuf)> =
                crate::eval::loader::scan(dir).into_iter().collect();
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
            let r = crate::eval::loader::scan_ruby(root);
            for set in [&r.functions, &r.legacy_functions, &r.types] {
                sorted(set).hash(&mut h);
            }
        }
        Read::Facts(root) => {
            let mut facts = HashSet::new();
            crate::eval::loader::collect_facts(&root.join("lib/facter"), &mut facts, 0);
            sorted(&facts).hash(&mut h);
        }
        Read::Names(root) => crate::eval::loader::manifest_names_in(root, "").hash(&mut h),
    }
    h.finish()
}

/// The module roots in `dir`, sorted.
fn modules_of(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = crate::eval::loader::scan(dir).into_values().collect();
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

/// The running program's size and modification time (`None` where they cannot be read).
fn build_stamp() -> Option<(u64, std::time::SystemTime)> {
    let meta = std::env::current_exe().ok()?.metadata().ok()?;
    Some((meta.len(), meta.modified().ok()?))
}
