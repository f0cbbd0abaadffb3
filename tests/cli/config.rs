//! `rein check` with configuration: `rein.toml` / `.rein.toml` (levels, groups, options,
//! overrides, include/exclude, nearest file, errors), `--config`, `--select`, `--ignore`,
//! `--fail-on-warnings` and their exit codes. The subjects are `unrecognized_escape`
//! (warning by default, `"\q"`) and the suppression rules.

use std::path::Path;

use crate::harness::{rein, stderr, stdout, temp_dir, write};

/// A manifest with one unrecognized escape (line 1) and nothing else.
pub(super) const ESCAPE: &str = "$a = \"\\q\\n\"\n";

/// `rein check --format concise ARGS` in `dir`: (exit code, stdout, stderr).
pub(super) fn check(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["check", "--format", "concise"];
    all.extend_from_slice(args);
    let o = rein(&all, dir);
    (o.status.code().unwrap_or(-1), stdout(&o), stderr(&o))
}

/// The outcome of a run stopped by a usage or configuration error: exit 2, `message` on
/// standard error.
pub(super) fn usage_error(message: &str) -> (i32, String, String) {
    (2, String::new(), message.to_string())
}

pub(super) fn warning(path: &str) -> String {
    format!("{path}:1:12: warning[unrecognized_escape] Unrecognized escape sequence '\\q'\n")
}

fn error(path: &str) -> String {
    format!("{path}:1:12: error[unrecognized_escape] Unrecognized escape sequence '\\q'\n")
}

#[test]
fn without_configuration_the_defaults_apply() {
    let d = temp_dir("config-defaults");
    write(&d, "a.pp", ESCAPE);
    assert_eq!(check(&d, &[]), (0, warning("a.pp"), String::new()));
}

#[test]
fn a_rule_level_changes_severity_and_exit_code() {
    let d = temp_dir("config-level");
    write(&d, "a.pp", ESCAPE);
    write(
        &d,
        "rein.toml",
        "[rules]\nunrecognized_escape = \"error\"\n",
    );
    assert_eq!(check(&d, &[]), (1, error("a.pp"), String::new()));
    write(&d, "rein.toml", "[rules]\nUNRECOGNIZED_ESCAPE = \"off\"\n");
    assert_eq!(check(&d, &[]), (0, String::new(), String::new()));
    write(
        &d,
        "rein.toml",
        "[rules.unrecognized_escape]\nlevel = \"error\"\n",
    );
    assert_eq!(check(&d, &[]), (1, error("a.pp"), String::new()));
}

#[test]
fn dot_rein_toml_is_found_too() {
    let d = temp_dir("config-dotrein");
    write(&d, "a.pp", ESCAPE);
    write(&d, ".rein.toml", "[rules]\nunrecognized_escape = \"off\"\n");
    assert_eq!(check(&d, &[]), (0, String::new(), String::new()));
}

#[test]
fn groups_set_levels_and_a_rule_entry_wins() {
    let d = temp_dir("config-groups");
    write(&d, "a.pp", ESCAPE);
    write(&d, "rein.toml", "[rules]\nvalidation = \"error\"\n");
    assert_eq!(check(&d, &[]), (1, error("a.pp"), String::new()));
    // The rule's own entry wins, whatever the order.
    write(
        &d,
        "rein.toml",
        "[rules]\nunrecognized_escape = \"warning\"\nall = \"off\"\n",
    );
    assert_eq!(check(&d, &[]), (0, warning("a.pp"), String::new()));
    write(&d, "rein.toml", "[rules]\nall = \"off\"\n");
    assert_eq!(check(&d, &[]), (0, String::new(), String::new()));
}

#[test]
fn syntax_errors_are_reported_whatever_the_configuration() {
    let d = temp_dir("config-syntax");
    write(&d, "a.pp", "class {\n");
    write(&d, "rein.toml", "[rules]\nall = \"off\"\n");
    let (code, out, err) = check(&d, &[]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.starts_with("a.pp:") && out.contains(" error[syntax] "),
        "{out}"
    );
}

#[test]
fn suppression_rules_are_configurable() {
    let d = temp_dir("config-suppression");
    write(&d, "a.pp", "$a = 1 # lint:ignore:unrecognized_escape\n");
    assert_eq!(
        check(&d, &[]),
        (
            0,
            "a.pp:1:22: warning[suppression_unused] `lint:ignore:unrecognized_escape` suppresses nothing here\n"
                .to_string(),
            String::new()
        )
    );
    write(&d, "rein.toml", "[rules]\nsuppression = \"error\"\n");
    let (code, out, _) = check(&d, &[]);
    assert_eq!(code, 1);
    assert!(out.contains(": error[suppression_unused] "), "{out}");
    write(&d, "rein.toml", "[rules]\nsuppression_unused = \"off\"\n");
    assert_eq!(check(&d, &[]), (0, String::new(), String::new()));
}

