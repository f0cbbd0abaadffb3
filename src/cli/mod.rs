//! Command-line interface: argument parsing, and the commands (`check`, `dump`, `fmt`,
//! `rule`, `init`, `completions`, `man`, `lsp`, `unfurl`) as front ends that print what the library (the
//! [`crate::workspace`] for `check` and `fmt`) gives.
//!
//! Exit status of every command: 0 when clean (warnings allowed), 1 when a file has a
//! syntax error, 2 for usage errors and I/O errors (missing path, unreadable file).

pub mod check;
pub mod completions;
pub mod diff;
pub mod dump;
pub mod fmt;
pub mod init;
pub mod man;
pub mod output;
pub mod rule;
pub mod stdin;
pub mod unfurl;

use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

/// Exit status: no error.
pub const EXIT_OK: i32 = 0;
/// Exit status: a syntax error (or another error-severity finding) was found.
pub const EXIT_FINDINGS: i32 = 1;
/// Exit status: bad usage, or a path that could not be read.
pub const EXIT_USAGE: i32 = 2;

/// What `rein --help` says after the commands (and `rein man` in its PUPPET-LINT MODE
/// section): rein run without a command.
const PUPPET_LINT_MODE: &str = "\
Run without a command, rein is puppet-lint: `rein [PUPPET-LINT FLAGS] PATH...` checks the
manifests as `rein check` does, honours `.puppet-lint.rc`, and prints what puppet-lint
prints (`WARNING: class not documented on line 1 (check: documentation)`, `--log-format`,
`--with-context`, `--json`, `FIXED:` lines with `--fix`), with its exit status, so a hook or
CI job written for puppet-lint runs rein by changing the program's name. `rein check --help`
lists puppet-lint's flags.";

#[derive(Parser, Debug)]
#[command(
    name = "rein",
    version,
    about = "A linter and formatter for the Puppet language",
    override_usage = "rein <COMMAND>\n       rein [PUPPET-LINT FLAGS] [PATH]...",
    after_help = PUPPET_LINT_MODE,
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check Puppet manifests: syntax, Puppet's validation, puppet-lint's checks and more.
    Check(Box<check::CheckArgs>),
    /// Print the syntax tree of manifests as `puppet parser dump --no-validate` does.
    Dump(DumpArgs),
    /// Format Puppet manifests.
    Fmt(fmt::FmtArgs),
    /// List the rules, or print the documentation of one.
    Rule(rule::RuleArgs),
    /// Write a rein.toml: the defaults, or what a .puppet-lint.rc says (`--from`).
    Init(init::InitArgs),
    /// Print the shell completion script of rein's command line.
    Completions(completions::CompletionsArgs),
    /// Print rein's man page, or write the man pages into a directory.
    Man(man::ManArgs),
    /// Run the language server (LSP over standard input and output).
    Lsp,
    /// Unfurl documents: `rein unfurl expand FILE` prints one with its merge directives
    /// processed.
    Unfurl(unfurl::UnfurlArgs),
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

/// The arguments that stand alone besides the commands.
const STANDALONE: &[&str] = &["-h", "--help", "-V", "--version"];

/// rein run as puppet-lint: arguments that do not start with a command
/// (`rein --fail-on-warnings manifests/`) are those of `rein check` with puppet-lint's
/// output, so that a script or hook written for puppet-lint runs rein by changing the
/// program's name. A first argument that is neither a command nor an existing path and
/// looks like a word (`rein chek .`) is a mistyped command: the usage error's message.
fn puppet_lint_mode(mut args: Vec<OsString>) -> Result<Vec<OsString>, String> {
    let Some(first) = args.get(1).and_then(|a| a.to_str()) else {
        return Ok(args);
    };
    let cli = Cli::command();
    let commands: Vec<&str> = cli
        .get_subcommands()
        .map(|c| c.get_name())
        .chain(["help"])
        .collect();
    if commands.contains(&first) || STANDALONE.contains(&first) {
        return Ok(args);
    }
    let is_word = first
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && first.starts_with(|c: char| c.is_ascii_alphabetic());
    if is_word && std::fs::symlink_metadata(first).is_err() {
        // Close: at most two edits, and fewer than the word has letters less one (`foo` is
        // no `fmt`).
        let close = crate::syntax::suggest::closest(first, commands.iter().copied())
            .filter(|c| crate::syntax::suggest::edit_distance(first, c) + 1 < first.len());
        let hint = match close {
            Some(c) => format!("unknown command `{first}`; did you mean `{c}`?"),
            None => format!("`{first}` is neither a command nor a file or directory"),
        };
        return Err(format!(
            "{hint} (`rein --help` lists the commands; `rein PATH...` checks as puppet-lint)"
        ));
    }
    args.splice(
        1..1,
        [
            OsString::from("check"),
            OsString::from("--puppet-lint-mode"),
        ],
    );
    Ok(args)
}

/// Runs rein with the process arguments and returns the exit code.
pub fn main() -> i32 {
    run(std::env::args_os().collect())
}

/// Runs rein with the given arguments (the first is the program name).
pub fn run(args: Vec<OsString>) -> i32 {
    let args = match puppet_lint_mode(args) {
        Ok(a) => a,
        Err(message) => {
            eprintln!("rein: {message}");
            return EXIT_USAGE;
        }
    };
    let cli = match Cli::try_parse_from(check::rewrite_puppet_lint_flags(args)) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
        }
    };
    match cli.command {
        Command::Check(a) => check::run(*a),
        Command::Dump(a) => dump::run(&a.files, a.format),
        Command::Fmt(a) => fmt::run(a),
        Command::Rule(a) => rule::run(a),
        Command::Init(a) => init::run(a),
        Command::Completions(a) => completions::run(&a),
        Command::Man(a) => man::run(&a),
        Command::Lsp => crate::lsp::run(),
        Command::Unfurl(a) => unfurl::run(a),
    }
}
