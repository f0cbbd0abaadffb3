//! The cache of unchanged files (`.rein_cache/`, as ruff's `.ruff_cache`): the findings of
//! each checked file, stored with what they were computed from, and reused while all of it
//! is the same.
//!
//! The cache is one index file per working directory and build of rein (named by a digest
//! of both): a magic number, a digest of the rest, then the index in `postcard`'s compact
//! binary form (read about 20 times faster than the JSON it replaced), holding rein's
//! version, a table of what evaluations read (each [`Read`] once, with a digest of what it gave and, for a
//! file, its [`Stamp`] when settled), and an entry per checked file holding:
//! - the path as displayed, and a key of everything else a finding depends on: the path as
//!   shown, the file's effective rules (levels and options), `--show-ignored`, the module
//!   path and roots of the run, and the files beside the module's `manifests/` that rules
//!   look for;
//! - a digest of the file's bytes, and its [`Stamp`] when settled: while the file's stamp
//!   is the same, its bytes are not read again (a changed stamp falls back to the digest);
//! - the definitions the file adds to the run's project (so a warm run need not parse it);
//! - when deep rules ran: a digest of the run's whole project and the reads (rows of the
//!   table) its evaluation made;
//! - the findings, and which run stored it.
//!
//! YAML files (Hiera's, Unfurl's) have entries too: their key adds what the file is (its
//! Hiera layer) and that layer's layout, and their "deep" part the project digest and what
//! the Hiera rules read (the layer's classes, its `environment.conf`, the manifests searched
//! for a key's `lookup()`), as a manifest's deep findings do.
//!
//! An entry is used only when all of these are equal now; a missing, unreadable, corrupt,
//! truncated or foreign-version index is empty (every file is checked and the index
//! rewritten). A run that checked some file again writes the index anew: the entries of
//! this run, and those of files it did not check that still exist; it is written to a
//! temporary file and renamed into place, so concurrent runs see whole indexes only (the
//! last one written wins). The directory holds a `.gitignore` (`*`).

use std::collections::hash_map::DefaultHasher;
use std::collections::BTreeSet;

use foldhash::{HashMap, HashMapExt, HashSet};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use serde::{Deserialize, Serialize};

use super::cache_finding::{restored, stored, Stored};
use super::cache_proof::{self, Proof};
use super::stamp::{Stamp, Stamps};
use super::walk_memo::Walked;
use super::write::{clean_stale, write_file};
use crate::diagnostics::{FileReport, Finding};
use crate::eval::project::Definitions;
use crate::eval::reads::Read;
use crate::eval::real_paths::RealPaths;
use crate::rules::engine::RuleSet;
use crate::rules::yaml_context::YamlKind;

/// The cache directory's name at the project root.
pub const DEFAULT_DIR: &str = ".rein_cache";

/// rein's version and the entries' format: an entry of another is never read.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+index-3");

/// The first bytes of an index file.
const MAGIC: &[u8; 8] = b"reinidx\x02";

/// An open cache directory: the index read, and the entries this run stored.
#[derive(Debug)]
pub struct Cache {
    /// The index file (per working directory, and per build: a rebuilt rein with the same
    /// version number, as in development, never reads the index of another build).
    index: PathBuf,
    /// This run (a number stored in the entries it writes).
    run: u64,
    /// The entries read, by displayed path.
    entries: HashMap<String, Arc<Entry>>,
    /// The reads of the index read, and whether each still gives the same (decided once).
    table: Vec<Row>,
    holds: Vec<OnceLock<bool>>,
    /// The entries stored by this run, with their project digest and reads.
    fresh: Mutex<Vec<(Entry, Option<FreshDeep>)>>,
    /// The proofs of the index read ([`cache_proof`]), where each is (by [`read_key`]),
    /// whether each still holds (decided once), and the proofs made by this run.
    proofs: Vec<(Read, Proof)>,
    proof_at: HashMap<u64, Vec<u32>>,
    proof_holds: Vec<OnceLock<bool>>,
    fresh_proofs: Mutex<Vec<(Read, Proof)>>,
    /// What `AllRuby` and `AllFacts` reads are proven to give ([`Cache::proven`]), once
    /// per run (by [`read_key`]).
    proven: Mutex<ReadMemo<Option<u64>>>,
    /// What each read gives now, digested once per run (by [`read_key`]).
    reads: Mutex<ReadMemo<u64>>,
    /// The module roots of directories, listed once per run.
    modules: Mutex<HashMap<PathBuf, Arc<Vec<PathBuf>>>>,
    /// When a file's stamp is settled enough to be stored.
    stamps: Stamps,
    /// The stamp of each file looked at, and whether it is a link, taken once per run.
    seen: Mutex<HashMap<Vec<u8>, Seen>>,
    /// The YAML files found not to be Unfurl documents, with their stamps: those of the
    /// index read, and those of this run (which replace them).
    plain: HashMap<String, Stamp>,
    fresh_plain: Mutex<Vec<(String, Stamp)>>,
    /// What the walks of directories found (by the directory's name): those of the index
    /// read, and those of this run.
    walks: HashMap<String, Walked>,
    fresh_walks: Mutex<Vec<(String, Walked)>>,
}

