//! The format pipeline: each file formatted with the settings of its configuration, and
//! written in place (atomically) when asked and when it changed.

use std::path::Path;

use super::write::write_atomic;
use super::Workspace;
use crate::config::format::format_config_for;
use crate::config::io_message;
use crate::fmt::{format_source, FormatConfig};

/// How to format.
#[derive(Clone, Copy, Debug)]
pub struct FormatOptions {
    /// Run the safety check on the result (re-parse and compare with the input).
    pub verify: bool,
    /// Write a file that changes (in place; the text set, for a buffer).
    pub write: bool,
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
}

impl Workspace {
    /// The formatter settings of a manifest at `file` (the current directory's when
    /// `None`), or the problems of its configuration file as one message.
    pub fn format_config(&mut self, file: Option<&Path>) -> Result<FormatConfig, String> {
        format_config_for(&mut self.configs, file)
    }

    /// Formats the file `path` (its text, when one is set).
    pub fn format_file(&mut self, path: &Path, options: &FormatOptions) -> Formatted {
        let display = path.display().to_string();
        let config = match self.format_config(Some(path)) {
            Ok(c) => c,
            Err(e) => return Formatted::Failed(e),
        };
        let bytes = match self.files.read(path) {
            Ok(b) => b.into_owned(),
            Err(e) => return Formatted::Failed(format!("{display}: {}", io_message(&e))),
        };
        let Ok(before) = String::from_utf8(bytes) else {
            return Formatted::Failed(format!("{display}: not valid UTF-8"));
        };
        let after = match format_source(&before, &config, options.verify) {
            Ok(f) => f,
            Err(e) => return Formatted::Failed(format!("{display}:{e}")),
        };
        if after == before {
            return Formatted::Unchanged;
        }
        if options.write {
            if self.files.has_text(path) {
                self.files.set_text(path, after.clone());
            } else if let Err(e) = write_atomic(path, &after) {
                return Formatted::Failed(format!("{display}: cannot write: {e}"));
            }
        }
        Formatted::Changed { before, after }
    }

    /// Formats `text`, the text of a manifest at `path` (for its configuration; the
    /// current directory's when `None`) displayed as `display`; or the message of why it
    /// cannot be.
    pub fn format_text(
        &mut self,
        path: Option<&Path>,
        display: &str,
        text: &str,
        verify: bool,
    ) -> Result<String, String> {
        let config = self.format_config(path)?;
        format_source(text, &config, verify).map_err(|e| format!("{display}:{e}"))
    }
}
