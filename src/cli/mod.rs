//! Command-line interface: argument parsing and the `check` and `dump` commands.
//!
//! Exit status of every command: 0 when clean (warnings allowed), 1 when a file has a
//! syntax error, 2 for usage errors and I/O errors (missing path, unreadable file).

pub mod check;
pub mod discover;
pub mod dump;

use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// Exit status: no error.
pub const EXIT_OK: i32 = 0;
/// Exit status: a syntax error (or another error-severity finding) was found.
pub const EXIT_FINDINGS: i32 = 1;
/// Exit status: bad usage, or a path that could not be read.
pub const EXIT_USAGE: i32 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "rein",
    version,
    about = "A linter and formatter for the Puppet language",
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check Puppet manifests for syntax errors.
    Check(CheckArgs),
    /// Print the syntax tree of manifests as `puppet parser dump --no-validate` does.
    Dump(DumpArgs),
}

#[derive(clap::Args, Debug)]
struct CheckArgs {
    /// Files or directories to check (directories: every `.pp` file below, honouring
    /// `.gitignore`, skipping `.git`, `vendor/` and `spec/fixtures/`). Default: `.`
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    format: CheckFormat,
    /// When to colour the output.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
}

#[derive(clap::Args, Debug)]
struct DumpArgs {
    /// Output format: `json` (one JSON value) or `pn` (`--- FILE` then the PN text).
    #[arg(long, value_enum, default_value_t = DumpFormat::Json)]
    format: DumpFormat,
    /// Manifests to dump.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Output formats of `rein check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// A code frame per finding and a summary.
    Human,
    /// One line per finding: `path:line:col: severity[rule] message`.
    Concise,
    /// One JSON array of findings.
    Json,
}

/// Output formats of `rein dump`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DumpFormat {
    Json,
    Pn,
}

/// When to colour output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

impl Color {
    /// Whether to colour standard output.
    pub fn enabled_for_stdout(self) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        }
    }
}

/// Runs rein with the process arguments and returns the exit code.
pub fn main() -> i32 {
    run(std::env::args_os().collect())
}

/// Runs rein with the given arguments (the first is the program name).
pub fn run(args: Vec<OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
        }
    };
    match cli.command {
        Command::Check(a) => {
            let paths = if a.paths.is_empty() {
                vec![PathBuf::from(".")]
            } else {
                a.paths
            };
            let format = match a.format {
                CheckFormat::Human => crate::diagnostics::Format::Human,
                CheckFormat::Concise => crate::diagnostics::Format::Concise,
                CheckFormat::Json => crate::diagnostics::Format::Json,
            };
            check::run(&paths, format, a.color)
        }
        Command::Dump(a) => dump::run(&a.files, a.format),
    }
}