/// What is known of each read of a run, by [`read_key`].
type ReadMemo<T> = HashMap<u64, Vec<(Read, T)>>;

/// A file's stamp, whether it is a symbolic link, and the type of what it is (`None`: it
/// cannot be read).
type Seen = Option<(Stamp, bool, std::fs::FileType)>;

/// A read, the digest of what it gave, and for a file its stamp when settled.
type Row = (Read, u64, Option<Stamp>);

/// The project digest and the reads of an entry stored by this run.
type FreshDeep = (u64, Vec<Row>);

/// The index as stored.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Index {
    version: String,
    /// The reads of the entries' evaluations, each once.
    reads: Vec<Row>,
    entries: Vec<Entry>,
    /// The YAML files found not to be Unfurl documents, with their settled stamps.
    plain: Vec<(String, Stamp)>,
    /// What walks of directories found, by directory.
    walks: Vec<(String, Walked)>,
    /// What reads of directories depended on, with their digests.
    proofs: Vec<(Read, Proof)>,
}

/// What the index holds of one file (see the module documentation).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Entry {
    /// The file's path as displayed.
    path: String,
    key: u64,
    content: u64,
    /// The file's stamp when its bytes were read, when settled ([`Stamps::settled`]).
    stamp: Option<Stamp>,
    /// The file parsed without errors (its definitions count, others may load it).
    pub clean: bool,
    pub definitions: Definitions,
    deep: Option<Deep>,
    findings: Vec<Stored>,
    /// The run that stored it.
    run: u64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Deep {
    project: u64,
    /// The rows of the index's table of reads.
    reads: Vec<u32>,
}

/// The cache of a run checking YAML files: the cache, the key of each job's entry, and the
/// digest of the run's project.
pub struct YamlCache<'a> {
    pub cache: &'a Cache,
    pub keys: &'a [u64],
    pub project: u64,
    /// The findings taken from the cache need not come with their file's text.
    pub without_sources: bool,
}

/// A digest of `data`.
pub fn digest(data: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    data.hash(&mut h);
    h.finish()
}

/// The key of a file's entry: everything its findings depend on besides its bytes and,
/// for deep findings, the project and what the evaluation read.
/// `rules` ([`rules_digest`]), `run` a digest of the run's module path, roots and options
/// (taken once: with every file named, the roots are as many as the files), `layouts` what
/// was seen of directories so far.
/// `is_link`: whether the file is a symbolic link (`None`: not known).
pub fn key(
    display: &str,
    rules: u64,
    show_ignored: bool,
    run: u64,
    layouts: &mut Layouts,
    is_link: Option<bool>,
) -> u64 {
    let mut h = DefaultHasher::new();
    (VERSION, display, rules, show_ignored, run).hash(&mut h);
    // Rules look at the module's layout (`metadata.json`, an environment) and at where an
    // absolute path really is.
    let path = Path::new(display);
    let module = path
        .ancestors()
        .skip(1)
        .find(|a| a.file_name().is_some_and(|n| n == "manifests"))
        .and_then(Path::parent);
    if let Some(m) = module {
        let layout = layouts.modules.entry(m.to_path_buf()).or_insert_with(|| {
            ["environment.conf", "Puppetfile", "metadata.json"].map(|f| m.join(f).exists())
        });
        layout.hash(&mut h);
    }
    if path.is_absolute() {
        let real = layouts.real.canonical(path, is_link);
        real.as_deref().map(super::paths::key).hash(&mut h);
    }
    h.finish()
}