#[test]
fn the_nearest_configuration_applies() {
    let d = temp_dir("config-nearest");
    write(&d, "a.pp", ESCAPE);
    write(&d, "sub/b.pp", ESCAPE);
    write(&d, "sub/deeper/c.pp", ESCAPE);
    write(
        &d,
        "rein.toml",
        "[rules]\nunrecognized_escape = \"error\"\n",
    );
    write(
        &d,
        "sub/rein.toml",
        "[rules]\nunrecognized_escape = \"off\"\n",
    );
    assert_eq!(check(&d, &[]), (1, error("a.pp"), String::new()));
    // Run from below: the configuration is found above the current directory.
    // A file outside the current directory is named by its absolute path.
    let abs = d.canonicalize().expect("temp dir").join("a.pp");
    assert_eq!(
        check(&d.join("sub/deeper"), &["c.pp", "../../a.pp"]),
        (1, error(&abs.display().to_string()), String::new())
    );
}

#[test]
fn config_option_uses_one_file_for_everything() {
    let d = temp_dir("config-forced");
    write(&d, "a.pp", ESCAPE);
    write(&d, "sub/b.pp", ESCAPE);
    write(
        &d,
        "sub/rein.toml",
        "[rules]\nunrecognized_escape = \"off\"\n",
    );
    write(
        &d,
        "strict.toml",
        "[rules]\nunrecognized_escape = \"error\"\n",
    );
    assert_eq!(
        check(&d, &["--config", "strict.toml"]),
        (1, error("a.pp") + &error("sub/b.pp"), String::new())
    );
    let (code, out, err) = check(&d, &["--config", "missing.toml"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (2, "", "rein: missing.toml: No such file or directory\n")
    );
}

#[test]
fn overrides_apply_in_order_to_matching_files() {
    let d = temp_dir("config-overrides");
    write(&d, "a.pp", ESCAPE);
    write(&d, "tests/b.pp", ESCAPE);
    write(&d, "tests/legacy/c.pp", ESCAPE);
    write(
        &d,
        "rein.toml",
        "[rules]\nunrecognized_escape = \"error\"\n\n\
         [[overrides]]\nfiles = [\"tests/**\"]\nrules = { unrecognized_escape = \"warning\" }\n\n\
         [[overrides]]\nfiles = [\"legacy\"]\nrules = { validation = \"off\" }\n",
    );
    assert_eq!(
        check(&d, &[]),
        (1, error("a.pp") + &warning("tests/b.pp"), String::new())
    );
}

#[test]
fn include_narrows_walked_files_and_exclude_leaves_out_named_ones_too() {
    let d = temp_dir("config-include");
    write(&d, "manifests/a.pp", ESCAPE);
    write(&d, "manifests/skip/b.pp", ESCAPE);
    write(&d, "other/c.pp", ESCAPE);
    write(
        &d,
        "rein.toml",
        "[files]\ninclude = [\"manifests\"]\nexclude = [\"skip\"]\n",
    );
    assert_eq!(
        check(&d, &[]),
        (0, warning("manifests/a.pp"), String::new())
    );
    // A file named on the command line is checked outside `include`, but not when
    // `exclude` leaves it out (as puppet-lint's --ignore-paths does, for pre-commit).
    assert_eq!(
        check(&d, &["other/c.pp", "manifests", "manifests/skip/b.pp"]),
        (
            0,
            warning("manifests/a.pp") + &warning("other/c.pp"),
            String::new()
        )
    );
    // Globs are relative to the configuration's directory, wherever rein runs.
    assert_eq!(
        check(&d.join("manifests"), &["."]),
        (0, warning("a.pp"), String::new())
    );
}

#[test]
fn select_and_ignore() {
    let d = temp_dir("config-select");
    write(&d, "a.pp", ESCAPE);
    write(&d, "rein.toml", "[rules]\nall = \"off\"\n");
    assert_eq!(
        check(&d, &["--select", "unrecognized_escape"]),
        (0, warning("a.pp"), String::new())
    );
    assert_eq!(
        check(&d, &["--select", "suppression,validation"]),
        (0, warning("a.pp"), String::new())
    );
    // A rule the configuration turned on keeps its level.
    write(
        &d,
        "rein.toml",
        "[rules]\nunrecognized_escape = \"error\"\n",
    );
    assert_eq!(
        check(&d, &["--select", "all", "--ignore", "style,layout"]),
        (1, error("a.pp"), String::new())
    );
    // --ignore wins over --select.
    assert_eq!(
        check(
            &d,
            &["--select", "UNRECOGNIZED_ESCAPE", "--ignore", "validation"]
        ),
        (0, String::new(), String::new())
    );
}

#[test]
fn unknown_names_on_the_command_line_are_usage_errors() {
    let d = temp_dir("config-badselect");
    write(&d, "a.pp", ESCAPE);
    assert_eq!(
        check(&d, &["--select", "unrecognized_escape,bogus"]),
        usage_error("rein: unknown rule or group `bogus` in --select\n")
    );
    assert_eq!(
        check(&d, &["--ignore", "styl"]),
        usage_error("rein: unknown rule or group `styl` in --ignore; did you mean `style`?\n")
    );
}

#[test]
fn fail_on_warnings_makes_warnings_fail() {
    let d = temp_dir("config-failwarn");
    write(&d, "a.pp", ESCAPE);
    write(&d, "clean.pp", "$a = 1\n");
    assert_eq!(check(&d, &["a.pp"]).0, 0);
    assert_eq!(check(&d, &["--fail-on-warnings", "a.pp"]).0, 1);
    assert_eq!(check(&d, &["--fail-on-warnings", "clean.pp"]).0, 0);
}

/// `rein check` in `dir` with a `rein.toml` holding `toml`: (exit code, stdout, stderr).
fn with_config(name: &str, toml: &str) -> (i32, String, String) {
    let d = temp_dir(&format!("config-{name}"));
    write(&d, "a.pp", ESCAPE);
    write(&d, "rein.toml", toml);
    check(&d, &[])
}

fn config_error(toml: &str, expected: &str) {
    let (code, out, err) = with_config("errors", toml);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (2, "", expected),
        "for:\n{toml}"
    );
}

