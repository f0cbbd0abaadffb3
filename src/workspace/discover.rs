//! Finding the manifests to check: walks directories for `.pp` files with the `ignore`
//! crate (honours `.gitignore` and `.ignore` even outside a git repository; skips hidden
//! entries such as `.git`, and `vendor/` and `spec/fixtures/` directories). A file named
//! explicitly is always checked, whatever its name, and so is one whose text the workspace
//! was given even when it is not on disk.
//!
//! The walk does not follow symbolic links to directories (their files are found under
//! their own path, or are outside the tree); a symbolic link to a file is taken when its
//! target is inside the walked directory, and skipped with a note otherwise, so that rein
//! never reads or writes outside the tree it was given through a link found there. A link
//! that cannot be followed (broken, or a loop) is an error. Files that are not regular
//! files (FIFOs, devices, sockets), named or found, are skipped with a note: reading them
//! could block. Paths are named by [`PathNames`] (each named
//! path once, the files walked below it inheriting its name), so every file is found once
//! however often, and however, it is named.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use ignore::{DirEntry, WalkBuilder};

use super::paths::PathNames;
use super::write::kind;
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
    /// What was skipped and why (links out of the tree, FIFOs), as messages.
    pub notes: Vec<String>,
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
            Ok(meta) if meta.is_dir() => walk(&path, &mut files, &mut found),
            Ok(meta) if !meta.is_file() => found.notes.push(not_regular(&path, &meta.file_type())),
            Ok(_) => {
                files.insert(path.clone());
                found.named.push(path);
            }
        }
    }
    found.files = files.into_iter().collect();
    found
}

fn walk(root: &Path, files: &mut BTreeSet<PathBuf>, found: &mut Discovered) {
    let mut builder = WalkBuilder::new(root);
    builder
        .hidden(true)
        .git_ignore(true)
        .git_exclude(true)
        .git_global(false)
        .ignore(true)
        .parents(true)
        .require_git(false)
        .follow_links(false)
        .filter_entry(|e| !is_skipped_dir(e));
    let inside = root.canonicalize().ok();
    for entry in builder.build() {
        let e = match entry {
            Ok(e) => e,
            Err(e) => {
                found.errors.push(e.to_string());
                continue;
            }
        };
        let Some(t) = e.file_type() else {
            continue;
        };
        if e.depth() == 0 || t.is_dir() || e.path().extension().is_none_or(|x| x != "pp") {
            continue;
        }
        let path = clean(e.path());
        if t.is_file() {
            files.insert(path);
        } else if !t.is_symlink() {
            found.notes.push(not_regular(&path, &t));
        } else {
            match std::fs::metadata(&path) {
                Err(err) => found.errors.push(format!(
                    "{}: symbolic link that cannot be followed: {}",
                    path.display(),
                    io_message(&err)
                )),
                Ok(m) if m.is_dir() => {}
                Ok(m) if !m.is_file() => found.notes.push(not_regular(&path, &m.file_type())),
                Ok(_) => {
                    let target = path.canonicalize().ok();
                    match (&target, &inside) {
                        (Some(t), Some(r)) if t.starts_with(r) => {
                            files.insert(path);
                        }
                        _ => found.notes.push(format!(
                            "{}: symbolic link to {}, outside {}; skipped (name it to use it)",
                            path.display(),
                            target.as_deref().unwrap_or(Path::new("?")).display(),
                            root.display()
                        )),
                    }
                }
            }
        }
    }
}

/// The note on a path that is not a regular file (of type `t`).
fn not_regular(path: &Path, t: &std::fs::FileType) -> String {
    format!(
        "{}: not a regular file ({}); skipped",
        path.display(),
        kind(t)
    )
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