/// The key of a YAML file's entry: `base` ([`key`]) with what the file is (`kind`) and the
/// layout of its Hiera layer (which of `manifests/`, `metadata.json` and
/// `environment.conf` it has, and where it really is: its module's name).
pub fn yaml_key(base: u64, path: &Path, kind: Option<&YamlKind>, layouts: &mut Layouts) -> u64 {
    let layer = match kind {
        Some(YamlKind::HieraData { config }) => config.parent(),
        Some(YamlKind::HieraConfig) => path.parent(),
        Some(YamlKind::Unfurl | YamlKind::Plain) | None => None,
    };
    let layout = layer.map(|l| {
        let l = if l.as_os_str().is_empty() {
            Path::new(".")
        } else {
            l
        };
        let real = layouts.real.real_dir(l);
        let (has, environment) = *layouts.layers.entry(l.to_path_buf()).or_insert_with(|| {
            let has = [
                l.join("manifests").is_dir(),
                l.join("metadata.json").is_file(),
            ];
            (has, l.join("environment.conf").exists())
        });
        (has, environment, real)
    });
    digest((base, kind, layout))
}

/// What [`key`] saw of directories in a run: the layout of each module (which of
/// `environment.conf`, `Puppetfile` and `metadata.json` it has), and where each directory
/// really is.
#[derive(Debug, Default)]
pub struct Layouts {
    modules: HashMap<PathBuf, [bool; 3]>,
    /// The layout of each Hiera layer (which of `manifests/` and `metadata.json` it has;
    /// whether it has an `environment.conf`).
    layers: HashMap<PathBuf, ([bool; 2], bool)>,
    real: RealPaths,
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
    /// Opens the cache at `dir`, reading its index when there is a sound one. The
    /// directory (with its `.gitignore`) is created when the index is first saved, so a
    /// run that stores nothing (a path that does not exist) leaves none; `None` when the
    /// working directory is unknown: the run goes on without a cache.
    pub fn open(dir: &Path) -> Option<Cache> {
        if dir.is_dir() {
            clean_stale(dir);
        }
        let cwd = std::env::current_dir().ok()?;
        let index = dir.join(format!("index-{:016x}.bin", digest((&cwd, build_stamp()))));
        let Index {
            reads,
            entries,
            plain,
            walks,
            proofs,
            ..
        } = read_index(&index).unwrap_or_default();
        let holds = reads.iter().map(|_| OnceLock::new()).collect();
        let mut proof_at: HashMap<u64, Vec<u32>> = HashMap::new();
        for (i, (read, _)) in proofs.iter().enumerate() {
            proof_at.entry(read_key(read)).or_default().push(i as u32);
        }
        let run = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| digest((d.as_nanos(), std::process::id())));
        Some(Cache {
            index,
            run,
            entries: entries
                .into_iter()
                .map(|e| (e.path.clone(), Arc::new(e)))
                .collect(),
            table: reads,
            holds,
            proof_holds: proofs.iter().map(|_| OnceLock::new()).collect(),
            proofs,
            proof_at,
            fresh_proofs: Mutex::default(),
            proven: Mutex::default(),
            fresh: Mutex::default(),
            reads: Mutex::default(),
            modules: Mutex::default(),
            stamps: Stamps::new(),
            seen: Mutex::default(),
            plain: plain.into_iter().collect(),
            fresh_plain: Mutex::default(),
            walks: walks.into_iter().collect(),
            fresh_walks: Mutex::default(),
        })
    }

    /// What the last walk of the directory `dir` found, when one is kept.
    pub fn walked(&self, dir: &str) -> Option<&Walked> {
        self.walks.get(dir)
    }

    /// Keeps what the walk of `dir` found, for the index [`Cache::save`] writes.
    pub fn keep_walk(&self, dir: String, walked: Walked) {
        if let Ok(mut w) = self.fresh_walks.lock() {
            w.push((dir, walked));
        }
    }

    /// The stamp of `path` and whether it is a symbolic link (`None`: it cannot be read),
    /// looked at once per run.
    pub fn stamp(&self, path: &Path) -> Option<(Stamp, bool)> {
        self.look(path).map(|(s, link, _)| (s, link))
    }

    /// [`Cache::stamp`], with the type of what `path` is (of where it leads), looked at
    /// once per run.
    pub fn look(&self, path: &Path) -> Seen {
        // `./m/a.pp` (an environment's file, anchored) is `m/a.pp` (the walk's): one look.
        let mut k = super::paths::key(path);
        while let Some(rest) = k.strip_prefix(b"./") {
            k = rest;
        }
        if let Some(s) = self.seen.lock().ok().and_then(|m| m.get(k).copied()) {
            return s;
        }
        let s = Stamp::with_link(path);
        if let Ok(mut m) = self.seen.lock() {
            m.insert(k.to_vec(), s);
        }
        s
    }

    /// What a run memo ([`super::run_memo`]) must watch of what this run took from the
    /// cache: every path looked at ([`Cache::look`]) with its stamp (`None`: it could not
    /// be read), which covers the files whose entries were used, the rows held by a
    /// file's stamp and the proofs that held; the reads digested anew (a row of a file
    /// stored without a stamp, a missing file's); and the walks of the directories
    /// `walked` (their directories and ignore files). `None` when something was decided
    /// without stamps (a listing digested with no proof, a walk not kept): a memo could
    /// not see it change.
    pub fn watched(&self, walked: &[String]) -> Option<Vec<(PathBuf, Option<Stamp>)>> {
        let mut out = Vec::new();
        // Reads digested anew: a file's (or what is there instead) by its stamp now, which
        // the memo takes only when settled, so unchanged since before the run read it; a
        // listing by the proof made as it was read; a composite by its parts (read too).
        let digested: Vec<Read> = {
            let reads = self.reads.lock().ok()?;
            reads.values().flatten().map(|(r, _)| r.clone()).collect()
        };
        if !digested.is_empty() {
            let fresh = self.fresh_proofs.lock().ok()?;
            for read in &digested {
                match read {
                    Read::File(p) => out.push((p.clone(), Stamp::of(p))),
                    Read::AllRuby(..) | Read::AllFacts(..) => {}
                    _ => {
                        let (_, proof) = fresh.iter().find(|(r, _)| r == read)?;
                        out.extend(proof.stamps().iter().map(|(p, s)| (p.clone(), Some(*s))));
                    }
                }
            }
        }
        {
            use std::os::unix::ffi::OsStrExt;
            let seen = self.seen.lock().ok()?;
            for (k, s) in seen.iter() {
                let path = PathBuf::from(std::ffi::OsStr::from_bytes(k));
                out.push((path, s.map(|(s, _, _)| s)));
            }
        }
        let fresh = self.fresh_walks.lock().ok()?;
        for key in walked {
            let walk = fresh
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, w)| w)
                .or_else(|| self.walks.get(key))?;
            out.extend(walk.stamps().map(|(p, s)| (p.to_path_buf(), s)));
        }
        Some(out)
    }

    /// The directories the walk of `dir` kept by this run or the index went through.
    pub fn walk_dirs(&self, dir: &str) -> Vec<(PathBuf, u8)> {
        let fresh = self.fresh_walks.lock();
        let fresh = fresh.as_ref().ok().and_then(|f| {
            f.iter()
                .find(|(k, _)| k == dir)
                .map(|(_, w)| w.dirs().map(|(d, c)| (d.to_path_buf(), c)).collect())
        });
        fresh.unwrap_or_else(|| {
            self.walks
                .get(dir)
                .map(|w| w.dirs().map(|(d, c)| (d.to_path_buf(), c)).collect())
                .unwrap_or_default()
        })
    }

    /// How many paths were looked at ([`Cache::look`]) so far.
    #[cfg(test)]
    pub fn looked(&self) -> usize {
        self.seen.lock().map_or(0, |m| m.len())
    }

    /// Whether the YAML file `display` (at `path`) was found not to be an Unfurl document
    /// with the bytes it has now (its stamp is the one stored).
    pub fn known_plain(&self, display: &str, path: &Path) -> bool {
        let Some(stored) = self.plain.get(display) else {
            return false;
        };
        let same = self.stamp(path).is_some_and(|(s, _)| s == *stored);
        if same {
            if let Ok(mut f) = self.fresh_plain.lock() {
                f.push((display.to_string(), *stored));
            }
        }
        same
    }

    /// Keeps that the YAML file `display` (at `path`) is not an Unfurl document, when its
    /// stamp is settled.
    pub fn note_plain(&self, display: &str, path: &Path) {
        if let (Some(s), Ok(mut f)) = (self.stamps.settled(path), self.fresh_plain.lock()) {
            f.push((display.to_string(), s));
        }
    }

    /// The entry of `display` (the file at `path`) for `key`, when one is stored and the
    /// file still has the bytes it was stored for: its stamp is the one stored, or else a
    /// digest of its bytes now is.
    pub fn load(&self, display: &str, path: &Path, key: u64) -> Option<Arc<Entry>> {
        let entry = self.entries.get(display)?;
        let content = || {
            (entry.stamp.is_some() && self.stamp(path).map(|s| s.0) == entry.stamp)
                || super::files::read_regular(path).is_ok_and(|b| digest(b) == entry.content)
        };
        (entry.key == key && content()).then(|| entry.clone())
    }

    /// Whether the deep findings of `entry` still hold in a project of digest `project`.
    pub fn deep_holds(&self, entry: &Entry, project: u64) -> bool {
        let Some(deep) = &entry.deep else {
            return true;
        };
        deep.project == project && deep.reads.iter().all(|&i| self.row_holds(i))
    }

    /// Whether the read of row `i` of the index's table gives what it gave then (decided
    /// once per run).
    fn row_holds(&self, i: u32) -> bool {
        let (Some((read, d, stamp)), Some(once)) =
            (self.table.get(i as usize), self.holds.get(i as usize))
        else {
            return false;
        };
        *once.get_or_init(|| {
            let same_file = match read {
                Read::File(p) => stamp.is_some() && self.stamp(p).map(|s| s.0) == *stamp,
                _ => false,
            };
            same_file || self.proven(read) == Some(*d) || self.read_now(read) == *d
        })
    }

    /// What `read` gave when its stored proof ([`cache_proof`]) was made, when the proof
    /// still holds; for `AllRuby` and `AllFacts`, when those of all their parts do.
    fn proven(&self, read: &Read) -> Option<u64> {
        match read {
            Read::File(_) => None,
            Read::AllRuby(..) | Read::AllFacts(..) => {
                let k = read_key(read);
                if let Some(d) = self.proven.lock().ok().and_then(|m| memo(&m, k, read)) {
                    return d;
                }
                let whole = std::cell::Cell::new(true);
                let d = digest_now(
                    read,
                    &mut |part| {
                        let d = self.proven(part);
                        whole.set(whole.get() && d.is_some());
                        d.unwrap_or(0)
                    },
                    &mut |dir| match self.proof(&Read::Modules(dir.to_path_buf())) {
                        Some(p) => Arc::new(p.roots.clone()),
                        None => {
                            whole.set(false);
                            Arc::default()
                        }
                    },
                );
                let d = whole.get().then_some(d);
                if let Ok(mut m) = self.proven.lock() {
                    m.entry(k).or_default().push((read.clone(), d));
                }
                d
            }
            _ => self.proof(read).map(|p| p.digest),
        }
    }

    /// The stored proof of `read`, when it holds (decided once per run).
    fn proof(&self, read: &Read) -> Option<&Proof> {
        let at = self.proof_at.get(&read_key(read))?;
        let i = *at
            .iter()
            .find(|&&i| self.proofs.get(i as usize).is_some_and(|(r, _)| r == read))?;
        let (_, proof) = self.proofs.get(i as usize)?;
        let holds = self
            .proof_holds
            .get(i as usize)?
            .get_or_init(|| proof.holds(&mut |p| self.stamp(p).map(|s| s.0)));
        holds.then_some(proof)
    }

    /// What `read` gives now, digested once per run.
    fn read_now(&self, read: &Read) -> u64 {
        let k = read_key(read);
        if let Some(d) = self.reads.lock().ok().and_then(|m| memo(&m, k, read)) {
            return d;
        }
        // The stamps first: a change while the read is digested is not hidden.
        let stamps = cache_proof::stamps_of(read, &self.stamps);
        let d = digest_now(read, &mut |part| self.read_now(part), &mut |dir| {
            // (A digest of the directory's modules comes with their proof, for
            // [`Cache::proven`].)
            self.read_now(&Read::Modules(dir.to_path_buf()));
            self.modules_of(dir)
        });
        if let (Some(stamps), Ok(mut fresh)) = (stamps, self.fresh_proofs.lock()) {
            let roots = match read {
                Read::Modules(dir) => self.modules_of(dir).to_vec(),
                _ => Vec::new(),
            };
            fresh.push((read.clone(), cache_proof::proof(stamps, d, roots)));
        }
        if let Ok(mut m) = self.reads.lock() {
            m.entry(k).or_default().push((read.clone(), d));
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

    /// Keeps the findings of `display` (with `key`, bytes `content`, its definitions and,
    /// when deep rules ran, the project digest and its reads) for the index that
    /// [`Cache::save`] writes.
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
        let deep = deep.map(|(project, reads)| {
            let rows = reads
                .into_iter()
                .map(|r| {
                    let d = self.read_now(&r);
                    let stamp = match &r {
                        Read::File(p) => self.stamps.settled(p),
                        _ => None,
                    };
                    (r, d, stamp)
                })
                .collect();
            (project, rows)
        });
        let entry = Entry {
            path: display.to_string(),
            key,
            content: digest(content),
            stamp: self.stamps.settled(Path::new(display)),
            clean,
            definitions,
            deep: None,
            findings: findings.iter().map(stored).collect(),
            run: self.run,
        };
        if let Ok(mut fresh) = self.fresh.lock() {
            fresh.push((entry, deep));
        }
    }

    /// Writes the index anew when this run stored entries: those, and the entries read of
    /// other files that still exist. Failures are ignored: the files are checked again
    /// next time.
    pub fn save(&self) {
        let fresh = match self.fresh.lock() {
            Ok(mut f) => std::mem::take(&mut *f),
            Err(_) => return,
        };
        let fresh_plain = match self.fresh_plain.lock() {
            Ok(mut f) => std::mem::take(&mut *f),
            Err(_) => return,
        };
        let new_plain = fresh_plain
            .iter()
            .any(|(p, s)| self.plain.get(p) != Some(s));
        let fresh_walks = match self.fresh_walks.lock() {
            Ok(mut f) => std::mem::take(&mut *f),
            Err(_) => return,
        };
        let fresh_proofs = match self.fresh_proofs.lock() {
            Ok(mut f) => std::mem::take(&mut *f),
            Err(_) => return,
        };
        if fresh.is_empty() && !new_plain && fresh_walks.is_empty() && fresh_proofs.is_empty() {
            return;
        }
        // The proofs of this run, and those read for other reads.
        let renewed: HashSet<&Read> = fresh_proofs.iter().map(|(r, _)| r).collect();
        let mut proofs: Vec<(Read, Proof)> = self
            .proofs
            .iter()
            .filter(|(r, _)| !renewed.contains(r))
            .cloned()
            .collect();
        proofs.extend(fresh_proofs);
        proofs.sort_by(|a, b| a.0.cmp(&b.0));
        let mut walks: HashMap<String, Walked> = self.walks.clone();
        walks.retain(|d, _| Path::new(d).is_dir());
        walks.extend(fresh_walks);
        let mut walks: Vec<(String, Walked)> = walks.into_iter().collect();
        walks.sort_by(|a, b| a.0.cmp(&b.0));
        let mut plain: HashMap<String, Stamp> = self.plain.clone();
        plain.retain(|p, _| Path::new(p).exists());
        plain.extend(fresh_plain);
        let mut plain: Vec<(String, Stamp)> = plain.into_iter().collect();
        plain.sort_by(|a, b| a.0.cmp(&b.0));
        let mut rows: Vec<Row> = Vec::new();
        let mut numbers: HashMap<Row, u32> = HashMap::new();
        let mut number = |row: &Row| -> u32 {
            *numbers.entry(row.clone()).or_insert_with(|| {
                rows.push(row.clone());
                (rows.len() - 1) as u32
            })
        };
        let renewed: HashSet<&str> = fresh.iter().map(|(e, _)| e.path.as_str()).collect();
        let mut entries: Vec<Entry> = Vec::new();
        let mut kept: Vec<&Arc<Entry>> = self
            .entries
            .values()
            .filter(|e| !renewed.contains(e.path.as_str()) && Path::new(&e.path).exists())
            .collect();
        kept.sort_by(|a, b| a.path.cmp(&b.path));
        for old in kept {
            let mut e = Entry::clone(old);
            if let Some(d) = &mut e.deep {
                let table = &self.table;
                d.reads = d
                    .reads
                    .iter()
                    .filter_map(|&i| table.get(i as usize))
                    .map(&mut number)
                    .collect();
            }
            entries.push(e);
        }
        for (mut e, deep) in fresh {
            e.deep = deep.map(|(project, reads)| Deep {
                project,
                reads: reads.iter().map(&mut number).collect(),
            });
            entries.push(e);
        }
        let index = Index {
            version: VERSION.to_string(),
            reads: rows,
            entries,
            plain,
            walks,
            proofs,
        };
        if let Ok(body) = postcard::to_allocvec(&index) {
            if self.index.parent().is_some_and(create_dir) {
                let _ = write_file(&self.index, &framed(&body));
            }
        }
    }
}

