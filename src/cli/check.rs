//! `rein check`: the command line of [`Workspace::check`] (which finds the manifests,
//! resolves each one's configuration from `rein.toml`, `.puppet-lint.rc`, `--config` and
//! `--select`/`--ignore`, and checks them in parallel), and the printing of its report:
//! the findings sorted by file, line and column in the chosen format.
//!
//! Exit status: 0 when nothing is at error level (and, with `--fail-on-warnings` or
//! puppet-lint's `--fail-on-warnings` in a `.puppet-lint.rc`, no warning either); 1
//! otherwise; 2 for usage, I/O and configuration errors (a configuration error stops the
//! run before any file is checked).

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

use super::{Color, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE};
use crate::config::lintrc::{self, OutputFlags};
use crate::config::{self, io_message, Op, PathGlobs, Target};
use crate::diagnostics::{self, Format, Severity};
use crate::rules::{self, Level};
use crate::workspace::run_memo::RunMemo;
use crate::workspace::write::write_file;
use crate::workspace::{CheckError, CheckOptions, FixSummary, Workspace};

/// The heading of puppet-lint's flags in `rein check --help`.
const PL: &str = "puppet-lint's flags";

/// What `rein check --help` says after the flags.
const CHECK_AFTER_HELP: &str = "\
puppet-lint's --no-NAME-check and --NAME-check turn the check NAME off and on. A check rein
does not have is ignored with a warning, on the command line as in .puppet-lint.rc.";

