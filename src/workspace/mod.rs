//! The workspace: all the state of a run of rein, as one value that front ends (the
//! command line, later the language server) drive through a library API.
//!
//! A [`Workspace`] owns the files and their parses ([`files`]), the configuration files
//! read ([`crate::config::ConfigFiles`]), the definitions gathered from the checked files
//! (the evaluator's [`Project`]) and the worker threads. Every request reads the files it
//! needs again: a parse is reused only when the bytes are the same, a configuration file
//! parsed again only when its text changed, so an edit on disk is seen even when the
//! workspace is not told; [`Workspace::changed`] drops what was derived from a file at
//! once. A front end may also set the text of a file ([`Workspace::set_text`], an editor's
//! unsaved buffer), which is then read instead of the disk.
//!
//! The requests: [`Workspace::check`] (the check pipeline, [`check`], with the fix step,
//! [`fix`]) and [`Workspace::format`] / [`Workspace::format_file`] /
//! [`Workspace::format_text`] (the format pipeline, [`mod@format`]); [`Workspace::discover`]
//! finds the manifests below paths ([`discover`]), each file under one name ([`mod@paths`]:
//! relative to the current directory when below it, absolute otherwise), [`select`] picks
//! those the configuration keeps (the same for checking and formatting), and files are
//! written in place through [`mod@write`]. A check may keep the findings of unchanged
//! files in a [`cache`] directory.

pub mod cache;
pub mod cache_finding;
pub mod cache_proof;
pub mod check;
pub mod discover;
pub mod files;
pub mod fix;
pub mod format;
pub mod paths;
pub mod run_memo;
pub mod select;
pub mod stamp;
pub mod unfurl_files;
pub mod walk_memo;
pub mod write;
pub mod yaml_check;
pub mod yaml_files;

#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use check::{CheckError, CheckOptions, FixSummary, Report};
pub use discover::Discovered;
pub use format::{FormatOptions, FormatReport, Formatted};

use crate::config::ConfigFiles;
use crate::eval::project::Project;

/// All the state of a run (see the module documentation).
#[derive(Default)]
pub struct Workspace {
    files: files::Files,
    configs: ConfigFiles,
    /// The definitions of the files last checked, with the module path and roots.
    project: Project,
    /// The worker threads, started by the first check.
    pool: Option<Arc<rayon::ThreadPool>>,
    /// Where files are written ([`write::RealDisk`] when `None`).
    disk: Option<Arc<dyn write::Disk>>,
    /// The cache the last check used, dropped by the next one: its tables are many small
    /// values, and a front end that exits after one check need not free them one by one.
    spent_cache: Option<cache::Cache>,
}

impl Workspace {
    /// A workspace that has read nothing yet.
    pub fn new() -> Workspace {
        Workspace::default()
    }

    /// A workspace that writes files through `disk` (tests inject faults so).
    pub fn with_disk(disk: Arc<dyn write::Disk>) -> Workspace {
        Workspace {
            disk: Some(disk),
            ..Workspace::default()
        }
    }

    /// The writer of a run over what `found` lists (`force`: write read-only files too);
    /// the temporary files a killed run left beside `files` are removed first.
    fn writer<'a>(
        &self,
        force: bool,
        found: &Discovered,
        files: impl Iterator<Item = &'a PathBuf>,
    ) -> write::Writer {
        let dirs: std::collections::BTreeSet<&Path> = files
            .filter(|p| !self.files.has_text(p))
            .map(|p| {
                p.parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
            })
            .collect();
        for dir in dirs {
            write::clean_stale(dir);
        }
        write::Writer::new(force, &found.roots, &found.named, self.disk())
    }

    /// Where files are written.
    fn disk(&self) -> Arc<dyn write::Disk> {
        self.disk
            .clone()
            .unwrap_or_else(|| Arc::new(write::RealDisk))
    }

    /// The manifests named by or below `paths` (a path whose text is set counts as a
    /// file), by name ([`mod@paths`]), sorted, and the problems met.
    pub fn discover(&self, paths: &[PathBuf]) -> Discovered {
        discover::discover(paths, self.files.names(), |p| self.files.has_text(p))
    }

    /// Reads `text` as the text of `path` from now on, instead of the disk.
    pub fn set_text(&mut self, path: &Path, text: &str) {
        self.files.set_text(path, text.to_string());
    }

    /// The text set for `path`, if any (a buffer's text, changed by `check` with `fix`).
    pub fn text(&self, path: &Path) -> Option<&str> {
        self.files.text(path)
    }

    /// Reads `path` from the disk again.
    pub fn clear_text(&mut self, path: &Path) {
        self.files.clear_text(path);
    }

    /// Told that the file `path` (a manifest or a configuration file) changed or went
    /// away: what was derived from it is computed again on the next request.
    pub fn changed(&mut self, path: &Path) {
        self.files.forget(path);
        self.configs.forget(path);
        self.project.store.forget(path);
    }
}
