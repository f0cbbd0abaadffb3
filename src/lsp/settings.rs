//! The server's settings: how files are checked, from the client's initialization options
//! (`modulepath`, `select`, `ignore`, `pushDiagnostics`), as `rein check`'s command line
//! gives them. Each file's configuration (`rein.toml`, `.puppet-lint.rc`) is found from its
//! own directory by the workspace, as on the command line, so each folder of a multi-root
//! workspace has its own; relative module path entries are taken from the first workspace
//! folder.

use std::path::{Path, PathBuf};

use lsp_types::InitializeParams;
use serde::Deserialize;

use super::documents::uri_to_path;
use crate::config;
use crate::workspace::CheckOptions;

/// The initialization options rein reads (unknown ones are ignored).
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct InitOptions {
    /// `"a:b"` or `["a", "b"]`, as `--modulepath`.
    modulepath: Option<StringOrList>,
    /// As `--select` and `--ignore`.
    select: Option<StringOrList>,
    ignore: Option<StringOrList>,
    /// Publish diagnostics (default: unless the client pulls them).
    push_diagnostics: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum StringOrList {
    One(String),
    Many(Vec<String>),
}

impl StringOrList {
    fn items(&self, sep: char) -> Vec<String> {
        let all: Vec<&str> = match self {
            StringOrList::One(s) => vec![s.as_str()],
            StringOrList::Many(v) => v.iter().map(String::as_str).collect(),
        };
        all.iter()
            .flat_map(|s| s.split(sep))
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()
    }
}

/// The settings of a session.
#[derive(Debug, Default)]
pub struct Settings {
    pub check: CheckOptions,
    /// Publish diagnostics on open, change and save.
    pub push: bool,
    /// The workspace folders' directories.
    pub folders: Vec<PathBuf>,
}

/// The settings `params` give, and the problem with their options, if any (the defaults
/// are used for those).
pub fn from_initialize(params: &InitializeParams) -> (Settings, Option<String>) {
    let folders = folders(params);
    let pulls = params
        .capabilities
        .text_document
        .as_ref()
        .is_some_and(|t| t.diagnostic.is_some());
    let mut settings = Settings {
        push: !pulls,
        folders,
        ..Settings::default()
    };
    settings.check.project_dirs = settings.folders.clone();
    let options = match params.initialization_options.clone() {
        None | Some(serde_json::Value::Null) => InitOptions::default(),
        Some(v) => match serde_json::from_value::<InitOptions>(v) {
            Ok(o) => o,
            Err(e) => return (settings, Some(format!("initializationOptions: {e}"))),
        },
    };
    if let Some(p) = options.push_diagnostics {
        settings.push = p;
    }
    let names = |o: &Option<StringOrList>| o.as_ref().map(|l| l.items(',')).unwrap_or_default();
    match config::cli_ops(&names(&options.select), &names(&options.ignore)) {
        Ok(ops) => settings.check.ops = ops,
        Err(e) => return (settings, Some(format!("initializationOptions: {e}"))),
    }
    let base = settings.folders.first().cloned();
    settings.check.modulepath = options
        .modulepath
        .map(|m| m.items(':'))
        .unwrap_or_default()
        .into_iter()
        .map(|d| absolute(base.as_deref(), PathBuf::from(d)))
        .collect();
    (settings, None)
}

fn absolute(base: Option<&Path>, p: PathBuf) -> PathBuf {
    match base {
        Some(b) if p.is_relative() => b.join(p),
        _ => p,
    }
}

/// The workspace folders, or the root of a client that names no folder.
#[allow(deprecated)]
fn folders(params: &InitializeParams) -> Vec<PathBuf> {
    if let Some(f) = &params.workspace_folders {
        return f.iter().map(|f| uri_to_path(&f.uri)).collect();
    }
    params
        .root_uri
        .as_ref()
        .map(|u| vec![uri_to_path(u)])
        .unwrap_or_default()
}
