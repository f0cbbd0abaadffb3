//! Which of the files named or found are worked on, and with which settings: the same for
//! `rein check` and `rein fmt`. Each file gets the settings of its configuration (see
//! [`Resolver`]); a file that the configuration's `[files] exclude` or `ignore_paths`, or
//! the command line's `--ignore-paths`, matches is left out whether it was named or found
//! by walking a directory (as puppet-lint does, so that a pre-commit hook, which names
//! every file, skips the same files as a run on the whole tree); `[files] include` narrows
//! only the files found by walking.

use std::collections::HashSet;
use std::path::PathBuf;

use crate::config::{ConfigError, FileSettings, PathGlobs, Resolver};

/// The files of `found` (discovered from `paths`, the files named: never directories) that
/// are worked on, with their settings; `ignore_paths` is the command line's `--ignore-paths`.
pub fn select(
    resolver: &mut Resolver,
    paths: &[PathBuf],
    found: &[PathBuf],
    ignore_paths: Option<&PathGlobs>,
) -> Result<Vec<(PathBuf, FileSettings)>, Vec<ConfigError>> {
    let named: HashSet<&PathBuf> = paths.iter().collect();
    let mut jobs = Vec::with_capacity(found.len());
    for file in found {
        if ignore_paths.is_some_and(|g| g.matches_str(&file.to_string_lossy())) {
            continue;
        }
        if let Some(s) = resolver.settings(file, named.contains(file))? {
            jobs.push((file.clone(), s));
        }
    }
    Ok(jobs)
}
