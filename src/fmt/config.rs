//! Formatter configuration: the `[format]` table of the nearest `rein.toml`, `.rein.toml`
//! or `lint.toml` above a file (`indent_width`, default 2; `line_width`, default 140).
//! Unknown keys in `[format]` are an error that points into the file.

use std::path::{Path, PathBuf};

use serde::Deserialize;

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

#[derive(Deserialize)]
struct FileConfig {
    format: Option<FormatSection>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FormatSection {
    indent_width: Option<usize>,
    line_width: Option<usize>,
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

/// Parses config text; the error message names `path` and the line and column.
pub fn parse_config(text: &str, path: &str) -> Result<FormatConfig, String> {
    let fc: FileConfig = toml::from_str(text).map_err(|e| {
        let pos = e
            .span()
            .map(|s| {
                let before = text.get(..s.start).unwrap_or("");
                let line = before.matches('\n').count() + 1;
                let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                format!(":{line}:{col}")
            })
            .unwrap_or_default();
        format!("{path}{pos}: {}", e.message())
    })?;
    let mut c = FormatConfig::default();
    if let Some(f) = fc.format {
        if let Some(w) = f.indent_width {
            if w == 0 || w > 16 {
                return Err(format!(
                    "{path}: [format] indent_width must be between 1 and 16"
                ));
            }
            c.indent_width = w;
        }
        if let Some(w) = f.line_width {
            if w < 20 {
                return Err(format!("{path}: [format] line_width must be at least 20"));
            }
            c.line_width = w;
        }
    }
    Ok(c)
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
        None => cwd,
    };
    let Some(p) = find_config(&start) else {
        return Ok(FormatConfig::default());
    };
    let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
    parse_config(&text, &p.display().to_string())
}
