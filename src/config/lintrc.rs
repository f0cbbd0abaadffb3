//! puppet-lint's `.puppet-lint.rc`, honoured when no rein configuration applies to a file.
//!
//! The file holds puppet-lint command-line flags, one a line (`--x=y` or `--x y`; a flag
//! needing a value may also take it from the next line, as Ruby's `OptionParser#load`
//! does); blank lines and `#` comments are skipped. [`parse_rc`] reads what selects checks
//! and files, per file: `--no-NAME-check`, `--NAME-check`, `--only-checks a,b`,
//! `--fail-on-warnings`, `--ignore-paths p1,p2`, `--relative`, `--show-ignored`,
//! `--top-scope-variables a,b`. [`output_flags`] reads what shapes puppet-lint's output,
//! once per run (from the file [`run_rc`] names): `--log-format`, `--error-level`,
//! `--with-filename`, `--with-context`, `--json`, `--sarif`, `--fix`,
//! `--codeclimate-report-file`. Unknown flags, check names rein does not have (with a
//! did-you-mean for a misspelt one) and `--load` (rein runs no Ruby plugin) are reported
//! as notes (printed as warnings on stderr), as the same flags on the command line are;
//! the file is never an error.

use std::path::{Path, PathBuf};

use super::{rule_hint, ConfigError};
use super::{Config, Op, PathGlobs, Target, LINT_RC};
use crate::rules::directives::FOREIGN_CHECKS;
use crate::rules::Level;

/// Flags [`parse_rc`] leaves alone that take no value: output flags ([`output_flags`]),
/// and flags for puppet-lint alone.
pub(super) const IGNORED_SWITCHES: &[&str] = &[
    "with-filename",
    "with-context",
    "json",
    "sarif",
    "fix",
    "no-config",
    "list-checks",
    "version",
    "help",
];

/// Flags [`parse_rc`] leaves alone that take a value: output flags ([`output_flags`]), and
/// flags for puppet-lint alone (`--load`, `--load-from-puppet` are noted as not loaded).
pub(super) const IGNORED_WITH_VALUE: &[&str] = &[
    "error-level",
    "log-format",
    "codeclimate-report-file",
    "load",
    "load-from-puppet",
    "config",
];

/// Flags naming Ruby plugins to load, which rein does not run.
const LOAD_FLAGS: &[&str] = &["load", "load-from-puppet"];

/// Flags that take a value.
fn takes_value(name: &str) -> bool {
    ["only-checks", "ignore-paths", "top-scope-variables"].contains(&name)
        || IGNORED_WITH_VALUE.contains(&name)
}

/// The lines of `.puppet-lint.rc` text that hold flags or values (not blank, not `#`
/// comments), trimmed, with their 1-based numbers.
pub fn rc_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// One flag of an rc file.
struct Flag<'a> {
    /// 1-based line.
    line: usize,
    /// The line as written (trimmed).
    arg: &'a str,
    /// The name without `--`; `None` when the line is not a flag.
    name: Option<&'a str>,
    value: Option<String>,
}

/// The flags of rc text, in order, each with its value (from the same line, or from the
/// next when the flag takes one and the next line is no flag).
fn flags(text: &str) -> Vec<Flag<'_>> {
    let mut it = rc_lines(text).into_iter().peekable();
    let mut out = Vec::new();
    while let Some((line, arg)) = it.next() {
        let Some(flag) = arg.strip_prefix("--") else {
            out.push(Flag {
                line,
                arg,
                name: None,
                value: None,
            });
            continue;
        };
        let (name, mut value) = match flag.find(|c: char| c == '=' || c.is_whitespace()) {
            Some(i) => (
                flag.get(..i).unwrap_or(flag),
                flag.get(i + 1..).map(|v| v.trim().to_string()),
            ),
            None => (flag, None),
        };
        if value.is_none() && takes_value(name) {
            value = it
                .next_if(|(_, next)| !next.starts_with("--"))
                .map(|(_, v)| v.to_string());
        }
        out.push(Flag {
            line,
            arg,
            name: Some(name),
            value,
        });
    }
    out
}

