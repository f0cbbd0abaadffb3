//! What a read of directories depended on ([`Proof`]), kept by the cache with the read's
//! digest so that a warm run need not read those directories again: a module path
//! directory's modules (`Modules`), a module's Ruby functions and types (`Ruby`), its
//! custom facts (`Facts`) and its manifests' names (`Names`).
//!
//! A proof holds the stamp of every directory below the read's roots, with no depth limit
//! (a file added, removed or renamed in a directory changes its stamp), of every file below
//! them when the read reads their text (custom facts), and, for a root that is missing or
//! not a directory, the stamp of the directory that proves it stays so. While every stamp
//! is the same, the read would give what it gave: one `stat` per directory instead of
//! listing it and looking at each entry. A proof is made only when the directories are
//! plain: a symbolic link below a root (where it leads may change unseen) or a stamp not
//! settled ([`Stamps::settled`]: changed within the moments before the run) gives none,
//! and the read is digested again next time, as without proofs.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::stamp::{Stamp, Stamps};
use crate::eval::reads::Read;

/// More stamps than this in one proof: no proof (a read of a huge tree is digested).
const LIMIT: usize = 50_000;

/// A read's digest and the stamps it depends on.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Proof {
    /// The digest of what the read gave.
    pub digest: u64,
    stamps: Vec<(PathBuf, Stamp)>,
    /// For `Modules`: the module roots it found (the parts of `AllRuby` and `AllFacts`).
    pub roots: Vec<PathBuf>,
}

impl Proof {
    /// The stamps it depends on.
    pub fn stamps(&self) -> &[(PathBuf, Stamp)] {
        &self.stamps
    }

    /// Whether every stamp is the same now; `stamp` gives a path's stamp now.
    pub fn holds(&self, stamp: &mut dyn FnMut(&Path) -> Option<Stamp>) -> bool {
        self.stamps.iter().all(|(p, s)| stamp(p) == Some(*s))
    }
}

/// The stamps that `read` (one that lists directories) depends on now, to be taken
/// before it is digested; `None` when it cannot be proven so (see the module
/// documentation), or when the read is a file's or made of other reads.
pub fn stamps_of(read: &Read, stamps: &Stamps) -> Option<Vec<(PathBuf, Stamp)>> {
    let mut t = Tracer {
        out: Vec::new(),
        stamps,
    };
    match read {
        Read::Modules(dir) => t.listing(dir)?,
        Read::Ruby(root) => {
            let lib = root.join("lib/puppet");
            for dir in ["functions", "parser/functions", "type"] {
                t.tree(&lib.join(dir), false)?;
            }
        }
        Read::Facts(root) => t.tree(&root.join("lib/facter"), true)?,
        Read::Names(root) => t.tree(&root.join("manifests"), false)?,
        Read::File(_) | Read::AllRuby(..) | Read::AllFacts(..) => return None,
    }
    Some(t.out)
}

/// The proof of a read whose stamps were `stamps` ([`stamps_of`]) and digest `digest`.
pub fn proof(stamps: Vec<(PathBuf, Stamp)>, digest: u64, roots: Vec<PathBuf>) -> Proof {
    Proof {
        digest,
        stamps,
        roots,
    }
}

/// Gathers the stamps of a proof.
struct Tracer<'a> {
    out: Vec<(PathBuf, Stamp)>,
    stamps: &'a Stamps,
}

impl Tracer<'_> {
    /// Keeps the stamp of `path`, when settled.
    fn stamp(&mut self, path: &Path) -> Option<()> {
        let s = self.stamps.settled(path)?;
        self.out.push((path.to_path_buf(), s));
        (self.out.len() <= LIMIT).then_some(())
    }

    /// `dir`'s entries: its stamp, and the stamp of each entry that is a symbolic link
    /// (where it leads); when `dir` is not a directory, what proves it stays so.
    fn listing(&mut self, dir: &Path) -> Option<()> {
        if !self.is_dir(dir)? {
            return Some(());
        }
        self.stamp(dir)?;
        for e in std::fs::read_dir(dir).ok()? {
            let e = e.ok()?;
            if e.file_type().ok()?.is_symlink() {
                self.stamp(&e.path())?;
            }
        }
        Some(())
    }

    /// `dir` and every directory below it (and every file, when `files`); when `dir` is
    /// not a directory, what proves it stays so.
    fn tree(&mut self, dir: &Path, files: bool) -> Option<()> {
        if self.is_dir(dir)? {
            self.below(dir, files)?;
        }
        Some(())
    }

    fn below(&mut self, dir: &Path, files: bool) -> Option<()> {
        self.stamp(dir)?;
        for e in std::fs::read_dir(dir).ok()? {
            let e = e.ok()?;
            let t = e.file_type().ok()?;
            if t.is_symlink() {
                return None;
            }
            if t.is_dir() {
                self.below(&e.path(), files)?;
            } else if files {
                self.stamp(&e.path())?;
            }
        }
        Some(())
    }

    /// Whether `path` is a directory (not a link to one: `None`, no proof); when it is
    /// not, the stamp that proves it stays so is kept: a missing path stays missing while
    /// its nearest existing ancestor keeps its entries, a file stays a file while its
    /// directory does.
    fn is_dir(&mut self, path: &Path) -> Option<bool> {
        let mut cur = path;
        loop {
            let at = if cur.as_os_str().is_empty() {
                Path::new(".")
            } else {
                cur
            };
            match std::fs::symlink_metadata(at) {
                Ok(m) if m.file_type().is_symlink() => return None,
                Ok(m) if m.is_dir() => {
                    if cur == path {
                        return Some(true);
                    }
                    self.stamp(at)?;
                    return Some(false);
                }
                Ok(_) => {
                    self.stamp(parent(at)?)?;
                    return Some(false);
                }
                Err(e) if e.kind() == ErrorKind::NotFound => cur = parent(at)?,
                Err(_) => return None,
            }
        }
    }
}

