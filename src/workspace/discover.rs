//! Finding the files to check: walks directories for `.pp` manifests and `.epp` templates with the `ignore`
//! crate (honours `.gitignore` and `.ignore` even outside a git repository; skips hidden
//! entries such as `.git`, and `vendor/` and `spec/fixtures/` directories). A file named
//! explicitly is always checked, whatever its name, and so is one whose text the workspace
//! was given even when it is not on disk. Paths are named by [`PathNames`] (each named
//! path once, the files walked below it inheriting its name), so every file is found once
//! however often, and however, it is named.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use ignore::{DirEntry, WalkBuilder};

use super::paths::PathNames;
use crate::config::io_message;

/// The manifests found under the paths named, and the problems met (missing paths,
/// unreadable directories), as messages.
#[derive(Debug, Default)]
pub struct Discovered {
    /// Every manifest found, by name, sorted, once each.
    pub files: Vec<PathBuf>,
    /// The problems met, missing paths included, as messages.
    pub errors: Vec<String>,
    /// The messages of the named paths that do not exist or cannot be reached (also in
    /// `errors`).
    pub missing: Vec<String>,
    /// The paths named (files and directories), by name, once each, in the order given.
    pub roots: Vec<PathBuf>,
    /// The files among `roots` (always checked, whatever the configuration excludes).
    pub named: Vec<PathBuf>,
}

/// Finds the manifests named by or below `paths`, named by `names`, sorted and without
/// duplicates; a named path for which `has_text` holds is a file even when it is not on
/// disk.
pub fn discover(
    paths: &[PathBuf],
    names: &PathNames,
    has_text: impl Fn(&Path) -> bool,
) -> Discovered {
    let mut files = BTreeSet::new();
    let mut found = Discovered::default();
    let mut seen = std::collections::HashSet::new();
    for given in paths {
        let path = names.name(given).into_owned();
        if !seen.insert(path.clone()) {
            continue;
        }
        found.roots.push(path.clone());
        match std::fs::metadata(&path) {
            Err(_) if has_text(&path) => {
                files.insert(path.clone());
                found.named.push(path);
            }
            Err(e) => {
                let message = format!("{}: {}", path.display(), io_message(&e));
                found.missing.push(message.clone());
                found.errors.push(message);
            }
            Ok(meta) if meta.is_dir() => walk(&path, &mut files, &mut found.errors),
            Ok(_) => {
                files.insert(path.clone());
                found.named.push(path);
            }
        }
    }
    found.files = files.into_iter().collect();
    found
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
                if is_file
                    && e.path()
                        .extension()
                        .is_some_and(|x| x == "pp" || x == "epp")
                {
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
