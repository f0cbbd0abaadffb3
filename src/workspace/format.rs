//! The format pipeline: the manifests named or found, selected and configured exactly as
//! for a check ([`super::select`]: the same configuration files, `[files]` and
//! `ignore_paths` honoured), each formatted with the `[format]` settings of its
//! configuration, in parallel, and written in place when asked and when it changed
//! ([`super::write`]: atomically, never over a file changed since it was read).

use super::yaml_files::is_yaml;
use crate::syntax::epp::is_template_path;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::select::select;
use super::write::Writer;
use super::Workspace;
use crate::config::{io_message, ConfigError, FileSettings, Resolver};
use crate::fmt::{format_source, FormatConfig};

/// How to format.
#[derive(Clone, Debug, Default)]
pub struct FormatOptions {
    /// Run the safety check on the result (re-parse and compare with the input).
    pub verify: bool,
    /// Write a file that changes (in place; the text set, for a buffer).
    pub write: bool,
    /// `--config`: this configuration file for every file.
    pub config: Option<PathBuf>,
    /// `--force`: write read-only files too.
    pub force: bool,
}

/// What formatting did to one file.
#[derive(Debug, PartialEq, Eq)]
pub enum Formatted {
    /// It is formatted already.
    Unchanged,
    /// It changes (and was written, when asked): its text before and after.
    Changed { before: String, after: String },
    /// It could not be formatted or written: the message.
    Failed(String),
    /// Its configuration leaves it out (`[files] exclude`, `ignore_paths`): not read.
    Excluded,
}

/// The outcome of formatting files.
#[derive(Debug, Default)]
pub struct FormatReport {
    /// Each file formatted, sorted, with what formatting did to it.
    pub files: Vec<(PathBuf, Formatted)>,
    /// Paths that could not be read (a missing path, an unreadable directory), as
    /// messages: when there are any, no file was formatted.
    pub io_errors: Vec<String>,
    /// What was skipped and why (links out of the tree, FIFOs), as messages.
    pub notes: Vec<String>,
}

impl Workspace {
    /// Formats the manifests named by or below `paths` that their configuration selects.
    /// A path that cannot be read stops the run before any file is formatted, and so does
    /// a configuration file with problems (the error).
    pub fn format(
        &mut self,
        paths: &[PathBuf],
        options: &FormatOptions,
    ) -> Result<FormatReport, Vec<ConfigError>> {
        let mut found = self.discover(paths);
        // Templates and YAML are not formatted (README "rein fmt"): walked ones are left
        // out.
        found
            .files
            .retain(|f| !not_formatted(f) || found.named.contains(f));
        if !found.errors.is_empty() {
            return Ok(FormatReport {
                files: Vec::new(),
                io_errors: found.errors,
                notes: found.notes,
            });
        }
        let jobs = self.resolving(options, |r| select(r, &found.named, &found.files, None))?;
        let writing = jobs.iter().map(|(p, _)| p).filter(|_| options.write);
        let writer = self.writer(options.force, &found, writing);
        let pool = match self.pool() {
            Ok(p) => p,
            Err(e) => {
                return Ok(FormatReport {
                    files: Vec::new(),
                    io_errors: vec![format!("cannot start worker threads: {e}")],
                    notes: found.notes,
                })
            }
        };
        let this = &*self;
        let formatted: Vec<Formatted> = pool.install(|| {
            jobs.par_iter()
                .map(|(path, settings)| this.format_with(path, &settings.format, options, &writer))
                .collect()
        });
        let mut files = Vec::with_capacity(jobs.len());
        for ((path, _), formatted) in jobs.into_iter().zip(formatted) {
            self.keep_buffer(&path, &formatted, options);
            files.push((path, formatted));
        }
        Ok(FormatReport {
            files,
            io_errors: Vec::new(),
            notes: found.notes,
        })
    }

