//! `rein check` honouring puppet-lint's `.puppet-lint.rc` when no rein configuration
//! applies, and the hidden puppet-lint flags on rein's own command line.

use super::config::{check, usage_error, warning, ESCAPE};
use crate::harness::{temp_dir, write};

fn ok(out: String) -> (i32, String, String) {
    (0, out, String::new())
}

#[test]
fn no_check_flags_turn_rules_off_and_on() {
    let d = temp_dir("lintrc-nocheck");
    write(&d, "a.pp", ESCAPE);
    write(
        &d,
        ".puppet-lint.rc",
        "# puppet-lint settings\n--no-unrecognized_escape-check\n--no-140chars-check\n",
    );
    assert_eq!(check(&d, &[]), ok(String::new()));
    write(
        &d,
        ".puppet-lint.rc",
        "--no-unrecognized_escape-check\n--unrecognized_escape-check\n",
    );
    assert_eq!(check(&d, &[]), ok(warning("a.pp")));
}

#[test]
fn only_checks_runs_only_those() {
    let d = temp_dir("lintrc-only");
    write(&d, "a.pp", ESCAPE);
    write(
        &d,
        ".puppet-lint.rc",
        "--only-checks=suppression_unused,hard_tabs\n",
    );
    assert_eq!(check(&d, &[]), ok(String::new()));
    write(&d, ".puppet-lint.rc", "--only-checks unrecognized_escape\n");
    assert_eq!(check(&d, &[]), ok(warning("a.pp")));
}

#[test]
fn fail_on_warnings_in_the_rc_file() {
    let d = temp_dir("lintrc-failwarn");
    write(&d, "a.pp", ESCAPE);
    write(
        &d,
        ".puppet-lint.rc",
        "--fail-on-warnings\n--with-filename\n",
    );
    assert_eq!(check(&d, &[]), (1, warning("a.pp"), String::new()));
}

#[test]
fn ignore_paths_skip_walked_and_named_files() {
    let d = temp_dir("lintrc-ignorepaths");
    write(&d, "a.pp", ESCAPE);
    write(&d, "modules/stdlib/manifests/init.pp", ESCAPE);
    write(&d, "legacy/old.pp", ESCAPE);
    write(
        &d,
        ".puppet-lint.rc",
        "--ignore-paths=modules/stdlib/*,legacy/*.pp\n",
    );
    assert_eq!(check(&d, &[]), ok(warning("a.pp")));
    // A file named on the command line is skipped too, as puppet-lint skips it (and
    // pre-commit names every file).
    assert_eq!(check(&d, &["legacy/old.pp", "a.pp"]), ok(warning("a.pp")));
}

#[test]
fn unknown_flags_are_warned_about_once() {
    let d = temp_dir("lintrc-unknown");
    write(&d, "a.pp", ESCAPE);
    write(&d, "b.pp", ESCAPE);
    write(
        &d,
        ".puppet-lint.rc",
        "--relative\n--frobnicate\n--no-nonsense-check\n--log-format %{path}\n",
    );
    assert_eq!(
        check(&d, &[]),
        (
            0,
            warning("a.pp") + &warning("b.pp"),
            "rein: warning: .puppet-lint.rc:2: unknown puppet-lint flag `--frobnicate`, ignored\n\
             rein: warning: .puppet-lint.rc:3: unknown check `nonsense`, ignored\n"
                .to_string()
        )
    );
}

#[test]
fn a_rein_configuration_wins_over_an_rc_file() {
    let d = temp_dir("lintrc-reinwins");
    write(
        &d,
        "rein.toml",
        "[rules]\nunrecognized_escape = \"error\"\n",
    );
    write(
        &d,
        "sub/.puppet-lint.rc",
        "--no-unrecognized_escape-check\n",
    );
    write(&d, "sub/a.pp", ESCAPE);
    let (code, out, _) = check(&d, &[]);
    assert_eq!(
        (code, out.contains("error[unrecognized_escape]")),
        (1, true)
    );
}

#[test]
fn the_nearest_rc_file_or_the_current_directorys() {
    let d = temp_dir("lintrc-nearest");
    write(
        &d,
        "mod/.puppet-lint.rc",
        "--no-unrecognized_escape-check\n",
    );
    write(&d, "mod/a.pp", ESCAPE);
    write(&d, "b.pp", ESCAPE);
    assert_eq!(check(&d, &[]), ok(warning("b.pp")));
    // puppet-lint reads ./.puppet-lint.rc: it applies to files with no rc above them.
    write(&d, "run/.puppet-lint.rc", "--only-checks=none_at_all\n");
    assert_eq!(
        check(&d.join("run"), &["../b.pp"]),
        (
            0,
            String::new(),
            "rein: warning: .puppet-lint.rc:1: unknown check `none_at_all`, ignored\n".into()
        )
    );
}

#[test]
fn config_option_may_name_an_rc_file() {
    let d = temp_dir("lintrc-forcedrc");
    write(&d, "a.pp", ESCAPE);
    write(&d, "lint.rc", "--fail-on-warnings\n");
    assert_eq!(
        check(&d, &["--config", "lint.rc"]),
        (1, warning("a.pp"), String::new())
    );
}

#[test]
fn puppet_lint_flags_on_the_command_line() {
    let d = temp_dir("lintrc-cliflags");
    write(&d, "a.pp", ESCAPE);
    write(&d, "vendored/b.pp", ESCAPE);
    assert_eq!(
        check(&d, &["--only-checks", "suppression_unused,arrow_alignment"]),
        ok(String::new())
    );
    assert_eq!(
        check(
            &d,
            &[
                "--ignore-paths",
                "vendored/*",
                "--relative",
                "--error-level",
                "all"
            ]
        ),
        ok(warning("a.pp"))
    );
    // A check rein does not have is ignored with a warning, as in .puppet-lint.rc.
    assert_eq!(
        check(&d, &["--only-checks", "nonsense"]),
        (
            0,
            String::new(),
            "rein: warning: --only-checks: unknown check `nonsense`, ignored\n".into()
        )
    );
    assert_eq!(
        check(&d, &["--error-level", "loud"]),
        usage_error("rein: --error-level must be all, warning or error, not `loud`\n")
    );
}

#[test]
fn check_flags_and_error_level_on_the_command_line() {
    let d = temp_dir("lintrc-cliflags2");
    write(&d, "a.pp", ESCAPE);
    write(&d, "b.pp", "class {\n");
    assert_eq!(
        check(
            &d,
            &[
                "--puppet-lint-check=no-unrecognized_escape",
                "--puppet-lint-check=no-hard_tabs",
                "a.pp"
            ]
        ),
        ok(String::new())
    );
    assert_eq!(
        check(&d, &["--puppet-lint-check=no-nonsense", "a.pp"]),
        (
            0,
            warning("a.pp"),
            "rein: warning: --no-nonsense-check: unknown check `nonsense`, ignored\n".into()
        )
    );
    // --error-level filters what is printed; the exit status counts everything.
    let (code, out, _) = check(&d, &["--error-level", "warning"]);
    assert_eq!((code, out), (1, warning("a.pp")));
    let (code, out, _) = check(
        &d,
        &["--error-level", "error", "--fail-on-warnings", "a.pp"],
    );
    assert_eq!((code, out), (1, String::new()));
}
