//! rein run as puppet-lint: without a command, with puppet-lint's flags and output, so that
//! a hook or CI job written for puppet-lint runs rein by changing the program's name.

use crate::harness::{rein, stderr, stdout, temp_dir};

/// A fresh directory with `a.pp` (two warnings and an error) and `b.pp` (clean).
fn setup(name: &str) -> crate::harness::TempDir {
    let dir = temp_dir(&format!("puppet_lint-{name}"));
    std::fs::write(dir.join("a.pp"), "class foo {\n  $a = \"x\"  \n}\n").expect("write");
    std::fs::write(dir.join("b.pp"), "# Demo.\nclass bar {}\n").expect("write");
    dir
}

#[test]
fn without_a_command_rein_checks_and_prints_as_puppet_lint() {
    let dir = setup("text");
    let o = rein(&["a.pp"], &dir);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "WARNING: class not documented on line 1 (check: documentation)\n\
         WARNING: double quoted string containing no variables on line 2 (check: double_quoted_strings)\n\
         ERROR: trailing whitespace found on line 2 (check: trailing_whitespace)\n"
    );
    let o = rein(&["--no-trailing_whitespace-check", "a.pp", "b.pp"], &dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "a.pp - WARNING: class not documented on line 1 (check: documentation)\n\
         a.pp - WARNING: double quoted string containing no variables on line 2 (check: double_quoted_strings)\n"
    );
    let o = rein(
        &[
            "--fail-on-warnings",
            "--no-trailing_whitespace-check",
            "a.pp",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn log_format_json_and_context() {
    let dir = setup("formats");
    let o = rein(
        &[
            "--only-checks",
            "trailing_whitespace,double_quoted_strings",
            "--log-format",
            "%{path}:%{line}:%{column}:%{KIND}:%{check}:%{message}",
            "a.pp",
        ],
        &dir,
    );
    assert_eq!(
        stdout(&o),
        "a.pp:2:8:WARNING:double_quoted_strings:double quoted string containing no variables\n\
         a.pp:2:11:ERROR:trailing_whitespace:trailing whitespace found\n"
    );
    let o = rein(
        &[
            "--only-checks",
            "trailing_whitespace",
            "--with-context",
            "a.pp",
        ],
        &dir,
    );
    assert_eq!(
        stdout(&o),
        "ERROR: trailing whitespace found on line 2 (check: trailing_whitespace)\n\n  $a = \"x\"\n            ^\n\n"
    );
    let o = rein(
        &[
            "--only-checks",
            "trailing_whitespace",
            "--json",
            "a.pp",
            "b.pp",
        ],
        &dir,
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v.as_array().map(Vec::len), Some(2));
    assert_eq!(v[0][0]["check"], "trailing_whitespace");
    assert_eq!(v[0][0]["KIND"], "ERROR");
    assert_eq!(v[0][0]["path"], "a.pp");
    assert_eq!(v[1], serde_json::json!([]));
}

#[test]
fn fix_short_flag_and_list_checks() {
    let dir = setup("fix");
    let o = rein(
        &[
            "-f",
            "--only-checks",
            "trailing_whitespace,double_quoted_strings",
            "a.pp",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // As puppet-lint prints it (`puppet-lint -f` 3.0.1 on the same file), nothing on stderr.
    assert_eq!(
        stdout(&o),
        "FIXED: double quoted string containing no variables on line 2 (check: double_quoted_strings)\n\
         FIXED: trailing whitespace found on line 2 (check: trailing_whitespace)\n"
    );
    assert_eq!(stderr(&o), "");
    assert_eq!(
        std::fs::read_to_string(dir.join("a.pp")).expect("read"),
        "class foo {\n  $a = 'x'\n}\n"
    );
    let o = rein(&["--list-checks"], &dir);
    let names = stdout(&o);
    assert!(names.lines().any(|l| l == "140chars"), "{names}");
    assert!(!names.lines().any(|l| l == "syntax"), "{names}");
}

#[test]
fn no_config_ignores_the_rc_file() {
    let dir = setup("rc");
    std::fs::write(dir.join(".puppet-lint.rc"), "--no-documentation-check\n").expect("write");
    let o = rein(&["--only-checks", "documentation", "a.pp"], &dir);
    assert_eq!(
        stdout(&o),
        "WARNING: class not documented on line 1 (check: documentation)\n"
    );
    let o = rein(&["a.pp"], &dir);
    assert!(!stdout(&o).contains("documentation"), "{}", stdout(&o));
    let o = rein(&["--no-config", "a.pp"], &dir);
    assert!(
        stdout(&o).contains("(check: documentation)"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn commands_still_work_and_plugins_are_not_loaded() {
    let dir = setup("cmd");
    let o = rein(
        &[
            "check",
            "--format",
            "concise",
            "--only-checks",
            "documentation",
            "b.pp",
        ],
        &dir,
    );
    assert_eq!(stdout(&o), "");
    let o = rein(
        &["--load", "x.rb", "--only-checks", "documentation", "b.pp"],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("`x.rb` not loaded"), "{}", stderr(&o));
}