/// Creates the cache directory `dir` and its `.gitignore` when missing; whether it is
/// there.
fn create_dir(dir: &Path) -> bool {
    if std::fs::create_dir_all(dir).is_err() {
        return false;
    }
    let ignore = dir.join(".gitignore");
    ignore.is_file()
        || write_file(
            &ignore,
            b"# Created by rein: the cache is not for version control.\n*\n",
        )
        .is_ok()
}

/// The index at `path`, when it is whole and of this version of rein.
fn read_index(path: &Path) -> Option<Index> {
    let bytes = std::fs::read(path).ok()?;
    // The magic number, a checksum of the rest, then the index: damage is seen, not trusted.
    let (magic, rest) = bytes.split_first_chunk::<8>()?;
    let (sum, body) = rest.split_first_chunk::<8>()?;
    if magic != MAGIC || u64::from_le_bytes(*sum) != checksum(body) {
        return None;
    }
    // The version first: an index of another version is not decoded further.
    let (version, _) = postcard::take_from_bytes::<&str>(body).ok()?;
    if version != VERSION {
        return None;
    }
    let index: Index = postcard::from_bytes(body).ok()?;
    Some(index)
}

/// An entry as [`inspect`] shows it: the displayed path, the run that stored it, and
/// whether its stamp was stored.
pub type Inspected = (String, u64, bool);

