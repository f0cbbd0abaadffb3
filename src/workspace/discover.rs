//! Finding the files to check: walks directories for `.pp` manifests and `.epp` templates
//! (and the YAML files that [`super::yaml_files`] keeps: Hiera's, Unfurl's) with the `ignore`
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
//! could block. A file found under several names (a link and its target, hard links) is
//! taken once, under the name given on the command line, else its own, else the first.
//!
//! Paths are named by [`PathNames`] (each named path once, the files walked below it
//! inheriting its name), so every file is found once however often, and however, it is
//! named.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use ignore::{DirEntry, WalkBuilder};

use super::cache::Cache;
use super::paths::{sort_paths, PathNames};
use super::walk_memo::Recording;
use super::write::kind;
use super::yaml_files::{self, YamlClaim};
use crate::config::io_message;
use crate::rules::yaml_context::YamlKind;

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
    /// The YAML files among `files`, with what each is.
    pub yaml: BTreeMap<PathBuf, YamlKind>,
    /// Which configuration files directories hold, where known without looking (from a
    /// walk the cache kept): see [`crate::config::Resolver::knowing`].
    pub configs: Vec<(PathBuf, u8)>,
}

/// Finds the manifests named by or below `paths`, named by `names`, sorted and without
/// duplicates; a named path for which `has_text` holds is a file even when it is not on
/// disk.
pub fn discover(
    paths: &[PathBuf],
    names: &PathNames,
    has_text: impl Fn(&Path) -> bool,
) -> Discovered {
    discover_claiming(paths, names, has_text, None, None)
}

/// [`discover`], where `claim` may keep a walked YAML file that is not Hiera's, and the
/// `cache` keeps what walks found (see [`super::walk_memo`]).
pub fn discover_claiming(
    paths: &[PathBuf],
    names: &PathNames,
    has_text: impl Fn(&Path) -> bool,
    claim: Option<YamlClaim<'_>>,
    cache: Option<&Cache>,
) -> Discovered {
    let mut files = Found::default();
    let mut yaml = foldhash::HashSet::default();
    let mut found = Discovered::default();
    let mut seen = foldhash::HashSet::default();
    files.reserve(paths.len());
    for given in paths {
        let path = names.name(given).into_owned();
        if !seen.insert(super::paths::key(&path).to_vec()) {
            continue;
        }
        found.roots.push(path.clone());
        // (Through the cache, which looks at each file once per run: a named file's stamp
        // is wanted again.)
        let looked = cache
            .and_then(|c| c.look(&path))
            .map(|(s, _, t)| (s.ino(), t));
        let meta = match looked {
            Some(l) => Ok(l),
            None => std::fs::metadata(&path).map(|m| (m.ino(), m.file_type())),
        };
        match meta {
            Err(_) if has_text(&path) => {
                files.insert(path.clone(), (None, Rank::Named));
                found.named.push(path);
            }
            Err(e) => {
                let message = format!("{}: {}", path.display(), io_message(&e));
                found.missing.push(message.clone());
                found.errors.push(message);
            }
            Ok((_, t)) if t.is_dir() => walk(&path, &mut files, &mut yaml, &mut found, cache),
            Ok((_, t)) if !t.is_file() => found.notes.push(not_regular(&path, &t)),
            Ok((ino, _)) => {
                files.insert(path.clone(), (Some(ino), Rank::Named));
                found.named.push(path);
            }
        }
    }
    let mut candidates: Vec<PathBuf> = yaml.iter().cloned().collect();
    sort_paths(&mut candidates);
    let configs: Vec<(PathBuf, Vec<PathBuf>)> = candidates
        .iter()
        .chain(&found.named)
        .filter(|p| yaml_files::is_hiera_config(p))
        .map(|c| {
            let text = std::fs::read_to_string(c).unwrap_or_default();
            (c.clone(), yaml_files::data_dirs(c, &text))
        })
        .collect();
    found.yaml = yaml_files::classify(&configs, &candidates, &found.named, claim);
    // A walked YAML file is checked only when it is Hiera's or claimed.
    files.retain(|p, _| !yaml.contains(p) || found.yaml.contains_key(p));
    found.files = once_each(files);
    found.errors.sort();
    found.notes.sort();
    found
}

/// How a file was found: a name given beats a file's own name, which beats a link's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    Named,
    Walked,
    Link,
}

/// The files found: by name, their inode number (when on disk) and how they were found.
type Found = foldhash::HashMap<PathBuf, (Option<u64>, Rank)>;

