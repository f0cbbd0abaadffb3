//! `rein fmt`: the command line of [`Workspace::format`] and [`Workspace::format_text`]:
//! format manifests in place, check them (`--check`), show a diff in git's format
//! (`--diff`), or filter stdin to stdout (`rein fmt -`). The files are found, configured
//! and left out exactly as `rein check` does; a summary (`N files reformatted, M
//! unchanged`) ends standard error unless `--quiet`.
//!
//! Exit status: 0 success; 1 when `--check`/`--diff` found files that would change; 2 on
//! any error (syntax error, I/O, bad config, internal safety-check failure, a file not
//! written, standard output not written). In-place writes are those of
//! [`crate::workspace::write`]; unchanged files are not touched.

use std::io::{Read, Write};
use std::path::PathBuf;

use super::diff::unified_diff;
use super::output::print;
use super::{EXIT_FINDINGS, EXIT_OK, EXIT_USAGE};
use crate::workspace::{FormatOptions, Formatted, Workspace};

/// Options of `rein fmt`.
#[derive(clap::Args, Debug)]
pub struct FmtArgs {
    /// Files or directories to format (`-` reads stdin and writes stdout). Default: `.`
    pub paths: Vec<PathBuf>,
    /// Write nothing; list the files that would change; exit 1 if any.
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print a diff in git's format (`git apply` takes it); exit 1 if it is
    /// not empty.
    #[arg(long)]
    pub diff: bool,
    /// Skip the safety check (re-parse and compare the output with the input).
    #[arg(long)]
    pub no_verify: bool,
    /// Path of the stdin text, for its configuration and messages.
    #[arg(long, value_name = "PATH")]
    pub stdin_filepath: Option<PathBuf>,
    /// Use this configuration file for every file, instead of the nearest `rein.toml` or
    /// `.rein.toml` above each file.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Write read-only files (and files in read-only directories) too.
    #[arg(long)]
    pub force: bool,
    /// Print no summary on standard error.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Runs `rein fmt`; returns the exit status.
pub fn run(args: FmtArgs) -> i32 {
    let mut workspace = Workspace::new();
    let options = FormatOptions {
        verify: !args.no_verify,
        write: !args.check && !args.diff,
        config: args.config.clone(),
        force: args.force,
    };
    let stdin_mode = args.paths.iter().any(|p| p.as_os_str() == "-");
    if stdin_mode {
        if args.paths.len() > 1 {
            eprintln!("rein fmt: `-` cannot be combined with other paths");
            return EXIT_USAGE;
        }
        return run_stdin(&mut workspace, &args, &options);
    }
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths.clone()
    };
    let report = match workspace.format(&paths, &options) {
        Ok(r) => r,
        Err(errors) => {
            for e in errors {
                eprintln!("rein fmt: {e}");
            }
            return EXIT_USAGE;
        }
    };
    if !report.io_errors.is_empty() {
        for e in &report.io_errors {
            eprintln!("rein fmt: {e}");
        }
        return EXIT_USAGE;
    }
    for n in &report.notes {
        eprintln!("rein fmt: warning: {n}");
    }
    let mut count = Count::default();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut written = Ok(());
    for (file, formatted) in &report.files {
        match formatted {
            Formatted::Unchanged => count.unchanged += 1,
            Formatted::Changed { before, after } => {
                count.changed += 1;
                let display = file.display().to_string();
                if args.diff {
                    let diff = unified_diff(&display, before, after);
                    written = written.and_then(|()| out.write_all(diff.as_bytes()));
                } else if args.check {
                    written = written.and_then(|()| writeln!(out, "{display}"));
                }
            }
            Formatted::Failed(message) => {
                count.failed += 1;
                eprintln!("rein fmt: {message}");
            }
            Formatted::Excluded => {}
        }
    }
    if let Some(status) = super::output::failed(written.and_then(|()| out.flush())) {
        return status;
    }
    if !args.quiet {
        eprintln!("{}", count.summary(options.write));
    }
    if count.failed > 0 {
        EXIT_USAGE
    } else if count.changed > 0 && !options.write {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

/// How many files changed, did not, and could not be formatted.
#[derive(Debug, Default)]
struct Count {
    changed: usize,
    unchanged: usize,
    failed: usize,
}

impl Count {
    /// `2 files reformatted, 1 unchanged` (`would be reformatted` when nothing is written),
    /// and how many failed, if any.
    fn summary(&self, written: bool) -> String {
        let files = if self.changed == 1 { "file" } else { "files" };
        let verb = if written {
            "reformatted"
        } else {
            "would be reformatted"
        };
        let mut s = format!(
            "{} {files} {verb}, {} unchanged",
            self.changed, self.unchanged
        );
        if self.failed > 0 {
            s.push_str(&format!(", {} failed", self.failed));
        }
        s
    }
}

fn run_stdin(workspace: &mut Workspace, args: &FmtArgs, options: &FormatOptions) -> i32 {
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
        eprintln!("rein fmt: cannot read stdin: {e}");
        return EXIT_USAGE;
    }
    let display = args
        .stdin_filepath
        .as_ref()
        .map_or("<stdin>".to_string(), |p| p.display().to_string());
    let Ok(src) = String::from_utf8(bytes) else {
        eprintln!("rein fmt: {display}: not valid UTF-8");
        return EXIT_USAGE;
    };
    match workspace.format_text(args.stdin_filepath.as_deref(), &display, &src, options) {
        Ok(f) => {
            if (args.diff || args.check) && f == src {
                return EXIT_OK;
            }
            if args.diff {
                return print(unified_diff(&display, &src, &f).as_bytes(), EXIT_FINDINGS);
            }
            if args.check {
                return print(format!("{display}\n").as_bytes(), EXIT_FINDINGS);
            }
            print(f.as_bytes(), EXIT_OK)
        }
        Err(message) => {
            eprintln!("rein fmt: {message}");
            EXIT_USAGE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries() {
        let c = |changed, unchanged, failed| Count {
            changed,
            unchanged,
            failed,
        };
        assert_eq!(c(1, 0, 0).summary(true), "1 file reformatted, 0 unchanged");
        assert_eq!(c(2, 3, 0).summary(true), "2 files reformatted, 3 unchanged");
        assert_eq!(
            c(0, 1, 2).summary(false),
            "0 files would be reformatted, 1 unchanged, 2 failed"
        );
    }
}