/// Arguments of `rein check`.
#[derive(clap::Args, Debug)]
#[command(after_help = CHECK_AFTER_HELP)]
pub struct CheckArgs {
    /// Files or directories to check (directories: every `.pp` file below, honouring
    /// `.gitignore`, skipping `.git`, `vendor/` and `spec/fixtures/`). Default: `.`
    /// `-` alone: the manifest read from standard input.
    pub paths: Vec<PathBuf>,
    /// With `-`: check standard input as if it were this file (its configuration, its
    /// module's layout), and report it under this path.
    #[arg(long, value_name = "PATH")]
    pub stdin_filepath: Option<PathBuf>,
    /// Output format (default `text`; `puppet-lint` when rein is run without a command,
    /// as puppet-lint).
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// When to colour the output.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// Use this configuration file for every file, instead of the nearest `rein.toml` or
    /// `.rein.toml` above each file (a file named `*.rc` is read as a `.puppet-lint.rc`).
    #[arg(long, short = 'c', value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Read no configuration file: every rule at its default (puppet-lint's `--no-config`).
    #[arg(long)]
    pub no_config: bool,
    /// Turn these rules or groups on (at their default level, or `warning` when they are
    /// off by default); repeatable, comma-separated.
    #[arg(long, value_name = "NAME[,NAME...]")]
    pub select: Vec<String>,
    /// Turn these rules or groups off; repeatable, comma-separated.
    #[arg(long, value_name = "NAME[,NAME...]")]
    pub ignore: Vec<String>,
    /// Exit with status 1 when there is any warning.
    #[arg(long)]
    pub fail_on_warnings: bool,
    /// Apply the safe fixes in place (repeated until nothing changes), then report what is
    /// left. A file is written only when the result parses, through a temporary file.
    #[arg(long, short = 'f')]
    pub fix: bool,
    /// Apply the unsafe fixes too (those that may change what the code means); implies
    /// `--fix`.
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// With `--fix`: write read-only files (and files in read-only directories) too.
    #[arg(long)]
    pub force: bool,
    /// Also show the findings that `# lint:ignore:` comments suppress, marked as ignored
    /// (they do not count as errors or warnings).
    #[arg(long)]
    pub show_ignored: bool,
    /// Where the deep checks find the modules the code uses (directories holding module
    /// directories, `:`-separated or repeated), as Puppet's `--modulepath`. Without it,
    /// the directory that holds the checked file's module.
    #[arg(long, value_name = "DIR[:DIR...]")]
    pub modulepath: Vec<String>,
    /// Read the `modulepath` entries of an `environment.conf` that leave the environment
    /// (`../shared`); without it they are not read, and a warning names each.
    #[arg(long)]
    pub allow_outside_modulepath: bool,
    /// Where the findings of unchanged files are cached (default: `$REIN_CACHE_DIR`, else
    /// `.rein_cache` in the current directory).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Neither read nor write the cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Tell on standard error which files were checked anew (not taken from the cache),
    /// and how many were taken from it.
    #[arg(long)]
    pub verbose: bool,
    /// top_scope_facts: top-scope variables that are not facts.
    #[arg(long, help_heading = PL, value_name = "NAME[,NAME...]")]
    pub top_scope_variables: Option<String>,
    /// Run only these checks (rules or groups).
    #[arg(long, help_heading = PL, value_name = "NAME[,NAME...]")]
    pub only_checks: Vec<String>,
    /// Skip the files matching these fnmatch patterns (`*` crosses `/`).
    #[arg(long, help_heading = PL, value_name = "GLOB[,GLOB...]")]
    pub ignore_paths: Vec<String>,
    /// autoloader_layout: compare the module layout relative to the module root.
    #[arg(long, help_heading = PL)]
    pub relative: bool,
    /// puppet-lint's JSON output (`--format puppet-lint-json`).
    #[arg(long, help_heading = PL)]
    pub json: bool,
    /// SARIF output (`--format sarif`).
    #[arg(long, help_heading = PL)]
    pub sarif: bool,
    /// puppet-lint's text output with this line format: `%{path}`, `%{fullpath}`,
    /// `%{filename}`, `%{line}`, `%{column}`, `%{kind}`, `%{KIND}`, `%{check}`, `%{message}`.
    #[arg(long, help_heading = PL, value_name = "FORMAT")]
    pub log_format: Option<String>,
    /// puppet-lint's text output with the file name before each problem.
    #[arg(long, help_heading = PL)]
    pub with_filename: bool,
    /// puppet-lint's text output with each problem's line and a caret.
    #[arg(long, help_heading = PL)]
    pub with_context: bool,
    /// Also write a GitLab Code Quality report to FILE.
    #[arg(long, help_heading = PL, value_name = "FILE")]
    pub codeclimate_report_file: Option<PathBuf>,
    /// Print every rule name and exit.
    #[arg(long, help_heading = PL)]
    pub list_checks: bool,
    /// Accepted and not run: rein runs no Ruby plugin (it has the Vox Pupuli checks built
    /// in).
    #[arg(long, short = 'l', help_heading = PL, value_name = "FILE")]
    pub load: Vec<String>,
    /// Accepted and not run, as `--load`.
    #[arg(long, help_heading = PL, value_name = "MODULEPATH")]
    pub load_from_puppet: Vec<String>,
    /// Set when rein runs without a command, as puppet-lint: puppet-lint's output by default.
    #[arg(long, hide = true)]
    pub puppet_lint_mode: bool,
    /// Print only the problems of this level: all, warning or error (the exit status counts
    /// every problem).
    #[arg(long, help_heading = PL, value_name = "LEVEL")]
    pub error_level: Option<String>,
    /// puppet-lint's `--no-NAME-check` (as `no-NAME`) and `--NAME-check` (as `NAME`), in
    /// the form [`rewrite_puppet_lint_flags`] gives them.
    #[arg(long = "puppet-lint-check", hide = true, value_name = "[no-]NAME")]
    pub puppet_lint_checks: Vec<String>,
}