/// What the index file at `path` holds, for inspection (the tests): each entry's displayed
/// path, the run that stored it and whether its stamp was stored, and the version; `None`
/// when the index is not sound (damaged, or of another version).
pub fn inspect(path: &Path) -> Option<(String, Vec<Inspected>)> {
    let index = read_index(path)?;
    let entries = index.entries.iter();
    let entries = entries.map(|e| (e.path.clone(), e.run, e.stamp.is_some()));
    Some((index.version, entries.collect()))
}

/// The directories whose walks the index file at `path` keeps, for inspection (the tests);
/// `None` when the index is not sound.
pub fn inspect_walks(path: &Path) -> Option<Vec<String>> {
    Some(read_index(path)?.walks.into_iter().map(|w| w.0).collect())
}

/// The reads whose proofs ([`cache_proof`]) the index file at `path` keeps, shown as
/// `Debug` shows them, for inspection (the tests); `None` when the index is not sound.
pub fn inspect_proofs(path: &Path) -> Option<Vec<String>> {
    let proofs = read_index(path)?.proofs.into_iter();
    Some(proofs.map(|(read, _)| format!("{read:?}")).collect())
}

/// An index file's bytes for `body` (the index encoded): the magic number, the checksum,
/// the body.
pub fn framed(body: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(body.len() + 16);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&checksum(body).to_le_bytes());
    bytes.extend_from_slice(body);
    bytes
}

