//! `rein init`: writes a `rein.toml`: the starter configuration (every setting with its
//! default, and how to set rules), or with `--from FILE` the configuration that checks as
//! a `.puppet-lint.rc` does ([`crate::config::migrate`]). The file goes next to the rc
//! file, or in the current directory; an existing `rein.toml`, or a `.rein.toml` it would
//! hide, is kept unless `--force`. Exit status: 0 written, 2 not written.

use std::path::{Path, PathBuf};

use super::{EXIT_OK, EXIT_USAGE};
use crate::config::migrate::migrate_lintrc;
use crate::config::{io_message, starter_config, CONFIG_NAMES};
use crate::workspace::write::write_file;

/// Arguments of `rein init`.
#[derive(clap::Args, Debug)]
pub struct InitArgs {
    /// Write the configuration that checks as this `.puppet-lint.rc` does, next to it.
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// Overwrite an existing `rein.toml` (or hide a `.rein.toml`).
    #[arg(long)]
    pub force: bool,
}

/// Runs `rein init`; returns the exit status.
pub fn run(args: InitArgs) -> i32 {
    let (dir, text, notes) = match &args.from {
        Some(rc) => {
            let shown = rc.display().to_string();
            let text = match std::fs::read_to_string(rc) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("rein: {shown}: {}", io_message(&e));
                    return EXIT_USAGE;
                }
            };
            match migrate_lintrc(&text, &shown) {
                Ok(m) => (rc.parent().unwrap_or(Path::new("")), m.text, m.notes),
                Err(errors) => {
                    for e in errors {
                        eprintln!("rein: {e}");
                    }
                    return EXIT_USAGE;
                }
            }
        }
        None => (Path::new(""), starter_config(), Vec::new()),
    };
    let [name, hidden, _] = CONFIG_NAMES;
    let target = dir.join(name);
    if !args.force {
        if target.exists() {
            eprintln!("rein: {} exists; `--force` overwrites it", target.display());
            return EXIT_USAGE;
        }
        let hidden = dir.join(hidden);
        if hidden.exists() {
            eprintln!(
                "rein: {} exists, and a {name} beside it would hide it; `--force` writes {name} anyway",
                hidden.display()
            );
            return EXIT_USAGE;
        }
    }
    for n in notes {
        eprintln!("rein: warning: {n}");
    }
    if let Err(e) = write_file(&target, text.as_bytes()) {
        eprintln!("rein: {}: {}", target.display(), io_message(&e));
        return EXIT_USAGE;
    }
    eprintln!("rein: wrote {}", target.display());
    EXIT_OK
}