#[test]
fn configuration_errors_point_into_the_file() {
    config_error(
        "# rules\n[rules]\nfoo = \"off\"\n",
        "rein: rein.toml:3:1: unknown rule `foo` in [rules]\n",
    );
    config_error(
        "[rules]\nunrecognized_escape = \"warn\"\n",
        "rein: rein.toml:2:23: unknown level `warn` for `unrecognized_escape` (expected \"off\", \"warning\" or \"error\")\n",
    );
    config_error(
        "[rules]\nunrecognized_escape = 1\n",
        "rein: rein.toml:2:23: `unrecognized_escape` must be a level (\"off\", \"warning\" or \"error\") or a table such as { level = \"error\" }\n",
    );
    config_error(
        "[rules]\nunrecognized_escape = { level = \"error\", max = 3 }\n",
        "rein: rein.toml:2:42: unknown option `max` for rule `unrecognized_escape` (it has no options)\n",
    );
    config_error(
        "[rules]\nstyle = { level = \"off\", x = 1 }\n",
        "rein: rein.toml:2:26: `style` is a group: only `level` can be set for it, options are set per rule\n",
    );
    config_error(
        "[lint]\n",
        "rein: rein.toml:1:2: unknown section `lint` (expected [format], [files], [check], [puppet], [rules] or [[overrides]])\n",
    );
    config_error(
        "[files]\nexclude = [\"a\", \"b[\"]\nonly = []\n",
        "rein: rein.toml:2:17: bad glob `b[`: unclosed character class; missing ']'\n\
         rein: rein.toml:3:1: unknown field `only` in [files]\n",
    );
    config_error(
        "[[overrides]]\nfiles = [\"x\"]\nrules = { bogus = \"off\" }\n",
        "rein: rein.toml:3:11: unknown rule `bogus` in [[overrides]] rules\n",
    );
    // A misspelt rule or group gets the closest names, as `rein rule` gives them.
    config_error(
        "[rules]\ntrailing_whitspace = \"off\"\n140char = \"off\"\nstlye = \"off\"\n",
        "rein: rein.toml:2:1: unknown rule `trailing_whitspace` in [rules]; did you mean `trailing_whitespace`?\n\
         rein: rein.toml:3:1: unknown rule `140char` in [rules]; did you mean `140chars`?\n\
         rein: rein.toml:4:1: unknown rule `stlye` in [rules]; did you mean `style`?\n",
    );
    config_error(
        "[check]\nfail_on_warnings = \"yes\"\n",
        "rein: rein.toml:2:20: fail_on_warnings must be true or false\n",
    );
    config_error(
        "[format]\nindent_width = 3\nline_width = \"wide\"\n",
        "rein: rein.toml:3:14: line_width must be an integer between 20 and 10000\n",
    );
    config_error(
        "[rules\n",
        "rein: rein.toml:1:7: unclosed table, expected `]`\n",
    );
}