/// A checksum of `bytes` to see damage (not an adversary's), eight bytes at a time: a
/// multiply-rotate mix, about ten times faster than a digest of the same bytes.
pub(super) fn checksum(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mix = |h: u64, w: u64| (h ^ w).wrapping_mul(K).rotate_left(29);
    let mut chunks = bytes.chunks_exact(8);
    let mut h = mix(K, bytes.len() as u64);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = mix(h, u64::from_le_bytes(w));
    }
    let mut tail = [0u8; 8];
    let rest = chunks.remainder();
    tail[..rest.len()].copy_from_slice(rest);
    let h = mix(h, u64::from_le_bytes(tail));
    h ^ (h >> 31)
}

impl Entry {
    /// The stored findings, for the file shown as `display`.
    pub fn findings(&self, display: &str) -> Vec<Finding> {
        let file = Arc::new(display.to_string());
        self.findings.iter().map(|s| restored(s, &file)).collect()
    }

    /// The report of the file `display` (at `path`) from this entry: its text is read only
    /// when there are findings to show it with, and `with_text`.
    pub fn report(&self, path: &Path, display: String, with_text: bool) -> FileReport {
        let findings = self.findings(&display);
        let source = if findings.is_empty() || !with_text {
            String::new()
        } else {
            // The bytes stored were the text (see `check::remember`), or YAML read lossily.
            super::files::read_regular(path)
                .ok()
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default()
        };
        FileReport {
            path: display,
            source,
            findings,
            fixed: Vec::new(),
        }
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
        // Made of the module's own part and of one read per directory (digested once
        // per run however many modules' module paths hold it), that of its modules' parts.
        Read::AllRuby(dirs, own) | Read::AllFacts(dirs, own) => {
            let ruby = matches!(read, Read::AllRuby(..));
            let one = |root: &Path| match ruby {
                true => Read::Ruby(root.to_path_buf()),
                false => Read::Facts(root.to_path_buf()),
            };
            let mut add = |path: &Path, d: u64| {
                h.write(super::paths::key(path));
                h.write_u64(d);
            };
            match (dirs.as_slice(), own) {
                ([dir], None) => {
                    for root in modules(dir).iter() {
                        add(root, part(&one(root)));
                    }
                }
                _ => {
                    if let Some(root) = own {
                        add(root, part(&one(root)));
                    }
                    for dir in dirs {
                        let all = match ruby {
                            true => Read::AllRuby(vec![dir.clone()], None),
                            false => Read::AllFacts(vec![dir.clone()], None),
                        };
                        add(dir, part(&all));
                    }
                }
            }
        }
        Read::Ruby(root) => {
            let r = crate::eval::loader::scan_ruby(root);
            for set in [&r.functions, &r.legacy_functions, &r.types] {
                sorted(set).hash(&mut h);
            }
        }
        Read::Facts(root) => {
            let mut facts = std::collections::HashSet::new();
            crate::eval::loader::collect_facts(&root.join("lib/facter"), &mut facts, 0);
            sorted(&facts).hash(&mut h);
        }
        Read::Names(root) => crate::eval::loader::manifest_names_in(root, "").hash(&mut h),
    }
    h.finish()
}

