//! What the evaluation of one checked file read from the module path, so that a cache of
//! its findings knows when they are stale: each [`Read`] names one thing read (a file, the
//! module list of a directory, the Ruby files of all modules, the custom
//! facts of all modules, the manifests of a module), and the cache (`workspace::cache`) digests what it holds now.
//!
//! A run that wants to know records through a [`Recorder`] (one [`ReadLog`] per checked
//! file, filled by that file's [`super::loader::ModulePath`]).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

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

/// What one file's evaluation read.
#[derive(Debug, Default)]
pub struct ReadLog {
    reads: Mutex<HashSet<Read>>,
    /// Every module's Ruby files, and custom facts, were read (recorded once).
    all_ruby: AtomicBool,
    all_facts: AtomicBool,
    /// While a class's evaluation is recorded (nested recordings count), every read in
    /// order, repeats included: what the recording must read again when it is replayed.
    capturing: AtomicUsize,
    captured: Mutex<Vec<Read>>,
}

impl ReadLog {
    pub fn record(&self, read: Read) {
        if self.capturing.load(Ordering::Relaxed) > 0 {
            if let Ok(mut c) = self.captured.lock() {
                c.push(read.clone());
            }
        }
        if let Ok(mut r) = self.reads.lock() {
            r.insert(read);
        }
    }

    /// Records `make()` the first time only (`facts`: the facts flag, else the Ruby files
    /// flag); every time while capturing.
    pub fn record_once(&self, facts: bool, make: impl FnOnce() -> Read) {
        let flag = if facts {
            &self.all_facts
        } else {
            &self.all_ruby
        };
        if self.capturing.load(Ordering::Relaxed) > 0 {
            let read = make();
            if let Ok(mut c) = self.captured.lock() {
                c.push(read.clone());
            }
            if !flag.swap(true, Ordering::Relaxed) {
                if let Ok(mut r) = self.reads.lock() {
                    r.insert(read);
                }
            }
        } else if !flag.swap(true, Ordering::Relaxed) {
            self.record(make());
        }
    }

    /// Starts capturing the reads (for a recording); the mark to give [`Self::end_capture`].
    pub fn begin_capture(&self) -> usize {
        self.capturing.fetch_add(1, Ordering::Relaxed);
        self.captured.lock().map_or(0, |c| c.len())
    }

    /// The reads since `mark`, and ends that capture (the outermost one forgets them).
    pub fn end_capture(&self, mark: usize) -> Vec<Read> {
        let last = self.capturing.fetch_sub(1, Ordering::Relaxed) == 1;
        let Ok(mut c) = self.captured.lock() else {
            return Vec::new();
        };
        let reads = c.get(mark..).map(<[Read]>::to_vec).unwrap_or_default();
        if last {
            c.clear();
        }
        reads
    }

    /// Records `reads` again (a replayed recording's), as they were recorded.
    pub fn replay(&self, reads: &[Read]) {
        for read in reads {
            match read {
                Read::AllFacts(..) => self.record_once(true, || read.clone()),
                Read::AllRuby(..) => self.record_once(false, || read.clone()),
                _ => self.record(read.clone()),
            }
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