/// Rewrites puppet-lint's generated flags after the `check` subcommand,
/// `--no-NAME-check` and `--NAME-check`, into `--puppet-lint-check=no-NAME` and
/// `--puppet-lint-check=NAME`, which clap can parse. Other arguments are kept as they are.
pub fn rewrite_puppet_lint_flags(args: Vec<OsString>) -> Vec<OsString> {
    let mut in_check = false;
    let mut done = false;
    args.into_iter()
        .map(|a| {
            let Some(s) = a.to_str() else {
                return a;
            };
            if !in_check {
                in_check = s == "check";
                return a;
            }
            if done || s == "--" {
                done = true;
                return a;
            }
            let name = s.strip_prefix("--").and_then(|f| f.strip_suffix("-check"));
            match name {
                Some(n)
                    if !n.is_empty()
                        && n.trim_start_matches("no-")
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                {
                    OsString::from(format!("--puppet-lint-check={n}"))
                }
                _ => a,
            }
        })
        .collect()
}

/// Runs `rein check`; returns the exit status.
pub fn run(mut args: CheckArgs) -> i32 {
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths.clone()
    };
    if args.list_checks {
        let mut names = String::new();
        for r in rules::registry::all() {
            if r.meta().category != rules::Category::Syntax {
                names.push_str(r.meta().name);
                names.push('\n');
            }
        }
        return super::output::print(names.as_bytes(), EXIT_OK);
    }
    if args.puppet_lint_mode && !args.no_config {
        if let Some(rc) = lintrc::run_rc(args.config.as_deref()) {
            match std::fs::read_to_string(&rc) {
                Ok(text) => args.add_rc_output_flags(lintrc::output_flags(&text)),
                Err(e) => {
                    eprintln!("rein: {}: {}", rc.display(), io_message(&e));
                    return EXIT_USAGE;
                }
            }
        }
    }
    let options = match Options::from_args(&args) {
        Ok(o) => o,
        Err(msg) => {
            eprintln!("rein: {msg}");
            return EXIT_USAGE;
        }
    };
    let mut options = options;
    match super::stdin::read(&paths, args.stdin_filepath.as_deref(), &options.check) {
        Ok(buffer) => options.stdin = buffer,
        Err(msg) => {
            eprintln!("rein: {msg}");
            return EXIT_USAGE;
        }
    }
    for w in &options.warnings {
        eprintln!("rein: warning: {w}");
    }
    let format = match args.format {
        Some(f) => f,
        None if args.sarif => Format::Sarif,
        None if args.json => Format::PuppetLintJson,
        None if args.log_format.is_some() || args.puppet_lint_mode => Format::PuppetLint,
        None => Format::Text,
    };
    // Only these show the checked text (and a codeclimate report beside any format).
    options.check.without_sources = options.codeclimate_report_file.is_none()
        && matches!(
            format,
            Format::Concise | Format::Json | Format::Sarif | Format::Github
        );
    let memo = memo_dir(&args, &options)
        .and_then(|dir| RunMemo::new(&dir, args.color.enabled_for_stdout()));
    if let Some(replay) = memo.as_ref().and_then(RunMemo::replay) {
        return super::output::replay(replay);
    }
    check_memo(&paths, format, args.color, &options, memo.as_ref())
}

/// The cache directory of the run memo of this invocation, when it may have one: a check
/// of files on disk through the cache that writes nothing but its output (no fixing, no
/// report file, no `--verbose`, no warnings about the command line), not as puppet-lint
/// (which reads a `.puppet-lint.rc` for its flags).
fn memo_dir(args: &CheckArgs, options: &Options) -> Option<PathBuf> {
    let plain = options.stdin.is_none()
        && options.check.fix.is_none()
        && options.codeclimate_report_file.is_none()
        && !options.verbose
        && options.warnings.is_empty()
        && !args.puppet_lint_mode;
    plain.then(|| options.check.cache.clone()).flatten()
}

impl CheckArgs {
    /// Adds the output flags of the run's `.puppet-lint.rc` (rein run as puppet-lint):
    /// those of the command line win, as in puppet-lint, which reads the file first.
    fn add_rc_output_flags(&mut self, rc: OutputFlags) {
        self.log_format = self.log_format.take().or(rc.log_format);
        self.error_level = self.error_level.take().or(rc.error_level);
        self.codeclimate_report_file = self
            .codeclimate_report_file
            .take()
            .or(rc.codeclimate_report_file.map(PathBuf::from));
        self.with_filename |= rc.with_filename;
        self.with_context |= rc.with_context;
        self.json |= rc.json;
        self.sarif |= rc.sarif;
        self.fix |= rc.fix;
    }
}

