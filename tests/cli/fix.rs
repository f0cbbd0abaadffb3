//! `rein check --fix` / `--unsafe-fixes` / `--show-ignored`, run as a process on files in a
//! temporary directory: the exact text written, the count printed, the exit status, and the
//! puppet-lint fix bugs that rein must not repeat.

use std::path::Path;
use std::process::Output;

use crate::harness::{rein, stderr, stdout, temp_dir};

/// A fresh directory holding `t.pp` with `text`.
fn setup(name: &str, text: &str) -> crate::harness::TempDir {
    let dir = temp_dir(&format!("fix-{name}"));
    std::fs::write(dir.join("t.pp"), text).expect("write");
    dir
}

fn read(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("t.pp")).expect("read")
}

/// `rein check --format concise --only-checks CHECKS FLAGS t.pp`.
fn fix(dir: &Path, checks: &str, flags: &[&str]) -> Output {
    let mut args = vec!["check", "--format", "concise", "--only-checks", checks];
    args.extend_from_slice(flags);
    args.push("t.pp");
    rein(&args, dir)
}

/// The JSON syntax tree of `text` (Puppet's `parser dump --format json`).
fn ast(text: &str) -> String {
    let dir = setup(&format!("ast-{}", text.len()), text);
    let o = rein(&["dump", "--format", "json", "t.pp"], &dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    stdout(&o)
}

#[test]
fn safe_fixes_are_applied_at_once_and_a_second_run_has_nothing_to_do() {
    let src = "file { \"/tmp/a\":\n\tensure => file,  \n  mode => '0644',\n}\n";
    let dir = setup("safe", src);
    let o = fix(
        &dir,
        "hard_tabs,trailing_whitespace,double_quoted_strings,arrow_alignment",
        &["--fix"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    // Four findings; the tab's fix moves the first arrow, whose alignment is fixed in the
    // second round: five fixes.
    assert_eq!(stderr(&o), "rein: fixed 5 problems in 1 file\n");
    let fixed = "file { '/tmp/a':\n  ensure => file,\n  mode   => '0644',\n}\n";
    assert_eq!(read(&dir), fixed);
    assert_eq!(ast(src), ast(fixed));
    let again = fix(
        &dir,
        "hard_tabs,trailing_whitespace,double_quoted_strings,arrow_alignment",
        &["--fix"],
    );
    assert_eq!(stderr(&again), "rein: nothing fixed\n");
    assert_eq!(read(&dir), fixed);
}

#[test]
fn unsafe_fixes_wait_for_the_flag() {
    let src = "service { 'ntp':\n  enable => 'true',\n}\n";
    let dir = setup("unsafe", src);
    let o = fix(&dir, "quoted_booleans", &["--fix"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "t.pp:2:13: warning[quoted_booleans] quoted boolean value found\n"
    );
    assert_eq!(
        stderr(&o),
        "rein: nothing fixed; 1 more fix available with --unsafe-fixes\n"
    );
    assert_eq!(read(&dir), src);
    let o = fix(&dir, "quoted_booleans", &["--unsafe-fixes"]);
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o), "rein: fixed 1 problem in 1 file\n");
    assert_eq!(read(&dir), "service { 'ntp':\n  enable => true,\n}\n");
}

/// puppet-lint's `variables_not_enclosed` fix turns `"$a[1]"` into `"${a[1]}"`, an access
/// where Puppet reads the variable `$a` and the text `[1]`.
#[test]
fn enclosing_a_variable_keeps_the_text_after_it() {
    let src = "$a = [1]\nnotice(\"$a[1] and $facts[os] and $a.x\")\n";
    let dir = setup("enclosed", src);
    let o = fix(&dir, "variables_not_enclosed", &["--fix"]);
    assert_eq!(stderr(&o), "rein: fixed 3 problems in 1 file\n");
    let fixed = "$a = [1]\nnotice(\"${a}[1] and ${facts}[os] and ${a}.x\")\n";
    assert_eq!(read(&dir), fixed);
    assert_eq!(ast(src), ast(fixed));
}

/// puppet-lint's `ensure_first_param` fix moves the `ensure` line but leaves a heredoc's
/// body behind, under the wrong attribute.
#[test]
fn moving_ensure_takes_heredoc_bodies_along() {
    let src =
        "file { '/tmp/x':\n  content => @(EOT),\n    hello\n    | EOT\n  ensure  => file,\n}\n";
    let dir = setup("heredoc", src);
    let o = fix(&dir, "ensure_first_param", &["--unsafe-fixes"]);
    assert_eq!(stderr(&o), "rein: fixed 1 problem in 1 file\n");
    assert_eq!(
        read(&dir),
        "file { '/tmp/x':\n  ensure  => file,\n  content => @(EOT),\n    hello\n    | EOT\n}\n"
    );
    let src = "file { '/tmp/y':\n  content => @(EOT),\n    a\n    | EOT\n  ensure  => @(E2),\n    file\n    | E2\n}\n";
    // An `ensure` whose own value is a heredoc is not moved (its body would have to move
    // too): the finding stays, the file is untouched.
    let dir = setup("heredoc2", src);
    let o = fix(&dir, "ensure_first_param", &["--unsafe-fixes"]);
    assert_eq!(stderr(&o), "rein: nothing fixed\n");
    assert_eq!(stdout(&o).lines().count(), 1);
    assert_eq!(read(&dir), src);
}

/// puppet-lint's fixes have dropped commas, leaving code that does not parse
/// (puppetlabs/puppet-lint#127): moving the last attribute, which has no comma.
#[test]
fn moving_the_last_attribute_keeps_the_commas_right() {
    let src = "service { 'x':\n  enable => true,\n  ensure => running\n}\nfile { 'y': mode => '0644', ensure => file }\n";
    let dir = setup("commas", src);
    let o = fix(&dir, "ensure_first_param", &["--unsafe-fixes"]);
    assert_eq!(stderr(&o), "rein: fixed 2 problems in 1 file\n");
    assert_eq!(
        read(&dir),
        "service { 'x':\n  ensure => running,\n  enable => true,\n}\nfile { 'y': ensure => file, mode => '0644' }\n"
    );
}

/// puppet-lint's `legacy_facts` and `top_scope_facts` both rewrite `$::hostname`, giving
/// `$facts['facts['networking']['hostname']']` (puppetlabs/puppet-lint#124).
#[test]
fn a_fact_fixed_by_two_rules_is_fixed_once() {
    let src = "notice($::hostname)\nnotice(\"${::fqdn} $::kernel\")\nnotice($::networking['ip'])\n";
    let dir = setup("facts", src);
    let o = fix(&dir, "legacy_facts,top_scope_facts", &["--unsafe-fixes"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        read(&dir),
        "notice($facts['networking']['hostname'])\nnotice(\"${facts['networking']['fqdn']} ${facts['kernel']}\")\nnotice($facts['networking']['ip'])\n"
    );
    let again = fix(&dir, "legacy_facts,top_scope_facts", &["--unsafe-fixes"]);
    assert_eq!(stderr(&again), "rein: nothing fixed\n");
}

#[test]
fn a_file_with_syntax_errors_is_left_alone() {
    let src = "file { \"/tmp/a\":\n  ensure => file,  \n";
    let dir = setup("broken", src);
    let o = fix(
        &dir,
        "trailing_whitespace,double_quoted_strings",
        &["--fix"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("error[syntax]"), "{}", stdout(&o));
    assert_eq!(stderr(&o), "rein: nothing fixed\n");
    assert_eq!(read(&dir), src);
}

#[test]
fn fixed_errors_no_longer_fail_the_run() {
    let dir = setup("exit", "$a = 1  \n");
    assert_eq!(fix(&dir, "trailing_whitespace", &[]).status.code(), Some(1));
    let o = fix(&dir, "trailing_whitespace", &["--fix"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(read(&dir), "$a = 1\n");
}

#[test]
fn line_endings_and_permissions_are_kept() {
    let dir = setup("crlf", "$a = \"x\"\r\n$b = 1\r\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let p = std::fs::Permissions::from_mode(0o640);
        std::fs::set_permissions(dir.join("t.pp"), p).expect("chmod");
    }
    let o = fix(&dir, "double_quoted_strings", &["--fix"]);
    assert_eq!(stderr(&o), "rein: fixed 1 problem in 1 file\n");
    assert_eq!(read(&dir), "$a = 'x'\r\n$b = 1\r\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.join("t.pp"))
            .expect("stat")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o640);
    }
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("ls")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["t.pp"]);
}

#[test]
fn suppressed_findings_are_shown_as_ignored() {
    let src = "$a = \"x\" # lint:ignore:double_quoted_strings legacy template\n$b = \"y\"\n";
    let dir = setup("ignored", src);
    let o = fix(&dir, "double_quoted_strings", &["--show-ignored"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "t.pp:1:6: ignored[double_quoted_strings] double quoted string containing no variables\n\
         t.pp:2:6: warning[double_quoted_strings] double quoted string containing no variables\n"
    );
    let o = rein(
        &[
            "check",
            "--format",
            "json",
            "--only-checks",
            "double_quoted_strings",
            "--show-ignored",
            "t.pp",
        ],
        &dir,
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v[0]["ignored"], "legacy template");
    assert!(v[1].get("ignored").is_none());
    let o = rein(
        &[
            "check",
            "--only-checks",
            "double_quoted_strings",
            "--show-ignored",
            "t.pp",
        ],
        &dir,
    );
    let text = stdout(&o);
    assert!(
        text.contains("= ignored (warning): suppressed by `# lint:ignore:`: legacy template"),
        "{text}"
    );
    assert!(
        text.ends_with("Checked 1 file: 0 errors, 1 warning.\n"),
        "{text}"
    );
    // Without the flag the suppressed finding is not printed.
    let o = fix(&dir, "double_quoted_strings", &[]);
    assert_eq!(stdout(&o).lines().count(), 1);
}

#[test]
fn top_scope_variables_are_not_facts() {
    let dir = setup("tsv", "notice($::role)\nnotice($::kernel)\n");
    let o = fix(
        &dir,
        "top_scope_facts",
        &["--top-scope-variables", "role,site"],
    );
    assert_eq!(
        stdout(&o),
        "t.pp:2:8: warning[top_scope_facts] top scope fact instead of facts hash\n"
    );
}