/// Parses `.puppet-lint.rc` text; `path` is the file as displayed in notes.
pub fn parse_rc(text: &str, path: &str) -> Result<Config, Vec<ConfigError>> {
    let mut config = Config::default();
    for Flag {
        line,
        arg,
        name,
        value,
    } in flags(text)
    {
        let mut note = |msg: String| config.notes.push(format!("{path}:{line}: {msg}"));
        let Some(name) = name else {
            note(format!("`{arg}` is not a flag, ignored"));
            continue;
        };
        match (name, value) {
            ("fail-on-warnings", None) => config.fail_on_warnings = true,
            ("relative", None) => config.relative = true,
            ("show-ignored", None) => config.show_ignored = true,
            ("top-scope-variables", Some(v)) => config.ops.extend(top_scope_variables(&v)),
            ("only-checks", Some(v)) => {
                let targets = v
                    .split(',')
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .filter_map(|n| rule_target(n).map_err(&mut note).ok())
                    .collect();
                config.ops.push(Op::Only(targets));
            }
            ("ignore-paths", Some(v)) => {
                let patterns: Vec<&str> = v.split(',').filter(|p| !p.is_empty()).collect();
                match PathGlobs::fnmatch(&patterns) {
                    Ok(g) => config.ignore_paths = Some(g),
                    Err(e) => note(format!("{}, ignored", e.message)),
                }
            }
            ("error-level", Some(v)) => {
                if let Err(m) = error_level(&v) {
                    note(format!("{m}; ignored"));
                }
            }
            (n, Some(v)) if LOAD_FLAGS.contains(&n) => note(not_loaded(&v)),
            (n, None) if IGNORED_SWITCHES.contains(&n) => {}
            (n, Some(_)) if IGNORED_WITH_VALUE.contains(&n) => {}
            (n, None) if n.ends_with("-check") => {
                let (name, op): (&str, fn(Target) -> Op) = match n.strip_prefix("no-") {
                    Some(rest) => (rest, |t| Op::Level(t, Level::Off)),
                    None => (n, Op::Enable),
                };
                let check_name = name.strip_suffix("-check").unwrap_or(name);
                match rule_target(check_name) {
                    Ok(t) => config.ops.push(op(t)),
                    Err(msg) => note(msg),
                }
            }
            (n, None) if takes_value(n) => note(format!("--{n} needs a value, ignored")),
            _ => note(format!("unknown puppet-lint flag `{arg}`, ignored")),
        }
    }
    Ok(config)
}

/// What puppet-lint's output flags in an rc file say (a flag given twice: the last).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutputFlags {
    /// `--log-format FORMAT`.
    pub log_format: Option<String>,
    /// `--error-level all|warning|error` (a bad level is noted by [`parse_rc`] and left out).
    pub error_level: Option<String>,
    /// `--with-filename`.
    pub with_filename: bool,
    /// `--with-context`.
    pub with_context: bool,
    /// `--json`.
    pub json: bool,
    /// `--sarif`.
    pub sarif: bool,
    /// `--fix`.
    pub fix: bool,
    /// `--codeclimate-report-file FILE`.
    pub codeclimate_report_file: Option<String>,
}

/// The output flags of rc text.
pub fn output_flags(text: &str) -> OutputFlags {
    let mut out = OutputFlags::default();
    for flag in flags(text) {
        match (flag.name, flag.value) {
            (Some("log-format"), Some(v)) => out.log_format = Some(v),
            (Some("error-level"), Some(v)) if error_level(&v).is_ok() => {
                out.error_level = Some(v);
            }
            (Some("codeclimate-report-file"), Some(v)) => out.codeclimate_report_file = Some(v),
            (Some("with-filename"), None) => out.with_filename = true,
            (Some("with-context"), None) => out.with_context = true,
            (Some("json"), None) => out.json = true,
            (Some("sarif"), None) => out.sarif = true,
            (Some("fix"), None) => out.fix = true,
            _ => {}
        }
    }
    out
}

/// The rc file whose output flags apply to a whole run, as puppet-lint reads it: the file
/// given with `--config` when it is an rc file (none when it is a rein configuration),
/// else `.puppet-lint.rc` in the current directory, when there is one.
pub fn run_rc(forced: Option<&Path>) -> Option<PathBuf> {
    match forced {
        Some(f) => is_rc(f).then(|| f.to_path_buf()),
        None => Some(PathBuf::from(LINT_RC)).filter(|p| p.is_file()),
    }
}

/// Whether `path` names an rc file (its name ends in `.rc`), read as a `.puppet-lint.rc`.
pub fn is_rc(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.ends_with(".rc"))
}

/// puppet-lint's `--error-level`: `Ok(None)` for `all`, the only severity to print for
/// `warning` or `error`, or the message of a bad level.
pub fn error_level(level: &str) -> Result<Option<crate::rules::Severity>, String> {
    use crate::rules::Severity;
    match level {
        "all" => Ok(None),
        "warning" => Ok(Some(Severity::Warning)),
        "error" => Ok(Some(Severity::Error)),
        l => Err(format!(
            "--error-level must be all, warning or error, not `{l}`"
        )),
    }
}

/// The note for a Ruby plugin file or module path (`--load`, `--load-from-puppet`).
pub fn not_loaded(what: &str) -> String {
    format!("`{what}` not loaded: rein does not run puppet-lint's Ruby plugins (`rein rule` lists the checks it has)")
}

/// The rule a puppet-lint check name stands for, or the note saying why there is none: a
/// plugin check rein does not have, or an unknown name (with the closest rule name when
/// one is close).
pub fn rule_target(name: &str) -> Result<Target, String> {
    match Target::parse(name) {
        Some(t @ Target::Rule(_)) => Ok(t),
        _ => Err(unknown_check(name)),
    }
}

/// The note for a check name that is no rule of rein's.
pub fn unknown_check(name: &str) -> String {
    if FOREIGN_CHECKS.contains(&name) {
        return format!("rein has no check `{name}` (a puppet-lint plugin check), ignored");
    }
    format!("unknown check `{name}`, ignored{}", rule_hint(name))
}

