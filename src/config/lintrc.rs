//! puppet-lint's `.puppet-lint.rc`, honoured when no rein configuration applies to a file.
//!
//! The file holds puppet-lint command-line flags, one a line (`--x=y` or `--x y`; a flag
//! needing a value may also take it from the next line, as Ruby's `OptionParser#load`
//! does); blank lines and `#` comments are skipped. Understood: `--no-NAME-check`,
//! `--NAME-check`, `--only-checks a,b`, `--fail-on-warnings`, `--ignore-paths p1,p2`,
//! `--relative`, `--show-ignored`, `--top-scope-variables a,b`. Flags that only change puppet-lint's output or loading (`--with-filename`,
//! `--error-level`, `--log-format`, `--json`, ...) are accepted and ignored. Unknown flags,
//! and check names that neither rein nor puppet-lint has, are reported as notes (printed
//! as warnings on stderr); the file is never an error.

use super::{rule_hint, ConfigError};
use super::{Config, Op, PathGlobs, Target};
use crate::rules::directives::FOREIGN_CHECKS;
use crate::rules::Level;

/// Flags accepted and ignored that take no value.
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

/// Flags accepted and ignored that take a value.
pub(super) const IGNORED_WITH_VALUE: &[&str] = &[
    "error-level",
    "log-format",
    "codeclimate-report-file",
    "load",
    "load-from-puppet",
    "config",
];

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

/// Parses `.puppet-lint.rc` text; `path` is the file as displayed in notes.
pub fn parse_rc(text: &str, path: &str) -> Result<Config, Vec<ConfigError>> {
    let mut config = Config::default();
    let mut it = rc_lines(text).into_iter().peekable();
    while let Some((line, arg)) = it.next() {
        let mut note = |msg: String| config.notes.push(format!("{path}:{line}: {msg}"));
        let Some(flag) = arg.strip_prefix("--") else {
            note(format!("`{arg}` is not a flag, ignored"));
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
                    .filter_map(|n| check(n, &mut note))
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
            ("error-level", Some(v)) if !["all", "warning", "error"].contains(&v.as_str()) => {
                note(format!(
                    "--error-level must be all, warning or error, not `{v}`; ignored"
                ));
            }
            (n, None) if IGNORED_SWITCHES.contains(&n) => {}
            (n, Some(_)) if IGNORED_WITH_VALUE.contains(&n) => {}
            (n, None) if n.ends_with("-check") => {
                let (name, op): (&str, fn(Target) -> Op) = match n.strip_prefix("no-") {
                    Some(rest) => (rest, |t| Op::Level(t, Level::Off)),
                    None => (n, Op::Enable),
                };
                let check_name = name.strip_suffix("-check").unwrap_or(name);
                if let Some(t) = check(check_name, &mut note) {
                    config.ops.push(op(t));
                }
            }
            (n, None) if takes_value(n) => note(format!("--{n} needs a value, ignored")),
            _ => note(format!("unknown puppet-lint flag `{arg}`, ignored")),
        }
    }
    Ok(config)
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

/// The rule a puppet-lint check name stands for; `None` (with a note when puppet-lint does
/// not know it either) when rein does not have it.
fn check(name: &str, note: &mut impl FnMut(String)) -> Option<Target> {
    match Target::parse(name) {
        Some(t @ Target::Rule(_)) => Some(t),
        _ => {
            if !FOREIGN_CHECKS.contains(&name) {
                note(format!(
                    "unknown check `{name}`, ignored{}",
                    rule_hint(name)
                ));
            }
            None
        }
    }
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
        assert!(c.notes.is_empty(), "{:?}", c.notes);
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
        assert!(c.notes.is_empty(), "{:?}", c.notes);
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
