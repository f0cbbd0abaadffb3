//! `rein fmt`: the command line of [`Workspace::format_file`] and
//! [`Workspace::format_text`]: format manifests in place, check them (`--check`), show a
//! diff (`--diff`), or filter stdin to stdout (`rein fmt -`).
//!
//! Exit status: 0 success; 1 when `--check`/`--diff` found files that would change; 2 on
//! any error (syntax error, I/O, bad config, internal safety-check failure). In-place
//! writes go through a temporary file in the same directory and a rename; unchanged files
//! are not touched and permissions are kept.

use std::io::{Read, Write};
use std::path::PathBuf;

use super::diff::unified_diff;
use crate::workspace::{FormatOptions, Formatted, Workspace};

/// Options of `rein fmt`.
#[derive(clap::Args, Debug)]
pub struct FmtArgs {
    /// Files or directories to format (`-` reads stdin and writes stdout). Default: `.`
    pub paths: Vec<PathBuf>,
    /// Write nothing; list the files that would change; exit 1 if any.
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print a unified diff; exit 1 if it is not empty.
    #[arg(long)]
    pub diff: bool,
    /// Skip the safety check (re-parse and compare the output with the input).
    #[arg(long)]
    pub no_verify: bool,
    /// Path of the stdin text, for config discovery and messages.
    #[arg(long)]
    pub stdin_filepath: Option<PathBuf>,
}

/// Runs `rein fmt`; returns the exit status.
pub fn run(args: FmtArgs) -> i32 {
    let mut workspace = Workspace::new();
    let stdin_mode = args.paths.iter().any(|p| p.as_os_str() == "-");
    if stdin_mode {
        if args.paths.len() > 1 {
            eprintln!("rein fmt: `-` cannot be combined with other paths");
            return 2;
        }
        return run_stdin(&mut workspace, &args);
    }
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths.clone()
    };
    let found = workspace.discover(&paths);
    let mut status = 0;
    for e in &found.errors {
        eprintln!("rein fmt: {e}");
        status = 2;
    }
    let options = FormatOptions {
        verify: !args.no_verify,
        write: !args.check && !args.diff,
    };
    let mut changed = 0usize;
    let mut out = std::io::stdout().lock();
    for file in &found.files {
        match workspace.format_file(file, &options) {
            Formatted::Unchanged => {}
            Formatted::Changed { before, after } => {
                changed += 1;
                let display = file.display().to_string();
                if args.diff {
                    let _ = out.write_all(unified_diff(&display, &before, &after).as_bytes());
                } else if args.check {
                    let _ = writeln!(out, "{display}");
                }
            }
            Formatted::Failed(message) => {
                eprintln!("rein fmt: {message}");
                status = 2;
            }
        }
    }
    if status == 0 && changed > 0 && (args.check || args.diff) {
        status = 1;
    }
    status
}

fn run_stdin(workspace: &mut Workspace, args: &FmtArgs) -> i32 {
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
        eprintln!("rein fmt: cannot read stdin: {e}");
        return 2;
    }
    let display = args
        .stdin_filepath
        .as_ref()
        .map_or("<stdin>".to_string(), |p| p.display().to_string());
    let Ok(src) = String::from_utf8(bytes) else {
        eprintln!("rein fmt: {display}: not valid UTF-8");
        return 2;
    };
    match workspace.format_text(
        args.stdin_filepath.as_deref(),
        &display,
        &src,
        !args.no_verify,
    ) {
        Ok(f) => {
            let mut out = std::io::stdout().lock();
            if args.diff {
                if f == src {
                    return 0;
                }
                let _ = out.write_all(unified_diff(&display, &src, &f).as_bytes());
                return 1;
            }
            if args.check {
                if f == src {
                    return 0;
                }
                let _ = writeln!(out, "{display}");
                return 1;
            }
            let _ = out.write_all(f.as_bytes());
            let _ = out.flush();
            0
        }
        Err(message) => {
            eprintln!("rein fmt: {message}");
            2
        }
    }
}