/// Checks `paths` with the defaults and the configuration files found, and prints the
/// findings in `format`; returns the exit status.
pub fn check(paths: &[PathBuf], format: Format, color: Color) -> i32 {
    check_with(paths, format, color, &Options::default())
}

/// What the command line says besides paths and output format.
#[derive(Debug, Default)]
pub struct Options {
    /// How to check (`--config`, `--select`, `--fix`, `--modulepath`, ...).
    pub check: CheckOptions,
    /// puppet-lint's `--error-level`: print only findings of this severity (the exit
    /// status still counts every finding).
    pub error_level: Option<Severity>,
    /// How puppet-lint's text output looks.
    pub puppet_lint_style: diagnostics::puppet_lint::Style,
    /// `--codeclimate-report-file`.
    pub codeclimate_report_file: Option<PathBuf>,
    /// What the command line asks that rein cannot do (a check it does not have, a plugin
    /// to load), for stderr.
    pub warnings: Vec<String>,
    /// `-`: the buffer read from standard input, checked as this path.
    pub stdin: Option<super::stdin::Buffer>,
    /// `--verbose`: tell which files were checked anew.
    pub verbose: bool,
}

impl Options {
    /// The options of `args`, or a usage error message.
    pub fn from_args(args: &CheckArgs) -> Result<Options, String> {
        let mut ops = Vec::new();
        let mut warnings = Vec::new();
        if !args.only_checks.is_empty() {
            let mut targets = Vec::new();
            for name in args.only_checks.iter().flat_map(|n| n.split(',')) {
                let name = name.trim();
                match Target::parse(name) {
                    Some(t) => targets.push(t),
                    None if name.is_empty() => {}
                    None => {
                        warnings.push(format!("--only-checks: {}", lintrc::unknown_check(name)))
                    }
                }
            }
            ops.push(Op::Only(targets));
        }
        for flag in &args.puppet_lint_checks {
            let (name, off) = match flag.strip_prefix("no-") {
                Some(n) => (n, true),
                None => (flag.as_str(), false),
            };
            match lintrc::rule_target(name) {
                Ok(t) => ops.push(if off {
                    Op::Level(t, Level::Off)
                } else {
                    Op::Enable(t)
                }),
                Err(note) => warnings.push(format!("--{flag}-check: {note}")),
            }
        }
        ops.extend(config::cli_ops(&args.select, &args.ignore)?);
        if let Some(list) = &args.top_scope_variables {
            ops.extend(config::lintrc::top_scope_variables(list));
        }
        let error_level = match args.error_level.as_deref() {
            None => None,
            Some(l) => lintrc::error_level(l)?,
        };
        for f in args.load.iter().chain(&args.load_from_puppet) {
            warnings.push(lintrc::not_loaded(f));
        }
        let ignore_paths = if args.ignore_paths.is_empty() {
            None
        } else {
            let patterns: Vec<&str> = args
                .ignore_paths
                .iter()
                .flat_map(|p| p.split(','))
                .filter(|p| !p.is_empty())
                .collect();
            Some(
                PathGlobs::fnmatch(&patterns)
                    .map_err(|e| format!("--ignore-paths: {}", e.message))?,
            )
        };
        Ok(Options {
            check: CheckOptions {
                config: args.config.clone(),
                no_config: args.no_config,
                ops,
                fail_on_warnings: args.fail_on_warnings,
                fix: match (args.fix, args.unsafe_fixes) {
                    (_, true) => Some(true),
                    (true, false) => Some(false),
                    (false, false) => None,
                },
                show_ignored: args.show_ignored,
                modulepath: args
                    .modulepath
                    .iter()
                    .flat_map(|m| m.split(':'))
                    .filter(|m| !m.is_empty())
                    .map(PathBuf::from)
                    .collect(),
                ignore_paths,
                relative: args.relative,
                cache: (!args.no_cache).then(|| cache_dir(args)),
                manifests_only: args.puppet_lint_mode,
                force: args.force,
                allow_outside_modulepath: args.allow_outside_modulepath,
                project_dirs: vec![PathBuf::from(".")],
                // Set by `check_with`, which knows the format.
                without_sources: false,
            },
            error_level,
            puppet_lint_style: diagnostics::puppet_lint::Style {
                log_format: args.log_format.clone(),
                with_filename: args.with_filename,
                with_context: args.with_context,
            },
            codeclimate_report_file: args.codeclimate_report_file.clone(),
            warnings,
            stdin: None,
            verbose: args.verbose,
        })
    }
}

