//! Finding the manifests to check: walks directories for `.pp` files with the `ignore`
//! crate (honours `.gitignore` and `.ignore` even outside a git repository; skips hidden
//! entries such as `.git`, and `vendor/` and `spec/fixtures/` directories). A file named
//! explicitly is always checked, whatever its name, and so is one whose text the workspace
//! was given even when it is not on disk.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use ignore::{DirEntry, WalkBuilder};

use crate::config::io_message;

/// The manifests found under `paths`, and the problems met (missing paths, unreadable
/// directories), as messages.
#[derive(Debug, Default)]
pub struct Discovered {
    pub files: Vec<PathBuf>,
    pub errors: Vec<String>,
}

/// Finds the manifests named by or below `paths`, sorted and without duplicates; a named
/// path for which `has_text` holds is a file even when it is not on disk.
pub fn discover(paths: &[PathBuf], has_text: impl Fn(&Path) -> bool) -> Discovered {
    let mut files = BTreeSet::new();
    let mut errors = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Err(_) if has_text(path) => {
                files.insert(path.clone());
            }
            Err(e) => errors.push(format!("{}: {}", path.display(), io_message(&e))),
            Ok(meta) if meta.is_dir() => walk(path, &mut files, &mut errors),
            Ok(_) => {
                files.insert(path.clone());
            }
        }
    }
    Discovered {
        files: files.into_iter().collect(),
        errors,
    }
}

fn walk(root: &Path, files: &mut BTreeSet<PathBuf>, errors: &mut Vec<String>) {
    let mut builder = WalkBuilder::new(root);
    builder
        .hidden(true)
        .git_ignore(true)
        .git_exclude(true)
        .git_global(false)
        .ignore(true)
        .parents(true)
        .require_git(false)
        .follow_links(true)
        .filter_entry(|e| !is_skipped_dir(e));
    for entry in builder.build() {
        match entry {
            Ok(e) => {
                let is_file = e.file_type().is_some_and(|t| t.is_file());
                if is_file && e.path().extension().is_some_and(|x| x == "pp") {
                    files.insert(clean(e.path()));
                }
            }
            Err(e) => errors.push(e.to_string()),
        }
    }
}

/// `vendor/`, `spec/fixtures/` and `.git/` below a walked root are not checked.
fn is_skipped_dir(e: &DirEntry) -> bool {
    if e.depth() == 0 || !e.file_type().is_some_and(|t| t.is_dir()) {
        return false;
    }
    let name = e.file_name();
    if name == ".git" || name == "vendor" {
        return true;
    }
    name == "fixtures"
        && e.path()
            .parent()
            .and_then(|p| p.file_name())
            .is_some_and(|p| p == "spec")
}

/// Drops a leading `./` so that paths print as users expect.
fn clean(path: &Path) -> PathBuf {
    path.strip_prefix(".")
        .ok()
        .filter(|p| !p.as_os_str().is_empty())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| path.to_path_buf())
}
