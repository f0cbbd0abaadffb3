//! Reading configuration files: [`ConfigFiles`] reads a file each time it is asked for and
//! parses it only when its text changed since the last time, so that whoever keeps one
//! across runs (a workspace) sees every edit and parses each version once.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::lintrc::parse_rc;
use super::{absolute, parse_config, Config, ConfigError};

/// Why a configuration file could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// It could not be read.
    Read(std::io::Error),
    /// It was read and has problems.
    Invalid(Vec<ConfigError>),
}

/// One version of a configuration file: its text and what parsing it gave.
#[derive(Debug)]
struct Version {
    text: String,
    parsed: Result<Arc<Config>, Vec<ConfigError>>,
}

/// The configuration files read so far, each with the text it was last parsed from.
#[derive(Debug, Default)]
pub struct ConfigFiles {
    /// By absolute path and the path as displayed (messages and [`Config::path`] show it).
    versions: HashMap<(PathBuf, String), Version>,
}

impl ConfigFiles {
    /// The configuration file `path` (rein's TOML schema, or puppet-lint's rc format when
    /// the file name ends in `.rc`), read now; `shown` is the path as displayed. Parsed
    /// again only when its text differs from the last read.
    pub fn get(&mut self, path: &Path, shown: &str) -> Result<Arc<Config>, LoadError> {
        let text = std::fs::read_to_string(path).map_err(LoadError::Read)?;
        let key = (absolute(path), shown.to_string());
        if let Some(v) = self.versions.get(&key).filter(|v| v.text == text) {
            return v.parsed.clone().map_err(LoadError::Invalid);
        }
        let parsed = parse(path, &key.0, &text, shown).map(Arc::new);
        let result = parsed.clone().map_err(LoadError::Invalid);
        self.versions.insert(key, Version { text, parsed });
        result
    }

    /// [`ConfigFiles::get`], a file that cannot be read being one problem of the file.
    pub fn load(&mut self, path: &Path, shown: &str) -> Result<Arc<Config>, Vec<ConfigError>> {
        self.get(path, shown).map_err(|e| match e {
            LoadError::Read(e) => vec![ConfigError::file(shown, io_message(&e))],
            LoadError::Invalid(errors) => errors,
        })
    }

    /// Drops what was read from `path` (told that it changed or went away).
    pub fn forget(&mut self, path: &Path) {
        let abs = absolute(path);
        self.versions.retain(|(p, _), _| *p != abs);
    }
}

/// Parses the text of the configuration file `path` (absolute: `abs`).
fn parse(path: &Path, abs: &Path, text: &str, shown: &str) -> Result<Config, Vec<ConfigError>> {
    let mut config = if super::lintrc::is_rc(path) {
        parse_rc(text, shown)?
    } else {
        parse_config(text, shown)?
    };
    config.path = Some(shown.to_string());
    config.dir = Some(
        abs.parent()
            .map_or_else(|| PathBuf::from("/"), Path::to_path_buf),
    );
    Ok(config)
}

/// An I/O error message without Rust's ` (os error N)` suffix, as rein prints them.
pub fn io_message(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s.get(..i).unwrap_or(&s).to_string(),
        None => s,
    }
}
