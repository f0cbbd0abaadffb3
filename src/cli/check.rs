//! `rein check`: parse every manifest in parallel and report syntax errors and warnings,
//! sorted by file, line and column.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::discover::{discover, io_message};
use super::{Color, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE};
use crate::diagnostics::{self, FileReport, Finding, Format};
use crate::rules::{self, engine::RuleSet};
use crate::syntax;

/// Stack size of the worker threads: deep nesting in a manifest must not overflow.
pub const WORKER_STACK: usize = 64 * 1024 * 1024;

/// The result of checking one file.
enum Outcome {
    Report(FileReport),
    IoError(String),
}

/// Arguments of `rein check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Files or directories to check (directories: every `.pp` file below, honouring
    /// `.gitignore`, skipping `.git`, `vendor/` and `spec/fixtures/`). Default: `.`
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// When to colour the output.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
}

/// Runs `rein check`; returns the exit status.
pub fn run(args: CheckArgs) -> i32 {
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths
    };
    check(&paths, args.format, args.color)
}

/// Checks `paths` and prints the findings in `format`; returns the exit status.
pub fn check(paths: &[PathBuf], format: Format, color: Color) -> i32 {
    let found = discover(paths);
    let rule_set = RuleSet::defaults();
    let mut io_errors = found.errors;
    let outcomes: Vec<Outcome> = match rayon::ThreadPoolBuilder::new()
        .stack_size(WORKER_STACK)
        .build()
    {
        Ok(pool) => pool.install(|| {
            found
                .files
                .par_iter()
                .map(|p| check_file(p, &rule_set))
                .collect()
        }),
        Err(e) => {
            eprintln!("rein: cannot start worker threads: {e}");
            return EXIT_USAGE;
        }
    };
    let mut reports = Vec::new();
    let files_checked = found.files.len();
    for outcome in outcomes {
        match outcome {
            Outcome::Report(r) => reports.push(r),
            Outcome::IoError(e) => io_errors.push(e),
        }
    }
    diagnostics::sort_reports(&mut reports);
    io_errors.sort();
    for e in &io_errors {
        eprintln!("rein: {e}");
    }
    let result = diagnostics::write(format, &reports, files_checked, color.enabled_for_stdout());
    // A closed pipe (`rein check | head`) is not an error of the checked code.
    let _ = result;
    let (errors, _warnings) = diagnostics::count(&reports);
    if !io_errors.is_empty() {
        EXIT_USAGE
    } else if errors > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

/// Reads and parses one file; its findings (the source is kept only when there are some).
fn check_file(path: &Path, rule_set: &RuleSet) -> Outcome {
    let display = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return Outcome::IoError(format!("{display}: {}", io_message(&e))),
    };
    let parsed = syntax::parse_bytes(&bytes);
    let diagnostics = rules::engine::check_file(&display, &parsed, rule_set);
    let findings: Vec<Finding> = diagnostics
        .iter()
        .map(|d| Finding::from_diagnostic(&display, &parsed.source, &parsed.line_index, d))
        .collect();
    let source = if findings.is_empty() {
        String::new()
    } else {
        parsed.source
    };
    Outcome::Report(FileReport {
        path: display,
        source,
        findings,
    })
}