/// The names of `files`, sorted, one for each file on disk: of the names of one file (same
/// device and inode), the best ranked, then the first.
fn once_each(files: Found) -> Vec<PathBuf> {
    let mut by_inode: HashMap<u64, Vec<&PathBuf>> = HashMap::new();
    for (path, (ino, _)) in &files {
        if let Some(ino) = ino {
            by_inode.entry(*ino).or_default().push(path);
        }
    }
    let mut dropped = HashSet::new();
    for names in by_inode.values().filter(|n| n.len() > 1) {
        let mut ids: HashMap<(u64, u64), (Rank, &PathBuf)> = HashMap::new();
        for &path in names {
            let Ok(m) = std::fs::metadata(path) else {
                continue;
            };
            let rank = files.get(path).map_or(Rank::Link, |f| f.1);
            match ids.entry((m.dev(), m.ino())) {
                Entry::Vacant(v) => {
                    v.insert((rank, path));
                }
                Entry::Occupied(mut o) => {
                    let kept = *o.get();
                    if (rank, path) < kept {
                        dropped.insert(kept.1.clone());
                        o.insert((rank, path));
                    } else {
                        dropped.insert(path.clone());
                    }
                }
            }
        }
    }
    let mut kept: Vec<PathBuf> = files.into_keys().filter(|p| !dropped.contains(p)).collect();
    sort_paths(&mut kept);
    kept
}

/// Whether the walk takes the file at `path`: a manifest, a template, or a YAML file that
/// may be Hiera's or Unfurl's (decided once all are found).
fn wanted(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "pp" || x == "epp") || yaml_files::is_yaml(path)
}

fn walk(
    root: &Path,
    files: &mut Found,
    yaml: &mut foldhash::HashSet<PathBuf>,
    found: &mut Discovered,
    cache: Option<&Cache>,
) {
    let key = root.display().to_string();
    if let Some(w) = cache.and_then(|c| c.walked(&key)).filter(|w| w.holds()) {
        // (Room made at once: a map grown one rehash at a time hashes every path again.)
        files.reserve(w.files.len());
        for (path, ino) in &w.files {
            if yaml_files::is_yaml(path) {
                yaml.insert(path.clone());
            }
            files
                .entry(path.clone())
                .or_insert((Some(*ino), Rank::Walked));
        }
        found.notes.extend(w.notes.iter().cloned());
        found.configs.extend(w.configs.iter().cloned());
        return;
    }
    let mut recording = cache.map(|_| Recording::new(root));
    let notes_before = found.notes.len();
    walk_dir(root, files, yaml, found, recording.as_mut());
    if let (Some(c), Some(r)) = (cache, recording) {
        let notes = found.notes.get(notes_before..).unwrap_or_default().to_vec();
        if let Some(w) = r.finish(notes) {
            c.keep_walk(key, w);
        }
    }
}

/// Walks `root`, recording what it finds and meets in `recording`.
fn walk_dir(
    root: &Path,
    files: &mut Found,
    yaml: &mut foldhash::HashSet<PathBuf>,
    found: &mut Discovered,
    mut recording: Option<&mut Recording>,
) {
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
        .filter_entry(|e| !is_skipped_dir(e))
        .threads(1);
    // (The parallel walker, on one thread: it learns which ignore files a directory holds
    // from the directory's listing, where the sequential one probes for four names in every
    // directory: 7,400 failed `stat`s on Debian's modules.)
    let (sender, entries) = std::sync::mpsc::channel();
    builder.build_parallel().run(|| {
        let sender = sender.clone();
        Box::new(move |entry| {
            // (The receiver lives until the walk is done.)
            let _ = sender.send(entry);
            ignore::WalkState::Continue
        })
    });
    drop(sender);
    let mut inside = None;
    for entry in entries {
        let e = match entry {
            Ok(e) => e,
            Err(e) => {
                found.errors.push(e.to_string());
                if let Some(r) = recording.as_deref_mut() {
                    r.not_plain();
                }
                continue;
            }
        };
        let Some(t) = e.file_type() else {
            continue;
        };
        if let Some(r) = recording.as_deref_mut() {
            if t.is_dir() {
                r.dir(e.path());
            } else if t.is_symlink() {
                r.not_plain();
            }
        }
        if e.depth() == 0 || t.is_dir() || !wanted(e.path()) {
            continue;
        }
        let path = clean(e.path());
        let is_yaml = yaml_files::is_yaml(&path);
        if t.is_file() {
            if is_yaml {
                yaml.insert(path.clone());
            }
            let ino = e.ino().unwrap_or(0);
            if let Some(r) = recording.as_deref_mut() {
                r.file(&path, ino);
            }
            files.entry(path).or_insert((Some(ino), Rank::Walked));
        } else if !t.is_symlink() {
            found.notes.push(not_regular(&path, &t));
        } else {
            let inside = inside.get_or_insert_with(|| root.canonicalize().ok());
            match std::fs::metadata(&path) {
                Err(err) => found.errors.push(format!(
                    "{}: symbolic link that cannot be followed: {}",
                    path.display(),
                    io_message(&err)
                )),
                Ok(m) if m.is_dir() => {}
                Ok(m) if !m.is_file() => found.notes.push(not_regular(&path, &m.file_type())),
                Ok(m) => {
                    let target = path.canonicalize().ok();
                    match (&target, &*inside) {
                        (Some(t), Some(r)) if t.starts_with(r) => {
                            if is_yaml {
                                yaml.insert(path.clone());
                            }
                            files.entry(path).or_insert((Some(m.ino()), Rank::Link));
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
