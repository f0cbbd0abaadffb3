//! What a walk of a directory found, kept by the cache ([`super::cache`]) with what it
//! depends on, so that a warm run need not walk again: the stamp of every directory walked
//! (a file added, removed or renamed in it changes its modification time), and of every
//! ignore file that applies (`.gitignore`, `.ignore`, `.git/info/exclude`, in the
//! directories walked and above the root). While all of them are the same, the walk would
//! find the same files: one `stat` per directory instead of reading it and looking for its
//! ignore files.
//!
//! A walk is kept only when it is plain: no symbolic link met (where it leads may change
//! unseen), no error, no `.git` that is a file, and every directory's stamp settled
//! ([`Stamps::settled`]: not changed within the moments before the run).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::stamp::{Stamp, Stamps};

/// The ignore files a directory may hold that the walk honours.
const IGNORE_FILES: [&str; 3] = [".gitignore", ".ignore", ".git/info/exclude"];

/// What one walk found (files, by name, with their inode numbers; notes) and the stamps it
/// depends on.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Walked {
    dirs: Vec<(PathBuf, Stamp)>,
    ignores: Vec<(PathBuf, Option<Stamp>)>,
    pub files: Vec<(PathBuf, u64)>,
    pub notes: Vec<String>,
    /// Which configuration files each directory walked holds
    /// ([`crate::config::config_files_in`]): a run that reuses the walk need not look.
    pub configs: Vec<(PathBuf, u8)>,
}

impl Walked {
    /// Whether a walk now would find what this one found: every stamp is the same.
    pub fn holds(&self) -> bool {
        self.dirs.iter().all(|(d, s)| Stamp::of(d) == Some(*s))
            && self.ignores.iter().all(|(f, s)| Stamp::of(f) == *s)
    }
}

impl Walked {
    /// The stamps the walk depends on: its directories and ignore files (`None`: absent).
    pub fn stamps(&self) -> impl Iterator<Item = (&Path, Option<Stamp>)> {
        let dirs = self.dirs.iter().map(|(d, s)| (d.as_path(), Some(*s)));
        dirs.chain(self.ignores.iter().map(|(f, s)| (f.as_path(), *s)))
    }

    /// The directories walked, each with the configuration files it held
    /// ([`crate::config::config_files_in`]).
    pub fn dirs(&self) -> impl Iterator<Item = (&Path, u8)> {
        self.configs.iter().map(|(d, c)| (d.as_path(), *c))
    }
}

/// Records a walk of `root` as it goes; [`Recording::finish`] gives the walk to keep, if
/// it is plain.
#[derive(Debug)]
pub struct Recording {
    walked: Walked,
    stamps: Stamps,
    plain: bool,
}

impl Recording {
    /// A recording of the walk of `root`: the ignore files above it apply too.
    pub fn new(root: &Path) -> Recording {
        let mut r = Recording {
            walked: Walked::default(),
            stamps: Stamps::new(),
            plain: true,
        };
        let above = std::fs::canonicalize(root).ok();
        for dir in above.iter().flat_map(|a| a.ancestors().skip(1)) {
            for name in IGNORE_FILES {
                let f = dir.join(name);
                let s = Stamp::of(&f);
                r.walked.ignores.push((f, s));
            }
        }
        r
    }

    /// The walk met the directory `dir`: its stamp, and the ignore files it holds.
    pub fn dir(&mut self, dir: &Path) {
        match self.stamps.settled(dir) {
            Some(s) => self.walked.dirs.push((dir.to_path_buf(), s)),
            None => self.plain = false,
        }
        let configs = crate::config::config_files_in(dir);
        self.walked.configs.push((dir.to_path_buf(), configs));
        if std::fs::symlink_metadata(dir.join(".git")).is_ok_and(|m| !m.is_dir()) {
            self.plain = false;
        }
        for name in IGNORE_FILES {
            let f = dir.join(name);
            // An absent `.gitignore` or `.ignore` appearing changes the directory's stamp;
            // an absent `exclude` appearing does not: its absence is kept too.
            let s = Stamp::of(&f);
            if s.is_some() || name.starts_with(".git/") && dir.join(".git").is_dir() {
                self.walked.ignores.push((f, s));
            }
        }
    }

    /// The walk found the file `path` (inode `ino`).
    pub fn file(&mut self, path: &Path, ino: u64) {
        self.walked.files.push((path.to_path_buf(), ino));
    }

    /// The walk met what makes it not plain (a link, an error).
    pub fn not_plain(&mut self) {
        self.plain = false;
    }

    /// The walk to keep (with the notes it gave), when it was plain.
    pub fn finish(mut self, notes: Vec<String>) -> Option<Walked> {
        self.walked.notes = notes;
        self.plain.then_some(self.walked)
    }
}