/// What the memo `m` (by [`read_key`]) holds for `read` (of key `k`).
fn memo<T: Copy>(m: &ReadMemo<T>, k: u64, read: &Read) -> Option<T> {
    let same = m.get(&k)?.iter().find(|(r, _)| r == read);
    same.map(|(_, v)| *v)
}

/// A hash of `read` by the bytes of its paths (a derived `Hash` would hash the paths
/// component by component, [`super::paths::key`]).
fn read_key(read: &Read) -> u64 {
    use std::hash::BuildHasher;
    let mut h = foldhash::fast::FixedState::default().build_hasher();
    let mut path = |p: &Path| h.write(super::paths::key(p));
    match read {
        Read::File(p) | Read::Modules(p) | Read::Ruby(p) | Read::Facts(p) | Read::Names(p) => {
            path(p)
        }
        Read::AllRuby(dirs, own) | Read::AllFacts(dirs, own) => {
            dirs.iter().chain(own).for_each(|p| path(p))
        }
    }
    h.write_u8(match read {
        Read::File(_) => 0,
        Read::Modules(_) => 1,
        Read::AllRuby(..) => 2,
        Read::AllFacts(..) => 3,
        Read::Ruby(_) => 4,
        Read::Facts(_) => 5,
        Read::Names(_) => 6,
    });
    h.finish()
}

/// The module roots in `dir`, sorted.
fn modules_of(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = crate::eval::loader::scan(dir).into_values().collect();
    found.sort();
    found
}

fn sorted<S>(set: &std::collections::HashSet<String, S>) -> BTreeSet<&String> {
    set.iter().collect()
}

/// The running program's size and modification time (`None` where they cannot be read).
pub fn build_stamp() -> Option<(u64, std::time::SystemTime)> {
    let meta = std::env::current_exe().ok()?.metadata().ok()?;
    Some((meta.len(), meta.modified().ok()?))
}
