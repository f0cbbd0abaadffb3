//! Questions about the file system that one run asks again and again, answered once per
//! run: whether a directory or file exists, where a path really is (`canonicalize`) and
//! the current directory. Finding each file's module path walks every ancestor of the file
//! (asking for `manifests/`, `modules/`, `site/` in each, up to `/`) and tells whether the
//! environment or module found is inside the checked roots (a `readlink` for every
//! component); the namespace rules ask for `environment.conf`, `Puppetfile`,
//! `metadata.json` and the current directory at every definition. On the Debian corpus
//! that was 17,527 `statx` for `manifests` alone, 7,840 `readlink` and 3,653 `getcwd`, for
//! fewer than 500 distinct directories.
//!
//! The answers belong to a [`Project`](super::project::Project), which lives for one run:
//! a directory created or removed between two runs (the language server's) is seen by the
//! second.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use foldhash::HashMap as Table;

use super::module_store::remembered;
use super::real_paths::RealPaths;

/// The key of `path` in the tables: its bytes (hashing them is several times cheaper than
/// hashing a `Path` component by component; two spellings of one path are two keys, with
/// the same answer).
fn key(path: &Path) -> &[u8] {
    path.as_os_str().as_encoded_bytes()
}

/// The answers of one run (see the module documentation).
#[derive(Debug, Default)]
pub struct Probes {
    /// Whether a path is a directory (following links, as [`Path::is_dir`]).
    dirs: Mutex<Table<Vec<u8>, bool>>,
    /// Whether a path exists (following links, as [`Path::exists`]).
    found: Mutex<Table<Vec<u8>, bool>>,
    /// Whether a directory is an environment (see `loader::is_environment`).
    environments: Mutex<Table<Vec<u8>, bool>>,
    /// Where directories really are.
    real: Mutex<RealPaths>,
    /// Where each path asked about really is (`None`: it does not exist).
    resolved: Mutex<Table<Vec<u8>, Option<PathBuf>>>,
    /// The current directory.
    cwd: OnceLock<Option<PathBuf>>,
}

impl Probes {
    /// Whether `path` is a directory (as [`Path::is_dir`]), asked of the file system once.
    pub fn is_dir(&self, path: &Path) -> bool {
        remembered(&self.dirs, key(path), || path.is_dir())
    }

    /// Whether the directory `dir` is an environment, found by `find` once.
    pub fn is_environment(&self, dir: &Path, find: impl FnOnce() -> bool) -> bool {
        remembered(&self.environments, key(dir), find)
    }

    /// Whether `path` exists (as [`Path::exists`]), asked of the file system once.
    pub fn exists(&self, path: &Path) -> bool {
        remembered(&self.found, key(path), || path.exists())
    }

    /// The current directory (`None` when it cannot be known), asked for once.
    pub fn current_dir(&self) -> Option<&Path> {
        self.cwd
            .get_or_init(|| std::env::current_dir().ok())
            .as_deref()
    }

    /// Where `path` really is (as [`Path::canonicalize`]; `None` when it does not exist),
    /// each directory resolved once ([`RealPaths`]): with every file named on the command
    /// line, the checked roots are as many as the files, and resolving each whole cost a
    /// `readlink` per component and a `getcwd` (6,860 and 1,887 for the corpus's files).
    pub fn canonical(&self, path: &Path) -> Option<PathBuf> {
        remembered(&self.resolved, key(path), || {
            // A relative path from the current directory: its directories resolved once
            // too (`canonicalize` asks for the current directory every time).
            let absolute;
            let path = if path.as_os_str().is_empty() {
                return None;
            } else if path.is_relative() {
                absolute = self.current_dir()?.join(path);
                &absolute
            } else {
                path
            };
            self.real.lock().ok()?.real(path)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_those_of_the_file_system_and_kept_for_the_run() {
        let dir = std::env::temp_dir().join(format!("rein-probes-{}", std::process::id()));
        let sub = dir.join("manifests");
        std::fs::create_dir_all(&sub).unwrap_or_else(|e| panic!("{e}"));
        let probes = Probes::default();
        assert!(probes.is_dir(&sub));
        assert!(!probes.is_dir(&dir.join("site")));
        let real = std::fs::canonicalize(&sub).ok();
        assert_eq!(probes.canonical(&sub.join("..").join("manifests")), real);
        assert_eq!(probes.canonical(&dir.join("nothing")), None);
        // A file: its directory resolved, the file itself when it is a link.
        let file = sub.join("a.pp");
        std::fs::write(&file, "").unwrap_or_else(|e| panic!("{e}"));
        let link = dir.join("link.pp");
        std::os::unix::fs::symlink(&file, &link).unwrap_or_else(|e| panic!("{e}"));
        let through = dir.join("manifests/../manifests/a.pp");
        let relative = ["", ".", "src", "src/../src/lib.rs", "no/such.pp"].map(PathBuf::from);
        for p in [&file, &link, &through, &dir.join("manifests/none.pp"), &sub]
            .into_iter()
            .chain(&relative)
        {
            assert_eq!(probes.canonical(p), std::fs::canonicalize(p).ok(), "{p:?}");
        }
        std::fs::remove_file(&link).unwrap_or_else(|e| panic!("{e}"));
        std::fs::remove_file(&file).unwrap_or_else(|e| panic!("{e}"));
        assert!(probes.exists(&sub) && !probes.exists(&dir.join("nothing")));
        assert_eq!(
            probes.current_dir(),
            std::env::current_dir().ok().as_deref()
        );
        // Within the run, the first answer stands; a new run (new probes) sees the change.
        std::fs::create_dir(dir.join("site")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::remove_dir(&sub).unwrap_or_else(|e| panic!("{e}"));
        assert!(!probes.is_dir(&dir.join("site")));
        assert!(probes.is_dir(&sub));
        assert!(probes.is_environment(&dir, || true));
        assert!(probes.is_environment(&dir, || false), "asked once per run");
        let next = Probes::default();
        assert!(!next.is_environment(&dir, || false));
        assert!(next.is_dir(&dir.join("site")));
        assert!(!next.is_dir(&sub));
        assert_eq!(next.canonical(&sub), None);
        std::fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    }
}
