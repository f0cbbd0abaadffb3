//! The formatter's settings of a file: the `[format]` table of the nearest `rein.toml`,
//! `.rein.toml` or `lint.toml` above it (`indent_width`, default 2; `line_width`, default
//! 140). The file is read with the one configuration schema, so a problem anywhere in it
//! (an unknown key in `[format]`, an unknown rule in `[rules]`) is an error that points
//! into the file.

use std::path::{Path, PathBuf};

use super::files::{ConfigFiles, LoadError};
use crate::fmt::FormatConfig;

/// Configuration file names the formatter looks for in each directory, in order.
pub const FORMAT_CONFIG_NAMES: [&str; 3] = ["rein.toml", ".rein.toml", "lint.toml"];

/// The nearest formatter configuration file in `start` or above it.
pub fn find_format_config(start: &Path) -> Option<PathBuf> {
    let mut dir = Some(start);
    while let Some(d) = dir {
        for n in FORMAT_CONFIG_NAMES {
            let p = d.join(n);
            if p.is_file() {
                return Some(p);
            }
        }
        dir = d.parent();
    }
    None
}

/// The formatter settings of a manifest at `file` (found from its directory, or the
/// current one), the configuration files read through `files`; the error message names
/// the configuration file, and the line and column of each problem (one line each).
pub fn format_config_for(
    files: &mut ConfigFiles,
    file: Option<&Path>,
) -> Result<FormatConfig, String> {
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
    let Some(p) = find_format_config(&start) else {
        return Ok(FormatConfig::default());
    };
    // Shown relative to the current directory when below it, as `rein check` does.
    let shown = p
        .strip_prefix(&cwd)
        .map_or_else(|_| p.display().to_string(), |r| r.display().to_string());
    match files.get(&p, &shown) {
        Ok(c) => Ok(c.format),
        Err(LoadError::Read(e)) => Err(format!("{shown}: {e}")),
        Err(LoadError::Invalid(errors)) => Err(errors
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("rein-fmtcfg-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        dir
    }

    #[test]
    fn format_settings_are_read_and_checked() {
        let d = temp_dir("read");
        let file = d.join("a.pp");
        let mut files = ConfigFiles::default();
        std::fs::write(d.join("lint.toml"), "[format]\nindent_width = 4\n").expect("write");
        assert_eq!(
            format_config_for(&mut files, Some(&file)),
            Ok(FormatConfig {
                indent_width: 4,
                line_width: 140
            })
        );
        std::fs::write(d.join("rein.toml"), "[format]\nline_width = 10\nfoo = 1\n").expect("write");
        let shown = d.join("rein.toml").display().to_string();
        assert_eq!(
            format_config_for(&mut files, Some(&file)),
            Err(format!(
                "{shown}:2:14: line_width must be an integer between 20 and 10000\n\
                 {shown}:3:1: unknown field `foo` in [format]"
            ))
        );
        let _ = std::fs::remove_dir_all(&d);
    }
}
