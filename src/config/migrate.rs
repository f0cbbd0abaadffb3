//! `rein init --from .puppet-lint.rc`: the `rein.toml` that makes rein check as a
//! `.puppet-lint.rc` does. The rc file is read as rein honours it ([`parse_rc`]), and its
//! effect is written in rein's schema: the rule levels and options it leads to (each rule
//! whose level or options differ from the defaults, or `all = "off"` and the rules left on
//! when that is shorter, as after `--only-checks`), `--ignore-paths` as `[files]
//! ignore_paths` (the same fnmatch patterns), `--fail-on-warnings` and `--show-ignored` in
//! `[check]`. Flags that only change puppet-lint's output or loading have no place in
//! `rein.toml`: they are listed as not migrated.

use std::fmt::Write;

use super::lintrc::{parse_rc, rc_lines, IGNORED_SWITCHES, IGNORED_WITH_VALUE};
use super::{default_selection, Config, ConfigError};
use crate::rules::{registry, Category, Level};

/// A migrated configuration: the `rein.toml` text, and warnings about the rc file (unknown
/// flags and checks, flags not migrated).
#[derive(Debug)]
pub struct Migration {
    pub text: String,
    pub notes: Vec<String>,
}

/// The `rein.toml` equivalent to the `.puppet-lint.rc` text `text` (`shown`: the file as
/// displayed).
pub fn migrate_lintrc(text: &str, shown: &str) -> Result<Migration, Vec<ConfigError>> {
    let rc = parse_rc(text, shown)?;
    let mut notes = rc.notes.clone();
    let mut out = format!(
        "# rein's configuration, written by `rein init --from {shown}` to check as it does.\n\
         # rein reads the nearest rein.toml or .rein.toml above each file, and then no\n\
         # .puppet-lint.rc. `rein rule` lists the rules, `rein rule NAME` documents one.\n"
    );
    let flags = rc_lines(text);
    if !flags.is_empty() {
        let _ = writeln!(out, "#\n# {shown} said:");
        for (_, l) in &flags {
            let _ = writeln!(out, "#   {l}");
        }
    }
    for (line, arg) in &flags {
        if is_output_flag(arg) {
            let _ = writeln!(
                out,
                "# Not migrated (rein.toml has no output settings): {arg}"
            );
            notes.push(format!(
                "{shown}:{line}: `{arg}` not migrated: rein.toml has no output settings (give it on the command line)"
            ));
        }
    }
    if let Some(g) = &rc.ignore_paths {
        out.push_str("\n[files]\n");
        let _ = writeln!(out, "ignore_paths = {}", string_array(&g.patterns));
    }
    if rc.fail_on_warnings || rc.show_ignored {
        out.push_str("\n[check]\n");
        if rc.fail_on_warnings {
            out.push_str("fail_on_warnings = true\n");
        }
        if rc.show_ignored {
            out.push_str("show_ignored = true\n");
        }
    }
    let rules = rules_entries(&rc);
    if !rules.is_empty() {
        out.push_str("\n[rules]\n");
        out.push_str(&rules);
    }
    Ok(Migration { text: out, notes })
}

/// Whether the rc argument `arg` (`--name`, `--name=value`, `--name value`) is a flag that
/// changes only puppet-lint's output or what it loads.
fn is_output_flag(arg: &str) -> bool {
    let Some(flag) = arg.strip_prefix("--") else {
        return false;
    };
    let name = flag
        .split(|c: char| c == '=' || c.is_whitespace())
        .next()
        .unwrap_or(flag);
    IGNORED_SWITCHES.contains(&name) || IGNORED_WITH_VALUE.contains(&name)
}

/// The `[rules]` entries that give every rule the level and options `rc` leads to.
fn rules_entries(rc: &Config) -> String {
    let chosen = rc.selection(&[], &[], false);
    let defaults = default_selection();
    let rules = registry::all();
    let configurable = || {
        rules
            .iter()
            .zip(chosen.iter().zip(&defaults))
            .filter(|(r, _)| r.meta().category != Category::Syntax)
    };
    let differ = configurable()
        .filter(|(_, ((level, options), (default, _)))| level != default || !options.is_empty())
        .count();
    let on = configurable()
        .filter(|(_, ((level, _), _))| *level != Level::Off)
        .count();
    let mut out = String::new();
    let all_off = on + 1 < differ;
    if all_off {
        out.push_str("all = \"off\"\n");
    }
    for (rule, ((level, options), (default, _))) in configurable() {
        let wanted = if all_off {
            *level != Level::Off
        } else {
            level != default || !options.is_empty()
        };
        if !wanted {
            continue;
        }
        let name = rule.meta().name;
        if options.is_empty() {
            let _ = writeln!(out, "{name} = \"{}\"", level.as_str());
        } else {
            let opts: Vec<String> = options.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            let _ = writeln!(
                out,
                "{name} = {{ level = \"{}\", {} }}",
                level.as_str(),
                opts.join(", ")
            );
        }
    }
    out
}