/// puppet-lint's `--top-scope-variables a,b`: the `top_scope_variables` option of
/// `top_scope_facts` (the names that are not facts).
pub fn top_scope_variables(list: &str) -> Option<Op> {
    let Some(Target::Rule(i)) = Target::parse("top_scope_facts") else {
        return None;
    };
    let names: Vec<toml::Value> = list
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|n| toml::Value::String(n.to_string()))
        .collect();
    let mut table = toml::Table::new();
    table.insert("top_scope_variables".into(), toml::Value::Array(names));
    Some(Op::Options(i, table))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_become_settings() {
        let c = parse_rc(
            "# comment\n--no-unrecognized_escape-check\n--fail-on-warnings\n--relative\n--ignore-paths=modules/*,vendor/**\n--with-filename\n--error-level error\n--no-undef_in_function-check\n",
            ".puppet-lint.rc",
        )
        .unwrap();
        let esc = Target::parse("unrecognized_escape").unwrap();
        assert_eq!(c.ops, vec![Op::Level(esc, Level::Off)]);
        assert!(c.fail_on_warnings && c.relative);
        assert_eq!(
            c.ignore_paths.map(|g| g.patterns),
            Some(vec!["modules/*".to_string(), "vendor/**".to_string()])
        );
        assert_eq!(
            c.notes,
            [".puppet-lint.rc:8: rein has no check `undef_in_function` (a puppet-lint plugin check), ignored"]
        );
    }

    #[test]
    fn output_flags_are_read_apart() {
        let text = "--log-format %{path}:%{line}\n--error-level=warning\n--with-filename\n--with-context\n--json\n--sarif\n--fix\n--codeclimate-report-file\ncq.json\n--no-hard_tabs-check\n";
        assert_eq!(
            output_flags(text),
            OutputFlags {
                log_format: Some("%{path}:%{line}".into()),
                error_level: Some("warning".into()),
                with_filename: true,
                with_context: true,
                json: true,
                sarif: true,
                fix: true,
                codeclimate_report_file: Some("cq.json".into()),
            }
        );
        let c = parse_rc(text, "rc").unwrap();
        assert!(c.notes.is_empty(), "{:?}", c.notes);
        assert_eq!(
            output_flags("--error-level loud\n--log-format\n"),
            OutputFlags::default()
        );
    }

    #[test]
    fn misspelt_checks_get_a_suggestion_and_plugins_are_not_loaded() {
        let c = parse_rc(
            "--no-trailing_whitespac-check\n--load=x.rb\n--load-from-puppet /etc/puppet/code\n",
            "rc",
        )
        .unwrap();
        assert_eq!(
            c.notes,
            [
                "rc:1: unknown check `trailing_whitespac`, ignored; did you mean `trailing_whitespace`?",
                "rc:2: `x.rb` not loaded: rein does not run puppet-lint's Ruby plugins (`rein rule` lists the checks it has)",
                "rc:3: `/etc/puppet/code` not loaded: rein does not run puppet-lint's Ruby plugins (`rein rule` lists the checks it has)",
            ]
        );
    }

    #[test]
    fn show_ignored_and_top_scope_variables() {
        let c = parse_rc("--show-ignored\n--top-scope-variables role, site\n", "rc").unwrap();
        assert!(c.show_ignored);
        let Some(Target::Rule(i)) = Target::parse("top_scope_facts") else {
            panic!("no top_scope_facts rule");
        };
        let mut table = toml::Table::new();
        table.insert(
            "top_scope_variables".into(),
            toml::Value::Array(vec!["role".into(), "site".into()]),
        );
        assert_eq!(c.ops, vec![Op::Options(i, table)]);
        assert!(c.notes.is_empty(), "{:?}", c.notes);
    }

    #[test]
    fn values_may_follow_on_the_next_line() {
        let c = parse_rc(
            "--only-checks\nunrecognized_escape,undef_in_function\n",
            "rc",
        )
        .unwrap();
        let esc = Target::parse("unrecognized_escape").unwrap();
        assert_eq!(c.ops, vec![Op::Only(vec![esc])]);
        assert_eq!(
            c.notes,
            ["rc:1: rein has no check `undef_in_function` (a puppet-lint plugin check), ignored"]
        );
    }

    #[test]
    fn unknown_flags_and_checks_are_noted() {
        let c = parse_rc(
            "--frobnicate\n--no-foo_bar-check\nstray\n--only-checks\n--error-level=loud\n",
            "x/.puppet-lint.rc",
        )
        .unwrap();
        assert_eq!(
            c.notes,
            [
                "x/.puppet-lint.rc:1: unknown puppet-lint flag `--frobnicate`, ignored",
                "x/.puppet-lint.rc:2: unknown check `foo_bar`, ignored",
                "x/.puppet-lint.rc:3: `stray` is not a flag, ignored",
                "x/.puppet-lint.rc:4: --only-checks needs a value, ignored",
                "x/.puppet-lint.rc:5: --error-level must be all, warning or error, not `loud`; ignored",
            ]
        );
    }
}
