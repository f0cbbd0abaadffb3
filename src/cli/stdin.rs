//! `rein check -`: the manifest read from standard input (an editor's buffer), checked as
//! if it were the file named by `--stdin-filepath` (its configuration, its module's
//! layout), or as `<stdin>` in the current directory without one.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::workspace::CheckOptions;

/// The name a buffer is reported under without `--stdin-filepath`.
pub const STDIN_NAME: &str = "<stdin>";

/// A buffer read from standard input and the path it is checked as.
#[derive(Debug)]
pub struct Buffer {
    pub path: PathBuf,
    pub text: String,
}

/// The buffer to check when `paths` is `-` (read now from standard input), `None` when
/// the paths are files; or the usage error.
pub fn read(
    paths: &[PathBuf],
    filepath: Option<&Path>,
    options: &CheckOptions,
) -> Result<Option<Buffer>, String> {
    let dash = Path::new("-");
    let dashes = paths.iter().filter(|p| p.as_path() == dash).count();
    if dashes == 0 {
        return match filepath {
            Some(_) => Err("--stdin-filepath is for `-` (reading standard input)".into()),
            None => Ok(None),
        };
    }
    if paths.len() > 1 {
        return Err("`-` (standard input) cannot be checked with other paths".into());
    }
    if options.fix.is_some() {
        return Err(
            "--fix cannot change standard input; use `rein fmt -` for formatting, or fix the file"
                .into(),
        );
    }
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    let path = filepath.map_or_else(|| PathBuf::from(STDIN_NAME), Path::to_path_buf);
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "{}: not UTF-8 (invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })?;
    Ok(Some(Buffer { path, text }))
}