/// `["a", "b"]` with each string quoted as TOML does.
fn string_array(items: &[String]) -> String {
    toml::Value::Array(items.iter().cloned().map(toml::Value::String).collect()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::parse_config;

    /// The rc file's selection and the migrated configuration's are the same.
    fn same_selection(rc: &str) -> Migration {
        let m = migrate_lintrc(rc, ".puppet-lint.rc").unwrap();
        let from_rc = parse_rc(rc, ".puppet-lint.rc").unwrap();
        let from_toml = match parse_config(&m.text, "rein.toml") {
            Ok(c) => c,
            Err(e) => panic!("{e:?}\n{}", m.text),
        };
        assert_eq!(
            from_toml.selection(&[], &[], false),
            from_rc.selection(&[], &[], false),
            "{}",
            m.text
        );
        assert_eq!(from_toml.fail_on_warnings, from_rc.fail_on_warnings);
        assert_eq!(from_toml.show_ignored, from_rc.show_ignored);
        assert_eq!(
            from_toml.ignore_paths.map(|g| g.patterns),
            from_rc.ignore_paths.map(|g| g.patterns)
        );
        m
    }

    #[test]
    fn check_flags_become_rule_entries() {
        let m = same_selection(
            "# ours\n--no-140chars-check\n--no-documentation-check\n--trailing_comma-check\n--fail-on-warnings\n--ignore-paths=vendor/**/*.pp,spec/*\n--relative\n--top-scope-variables role\n--log-format=%{path}:%{line}\n",
        );
        assert_eq!(
            m.text,
            "# rein's configuration, written by `rein init --from .puppet-lint.rc` to check as it does.\n\
             # rein reads the nearest rein.toml or .rein.toml above each file, and then no\n\
             # .puppet-lint.rc. `rein rule` lists the rules, `rein rule NAME` documents one.\n\
             #\n\
             # .puppet-lint.rc said:\n\
             #   --no-140chars-check\n\
             #   --no-documentation-check\n\
             #   --trailing_comma-check\n\
             #   --fail-on-warnings\n\
             #   --ignore-paths=vendor/**/*.pp,spec/*\n\
             #   --relative\n\
             #   --top-scope-variables role\n\
             #   --log-format=%{path}:%{line}\n\
             # Not migrated (rein.toml has no output settings): --log-format=%{path}:%{line}\n\
             \n\
             [files]\n\
             ignore_paths = [\"vendor/**/*.pp\", \"spec/*\"]\n\
             \n\
             [check]\n\
             fail_on_warnings = true\n\
             \n\
             [rules]\n\
             140chars = \"off\"\n\
             top_scope_facts = { level = \"warning\", top_scope_variables = [\"role\"] }\n\
             autoloader_layout = { level = \"error\", relative = true }\n\
             documentation = \"off\"\n\
             trailing_comma = \"warning\"\n"
        );
        assert_eq!(
            m.notes,
            [".puppet-lint.rc:9: `--log-format=%{path}:%{line}` not migrated: rein.toml has no output settings (give it on the command line)"]
        );
    }

    #[test]
    fn only_checks_turns_all_off_and_lists_the_rules_left_on() {
        let m = same_selection("--only-checks=140chars,trailing_whitespace\n--show-ignored\n");
        assert!(
            m.text.ends_with(
                "\n[check]\nshow_ignored = true\n\n[rules]\nall = \"off\"\n140chars = \"warning\"\ntrailing_whitespace = \"error\"\n"
            ),
            "{}",
            m.text
        );
    }

    #[test]
    fn an_empty_rc_file_changes_nothing() {
        let m = same_selection("");
        assert_eq!(m.text.lines().count(), 3, "{}", m.text);
        assert!(m.notes.is_empty());
    }

    #[test]
    fn unknown_flags_are_noted() {
        let m = same_selection("--frobnicate\n--no-trailing_whitspace-check\n");
        assert_eq!(
            m.notes,
            [
                ".puppet-lint.rc:1: unknown puppet-lint flag `--frobnicate`, ignored",
                ".puppet-lint.rc:2: unknown check `trailing_whitspace`, ignored; did you mean `trailing_whitespace`?",
            ]
        );
    }
}