/// The directory holding `path` (`.` for a relative name without one).
fn parent(path: &Path) -> Option<&Path> {
    let p = path.parent()?;
    Some(if p.as_os_str().is_empty() {
        Path::new(".")
    } else {
        p
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stamps settled at once (a run starting well after the files were written).
    fn later() -> Stamps {
        Stamps::before(std::time::SystemTime::now() + std::time::Duration::from_secs(60))
    }

    fn paths(read: &Read) -> Option<Vec<String>> {
        let stamps = stamps_of(read, &later())?;
        Some(
            stamps
                .into_iter()
                .map(|(p, _)| p.display().to_string())
                .collect(),
        )
    }

    #[test]
    fn proofs_stamp_every_directory_and_what_keeps_a_missing_root_missing() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let m = tmp.path().join("m");
        for d in ["lib/puppet/functions/m/x", "lib/facter/sub", "manifests/a"] {
            std::fs::create_dir_all(m.join(d)).expect("mkdir");
        }
        std::fs::write(m.join("lib/facter/f.rb"), "").expect("write");
        std::fs::write(m.join("lib/facter/sub/g.rb"), "").expect("write");
        let rel = |v: Vec<String>| -> Vec<String> {
            let base = format!("{}/", tmp.path().display());
            v.into_iter().map(|p| p.replace(&base, "")).collect()
        };
        let mut ruby = rel(paths(&Read::Ruby(m.clone())).expect("proof"));
        ruby.sort();
        // `parser/functions` and `type` are missing: `lib/puppet` keeps them so.
        assert_eq!(
            ruby,
            [
                "m/lib/puppet",
                "m/lib/puppet",
                "m/lib/puppet/functions",
                "m/lib/puppet/functions/m",
                "m/lib/puppet/functions/m/x"
            ]
        );
        let mut facts = rel(paths(&Read::Facts(m.clone())).expect("proof"));
        facts.sort();
        assert_eq!(
            facts,
            [
                "m/lib/facter",
                "m/lib/facter/f.rb",
                "m/lib/facter/sub",
                "m/lib/facter/sub/g.rb"
            ]
        );
        let names = rel(paths(&Read::Names(m.clone())).expect("proof"));
        assert_eq!(names.len(), 2);
        assert_eq!(
            paths(&Read::Modules(tmp.path().to_path_buf())),
            Some(vec![tmp.path().display().to_string()])
        );
        // A missing module: its nearest existing ancestor.
        let gone = tmp.path().join("gone");
        assert_eq!(
            paths(&Read::Names(gone)),
            Some(vec![tmp.path().display().to_string()])
        );
        // Files and composite reads have no such proof.
        assert_eq!(paths(&Read::File(m.join("x"))), None);
        assert_eq!(paths(&Read::AllRuby(vec![], Some(m.clone()))), None);
    }

    #[test]
    fn links_and_unsettled_stamps_give_no_proof() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let m = tmp.path().join("m");
        std::fs::create_dir_all(m.join("manifests")).expect("mkdir");
        std::fs::create_dir_all(tmp.path().join("elsewhere")).expect("mkdir");
        // Changed just now: not settled for a run starting now.
        assert!(stamps_of(&Read::Names(m.clone()), &Stamps::new()).is_none());
        assert!(paths(&Read::Names(m.clone())).is_some());
        std::os::unix::fs::symlink(tmp.path().join("elsewhere"), m.join("manifests/l"))
            .expect("symlink");
        assert_eq!(paths(&Read::Names(m.clone())), None);
        // A link among a module path's modules: where it leads is stamped.
        std::os::unix::fs::symlink(&m, tmp.path().join("n")).expect("symlink");
        let listed = paths(&Read::Modules(tmp.path().to_path_buf())).expect("proof");
        assert_eq!(listed.len(), 2, "{listed:?}");
    }
}
