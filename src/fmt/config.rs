//! Formatter configuration: the `[format]` table of the nearest `rein.toml`, `.rein.toml`
//! or `lint.toml` above a file (`indent_width`, default 2; `line_width`, default 140).
//! The file is read with the one configuration schema of [`crate::config`], so a problem
//! anywhere in it (an unknown key in `[format]`, an unknown rule in `[rules]`) is an error
//! that points into the file. Each file is parsed once per process.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// Formatter settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatConfig {
    pub indent_width: usize,
    pub line_width: usize,
}

impl Default for FormatConfig {
    fn default() -> Self {
        FormatConfig {
            indent_width: 2,
            line_width: 140,
        }
    }
}

/// Config file names looked for in each directory, in order.
pub const CONFIG_NAMES: [&str; 3] = ["rein.toml", ".rein.toml", "lint.toml"];

/// The nearest config file in `start` or above it.
pub fn find_config(start: &Path) -> Option<PathBuf> {
    let mut dir = Some(start);
    while let Some(d) = dir {
        for n in CONFIG_NAMES {
            let p = d.join(n);
            if p.is_file() {
                return Some(p);
            }
        }
        dir = d.parent();
    }
    None
}

/// Parses config text; the error message names `path` and the line and column (one line
/// per problem).
pub fn parse_config(text: &str, path: &str) -> Result<FormatConfig, String> {
    match crate::config::parse_config(text, path) {
        Ok(c) => Ok(c.format),
        Err(errors) => Err(errors
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")),
    }
}

/// Parsed config files, by path.
fn cache() -> &'static Mutex<HashMap<PathBuf, Result<FormatConfig, String>>> {
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Result<FormatConfig, String>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The configuration for a manifest at `file` (its directory, or the current one).
pub fn config_for(file: Option<&Path>) -> Result<FormatConfig, String> {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let start = match file {
        Some(f) => {
            let abs = if f.is_absolute() {
                f.to_path_buf()
            } else {
                cwd.join(f)
            };
            abs.parent().map_or(cwd.clone(), Path::to_path_buf)
        }
        None => cwd.clone(),
    };
    let Some(p) = find_config(&start) else {
        return Ok(FormatConfig::default());
    };
    if let Some(hit) = cache().lock().ok().and_then(|c| c.get(&p).cloned()) {
        return hit;
    }
    // Shown relative to the current directory when below it, as `rein check` does.
    let shown = p
        .strip_prefix(&cwd)
        .map_or_else(|_| p.display().to_string(), |r| r.display().to_string());
    let result = match std::fs::read_to_string(&p) {
        Ok(text) => parse_config(&text, &shown),
        Err(e) => Err(format!("{shown}: {e}")),
    };
    if let Ok(mut c) = cache().lock() {
        c.insert(p, result.clone());
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_settings_are_read_and_checked() {
        assert_eq!(
            parse_config("[format]\nindent_width = 4\n", "lint.toml"),
            Ok(FormatConfig {
                indent_width: 4,
                line_width: 140
            })
        );
        assert_eq!(
            parse_config("[format]\nline_width = 10\nfoo = 1\n", "rein.toml"),
            Err(
                "rein.toml:2:14: line_width must be an integer between 20 and 10000\n\
                 rein.toml:3:1: unknown field `foo` in [format]"
                    .to_string()
            )
        );
    }
}