    /// Formats the file `path` (its text, when one is set), as if named on the command
    /// line: [`Formatted::Excluded`] when its configuration leaves it out.
    pub fn format_file(&mut self, path: &Path, options: &FormatOptions) -> Formatted {
        match self.resolving(options, |r| r.settings(path, true)) {
            Ok(Some(FileSettings { format, .. })) => {
                let named = [path.to_path_buf()];
                let writer = Writer::new(options.force, &named, &named, self.disk());
                let formatted = self.format_with(path, &format, options, &writer);
                self.keep_buffer(path, &formatted, options);
                formatted
            }
            Ok(None) => Formatted::Excluded,
            Err(errors) => Formatted::Failed(one_message(&errors)),
        }
    }

    /// Formats `text`, the text of a manifest at `path` (for its configuration; the
    /// current directory's when `None`) displayed as `display`; or the message of why it
    /// cannot be. A text whose path the configuration leaves out is given back unchanged.
    pub fn format_text(
        &mut self,
        path: Option<&Path>,
        display: &str,
        text: &str,
        options: &FormatOptions,
    ) -> Result<String, String> {
        if path.is_some_and(not_formatted) {
            return Ok(text.to_string());
        }
        let format = match path {
            Some(p) => match self.resolving(options, |r| r.settings(p, true)) {
                Ok(Some(s)) => s.format,
                Ok(None) => return Ok(text.to_string()),
                Err(errors) => return Err(one_message(&errors)),
            },
            None => {
                // A file in the current directory gets its configuration.
                let here = Path::new("-");
                self.resolving(options, |r| r.config_of(here))
                    .map_err(|e| one_message(&e))?
                    .format
            }
        };
        format_source(text, &format, options.verify).map_err(|e| format!("{display}:{e}"))
    }

    /// `f` run with a resolver of the configuration (`options.config` for every file, or
    /// the nearest to each), which reads the configuration files through the workspace.
    fn resolving<T>(
        &mut self,
        options: &FormatOptions,
        f: impl FnOnce(&mut Resolver) -> Result<T, Vec<ConfigError>>,
    ) -> Result<T, Vec<ConfigError>> {
        let files = std::mem::take(&mut self.configs);
        let mut resolver = Resolver::reading(files, options.config.as_deref(), Vec::new(), false)?;
        let result = f(&mut resolver);
        self.configs = resolver.into_files();
        result
    }

    /// A buffer's new text, when it changed and writing was asked, is its text from now on.
    fn keep_buffer(&mut self, path: &Path, formatted: &Formatted, options: &FormatOptions) {
        if let Formatted::Changed { after, .. } = formatted {
            if options.write && self.files.has_text(path) {
                self.files.set_text(path, after.clone());
            }
        }
    }

    /// Formats the file `path` with `config`, and writes it with `writer` when asked (a
    /// buffer's new text is for the caller to set).
    fn format_with(
        &self,
        path: &Path,
        config: &FormatConfig,
        options: &FormatOptions,
        writer: &Writer,
    ) -> Formatted {
        if not_formatted(path) {
            return Formatted::Unchanged;
        }
        let display = path.display().to_string();
        let bytes = match self.files.read(path) {
            Ok(b) => b.into_owned(),
            Err(e) => return Formatted::Failed(format!("{display}: {}", io_message(&e))),
        };
        let Ok(before) = String::from_utf8(bytes) else {
            return Formatted::Failed(format!("{display}: not valid UTF-8"));
        };
        let after = match format_source(&before, config, options.verify) {
            Ok(f) => f,
            Err(e) => return Formatted::Failed(format!("{display}:{e}")),
        };
        if after == before {
            return Formatted::Unchanged;
        }
        if options.write && !self.files.has_text(path) {
            if let Err(e) = writer.replace(path, before.as_bytes(), after.as_bytes()) {
                return Formatted::Failed(format!("{display}: {e}"));
            }
        }
        Formatted::Changed { before, after }
    }
}

/// Whether `path` is a file `rein fmt` leaves as it is: an EPP template, or YAML (Hiera's
/// configuration and data, Unfurl's), which `rein check` reads but rein does not format.
fn not_formatted(path: &Path) -> bool {
    is_template_path(path) || is_yaml(path)
}

/// The problems of a configuration file as one message, one line each.
fn one_message(errors: &[ConfigError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}
