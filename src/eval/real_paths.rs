//! Where paths really are (as `canonicalize` gives them), each directory resolved once
//! per run through its parent: one `lstat` per directory instead of a `readlink` per
//! component of every path (with 1,887 files named, `canonicalize` made 6 `readlink`s
//! for each). Kept by the run's [`Probes`](super::probes::Probes) for the evaluator's
//! questions, and by the workspace for the cache's keys and the files it writes.

use foldhash::HashMap;
use std::path::{Path, PathBuf};

/// The real places of the directories resolved so far in a run.
#[derive(Debug, Default)]
pub struct RealPaths {
    dirs: HashMap<Vec<u8>, Option<PathBuf>>,
}

impl RealPaths {
    /// Where `path` really is (as `canonicalize`).
    pub fn real(&mut self, path: &Path) -> Option<PathBuf> {
        self.canonical(path, None)
    }

    /// Where `path` really is (as `canonicalize`; `is_link`: whether it is a symbolic link,
    /// when known).
    pub fn canonical(&mut self, path: &Path, is_link: Option<bool>) -> Option<PathBuf> {
        let is_link = match is_link {
            Some(l) => l,
            None => std::fs::symlink_metadata(path)
                .ok()?
                .file_type()
                .is_symlink(),
        };
        match (path.parent(), path.file_name()) {
            (Some(dir), Some(name)) if !is_link => Some(self.real_dir(dir)?.join(name)),
            _ => std::fs::canonicalize(path).ok(),
        }
    }

    /// Where the directory `dir` really is: its parent's real place and its name, unless it
    /// is a link or relative.
    pub fn real_dir(&mut self, dir: &Path) -> Option<PathBuf> {
        if let Some(real) = self.dirs.get(dir.as_os_str().as_encoded_bytes()) {
            return real.clone();
        }
        let real = match (dir.parent(), dir.file_name()) {
            (Some(parent), Some(name))
                if dir.is_absolute()
                    && std::fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir()) =>
            {
                self.real_dir(parent).map(|p| p.join(name))
            }
            _ => std::fs::canonicalize(dir).ok(),
        };
        self.dirs
            .insert(dir.as_os_str().as_encoded_bytes().to_vec(), real.clone());
        real
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_places_are_those_canonicalize_gives() {
        let dir = tempfile::tempdir().expect("temp dir");
        let base = dir.path();
        std::fs::create_dir_all(base.join("a/b")).expect("mkdir");
        std::fs::write(base.join("a/b/f.pp"), "").expect("write");
        std::os::unix::fs::symlink(base.join("a"), base.join("link")).expect("symlink");
        std::os::unix::fs::symlink(base.join("a/b/f.pp"), base.join("fl.pp")).expect("symlink");
        let mut real = RealPaths::default();
        for p in [
            "a/b/f.pp",
            "link/b/f.pp",
            "fl.pp",
            "link",
            "a/b",
            "missing/x",
        ] {
            let p = base.join(p);
            assert_eq!(
                real.real(&p),
                std::fs::canonicalize(&p).ok(),
                "{}",
                p.display()
            );
        }
    }
}