#[test]
fn a_configuration_error_in_a_subdirectory_stops_the_run() {
    let d = temp_dir("config-suberror");
    write(&d, "a.pp", ESCAPE);
    write(&d, "sub/b.pp", ESCAPE);
    write(&d, "sub/rein.toml", "[rules]\nbogus = \"off\"\n");
    assert_eq!(
        check(&d, &[]),
        usage_error("rein: sub/rein.toml:2:1: unknown rule `bogus` in [rules]\n")
    );
}

#[test]
fn fmt_reads_the_same_schema() {
    let d = temp_dir("config-fmtschema");
    write(&d, "a.pp", "$a = 1\n");
    write(&d, "rein.toml", "[rules]\nbogus = \"off\"\n");
    let o = rein(&["fmt", "--check", "a.pp"], &d);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "rein fmt: rein.toml:2:1: unknown rule `bogus` in [rules]\n"
    );
}

/// The files `rein check` reports (each file of the tree below has a finding) and those
/// `rein fmt --check` lists (each is badly formatted), for the same arguments.
fn checked_and_formatted(dir: &Path, args: &[&str]) -> (Vec<String>, Vec<String>) {
    let (_, out, err) = check(dir, args);
    assert_eq!(err, "");
    let mut checked: Vec<String> = out
        .lines()
        .filter_map(|l| l.split(':').next())
        .map(str::to_string)
        .collect();
    checked.dedup();
    let o = rein(&[&["fmt", "--check", "-q"], args].concat(), dir);
    assert_eq!(stderr(&o), "");
    let formatted = stdout(&o).lines().map(str::to_string).collect();
    (checked, formatted)
}

#[test]
fn a_copy_of_the_reference_named_lint_toml_is_read_by_check_and_fmt() {
    let d = temp_dir("config-linttoml");
    let text = "$a  =  \"\\q\"\n";
    write(&d, "a.pp", text);
    write(&d, "skip/b.pp", text);
    write(
        &d,
        "lint.toml",
        "[files]\nexclude = [\"skip\"]\n[rules]\nunrecognized_escape = \"error\"\n",
    );
    let walked = vec!["a.pp".to_string()];
    assert_eq!(checked_and_formatted(&d, &[]), (walked.clone(), walked));
    let o = rein(&["check", "--format", "concise", "."], &d);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("a.pp:1:12: error[unrecognized_escape]"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn check_and_fmt_work_on_the_same_files_with_the_same_configuration() {
    let d = temp_dir("config-samefiles");
    // Badly formatted, and a warning.
    let text = "$a  =  \"\\q\"\n";
    for f in [
        "manifests/a.pp",
        "manifests/gen/b.pp",
        "other/c.pp",
        "sub/d.pp",
        "sub/old/e.pp",
        "sub/lint/f.pp",
    ] {
        write(&d, f, text);
    }
    write(
        &d,
        "rein.toml",
        "[files]\ninclude = [\"manifests\", \"sub\"]\nexclude = [\"gen\"]\n",
    );
    // In sub/, rein.toml wins over .rein.toml and lint.toml.
    write(&d, "sub/rein.toml", "[files]\nexclude = [\"old\"]\n");
    write(&d, "sub/.rein.toml", "[files]\nexclude = [\"d.pp\"]\n");
    write(&d, "sub/lint.toml", "[files]\nexclude = [\"lint\"]\n");
    let walked = vec![
        "manifests/a.pp".to_string(),
        "sub/d.pp".to_string(),
        "sub/lint/f.pp".to_string(),
    ];
    assert_eq!(checked_and_formatted(&d, &[]), (walked.clone(), walked));
    let named = vec!["other/c.pp".to_string(), "sub/d.pp".to_string()];
    assert_eq!(
        checked_and_formatted(
            &d,
            &[
                "other/c.pp",
                "manifests/gen/b.pp",
                "sub/old/e.pp",
                "sub/d.pp"
            ]
        ),
        (named.clone(), named)
    );
    // A .puppet-lint.rc where no rein configuration applies: its --ignore-paths for both.
    let e = temp_dir("config-samefiles-rc");
    write(&e, "a.pp", text);
    write(&e, "vendored/b.pp", text);
    write(&e, ".puppet-lint.rc", "--ignore-paths=vendored/*\n");
    let only_a = vec!["a.pp".to_string()];
    assert_eq!(
        checked_and_formatted(&e, &[]),
        (only_a.clone(), only_a.clone())
    );
    assert_eq!(
        checked_and_formatted(&e, &["a.pp", "vendored/b.pp"]),
        (only_a.clone(), only_a)
    );
}