/// Checks `paths` with `options` and prints the findings in `format`; returns the exit
/// status.
pub fn check_with(paths: &[PathBuf], format: Format, color: Color, options: &Options) -> i32 {
    check_memo(paths, format, color, options, None)
}

/// [`check_with`], keeping the output in `memo` when the run took every file from the
/// cache ([`crate::workspace::run_memo`]).
fn check_memo(
    paths: &[PathBuf],
    format: Format,
    color: Color,
    options: &Options,
    memo: Option<&RunMemo>,
) -> i32 {
    // The process ends with this run: its workspace and findings are not dropped one by
    // one (thousands of small frees), the exit releases them at once.
    let mut workspace = std::mem::ManuallyDrop::new(Workspace::new());
    let checked = match &options.stdin {
        Some(b) => workspace.check_text(&b.path, &b.text, &options.check),
        None => workspace.check(paths, &options.check),
    };
    let report = match checked {
        Ok(r) => r,
        Err(CheckError::Config(errors)) => {
            for e in errors {
                eprintln!("rein: {e}");
            }
            return EXIT_USAGE;
        }
        Err(CheckError::Missing(messages)) => {
            for m in messages {
                eprintln!("rein: {m}");
            }
            return EXIT_USAGE;
        }
        Err(CheckError::Threads { message, notes }) => {
            print_notes(&notes);
            eprintln!("rein: cannot start worker threads: {message}");
            return EXIT_USAGE;
        }
    };
    print_notes(&report.notes);
    let mut reports = std::mem::ManuallyDrop::new(report.files);
    if let Some(level) = options.error_level {
        // As puppet-lint: only findings of that kind (not the ignored ones).
        for r in reports.iter_mut() {
            r.findings
                .retain(|f| f.severity == level && f.ignored().is_none());
        }
    }
    for e in &report.io_errors {
        eprintln!("rein: {e}");
    }
    // puppet-lint's formats say what was fixed (`FIXED:` lines, `"kind": "fixed"`).
    let puppet_lint = matches!(format, Format::PuppetLint | Format::PuppetLintJson);
    // A run that printed nothing else is kept for the next one like it (when it took every
    // file from the cache): only then is the output held whole; otherwise it is written as
    // it is made (a big file's output is the size of its findings again).
    let quiet = report.notes.is_empty() && report.io_errors.is_empty();
    let kept = memo.filter(|_| quiet && report.watch.is_some());
    let mut out = Vec::new();
    let result = if kept.is_some() {
        render(
            &mut out,
            format,
            color,
            &reports,
            report.files_checked,
            options,
        )
        .and_then(|()| {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(&out).and_then(|()| stdout.flush())
        })
    } else {
        let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
        render(
            &mut stdout,
            format,
            color,
            &reports,
            report.files_checked,
            options,
        )
        .and_then(|()| stdout.flush())
    };
    // A closed pipe (`rein check | head`) is not an error of the checked code.
    let output_failed = super::output::failed(result);
    if let Some(path) = &options.codeclimate_report_file {
        let mut text = Vec::new();
        let written = diagnostics::codeclimate::write_codeclimate(&mut text, &reports)
            .and_then(|()| write_file(path, &text));
        if let Err(e) = written {
            eprintln!("rein: {}: {}", path.display(), io_message(&e));
            return EXIT_USAGE;
        }
    }
    if options.verbose {
        for path in &report.rechecked {
            eprintln!("rein: checked {path}");
        }
        let anew = report.rechecked.len();
        let reused = report.files_checked.saturating_sub(anew);
        let files = if anew == 1 { "file" } else { "files" };
        eprintln!("rein: {anew} {files} checked anew, {reused} taken from the cache");
    }
    if let Some(fix) = &report.fix {
        for p in &fix.problems {
            eprintln!("rein: {p}");
        }
        if !puppet_lint {
            eprintln!("rein: {}", fix_summary(fix));
        }
    }
    let status = if !report.io_errors.is_empty() || output_failed.is_some() {
        EXIT_USAGE
    } else if report.errors > 0 || report.failing_warnings {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    if let (Some(memo), Some(watch)) = (kept, report.watch) {
        if output_failed.is_none() {
            memo.store(watch, &out, status);
        }
    }
    status
}

/// Writes the findings `reports` of `files_checked` files in `format` to `out`.
fn render(
    out: &mut dyn Write,
    format: Format,
    color: Color,
    reports: &[diagnostics::FileReport],
    files_checked: usize,
    options: &Options,
) -> std::io::Result<()> {
    use codespan_reporting::term::termcolor::Buffer;
    match format {
        Format::PuppetLint => diagnostics::puppet_lint::write_text(
            out,
            reports,
            files_checked,
            &options.puppet_lint_style,
        ),
        Format::PuppetLintJson => diagnostics::puppet_lint::write_json(
            out,
            reports,
            options.puppet_lint_style.with_context,
        ),
        Format::Text => {
            let mut buffer = if color.enabled_for_stdout() {
                Buffer::ansi()
            } else {
                Buffer::no_color()
            };
            diagnostics::text::write_text(&mut buffer, reports, files_checked)?;
            out.write_all(buffer.as_slice())
        }
        _ => diagnostics::write_plain(format, out, reports, files_checked),
    }
}

/// Prints the warnings about the configuration files read.
fn print_notes(notes: &[String]) {
    for n in notes {
        eprintln!("rein: warning: {n}");
    }
}

/// `fixed 3 problems in 2 files`, and how many unsafe fixes were left.
fn fix_summary(fix: &FixSummary) -> String {
    let mut s = if fix.fixes == 0 {
        "nothing fixed".to_string()
    } else {
        format!(
            "fixed {} in {}",
            plural(fix.fixes, "problem", "problems"),
            plural(fix.files, "file", "files")
        )
    };
    if fix.unsafe_left > 0 && !fix.unsafe_fixes {
        s.push_str(&format!(
            "; {} available with --unsafe-fixes",
            plural(fix.unsafe_left, "more fix", "more fixes")
        ));
    }
    s
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The cache directory: `--cache-dir`, else `$REIN_CACHE_DIR`, else `.rein_cache`.
fn cache_dir(args: &CheckArgs) -> PathBuf {
    args.cache_dir
        .clone()
        .or_else(|| {
            std::env::var_os("REIN_CACHE_DIR")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        })
        .unwrap_or_else(|| PathBuf::from(crate::workspace::cache::DEFAULT_DIR))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(args: &[&str]) -> Vec<String> {
        rewrite_puppet_lint_flags(args.iter().map(OsString::from).collect())
            .into_iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn puppet_lint_check_flags_are_rewritten_after_check_only() {
        assert_eq!(
            rewrite(&[
                "rein",
                "--no-x-check",
                "check",
                "--no-140chars-check",
                "--quoted_booleans-check",
                "--fail-on-warnings",
                "a-check",
                "--",
                "--no-y-check",
            ]),
            [
                "rein",
                "--no-x-check",
                "check",
                "--puppet-lint-check=no-140chars",
                "--puppet-lint-check=quoted_booleans",
                "--fail-on-warnings",
                "a-check",
                "--",
                "--no-y-check",
            ]
        );
    }
}
