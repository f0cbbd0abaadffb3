//! rein run as puppet-lint completes the drop-in: the output flags of `.puppet-lint.rc`
//! (`--log-format`, `--error-level`, `--with-filename`, `--with-context`, `--json`, `--fix`)
//! are honoured as on the command line, `--fix` prints `FIXED:` lines, problems come in
//! puppet-lint's check order, unknown check flags are warned about alike on the command line
//! and in the rc file, and messages do not repeat their line. The expected outputs of the
//! checks puppet-lint 3.0.1 has are what it prints on the same files (recorded with
//! Debian's `puppet-lint`; `scripts/puppet-lint-parity.sh` compares the two on real modules).

use crate::harness::{outcome, temp_dir, write};

/// A module `foo`: `init.pp` (an undocumented class, double quotes, a misaligned arrow,
/// trailing whitespace) and `bar.pp` (two suppressed findings, one with a reason).
fn module(name: &str) -> crate::harness::TempDir {
    let dir = temp_dir(&format!("plmode-{name}"));
    write(
        &dir,
        "foo/manifests/init.pp",
        "class foo {\n  file { \"/x\":\n    ensure => present,\n    mode => \"0644\",\n  }\n  $a = \"x\"  \n}\n",
    );
    write(
        &dir,
        "foo/manifests/bar.pp",
        "# Demo.\nclass foo::bar {\n  $b = \"y\" # lint:ignore:double_quoted_strings\n  $c = \"z\" # lint:ignore:double_quoted_strings because\n}\n",
    );
    dir
}

const DOC: &str = "WARNING: class not documented on line 1 (check: documentation)";
const QUOTES: &str = "double quoted string containing no variables";
const ARROW: &str =
    "indentation of => is not properly aligned (expected in column 12, but found it in column 10)";

#[test]
fn problems_come_in_puppet_lint_s_order_with_ignored_reasons() {
    let d = module("order");
    // puppet-lint 3.0.1's output, check by check (documentation, strings, whitespace), an
    // inner check's problems by position; an ignored problem's reason (or nothing) below it.
    let p = "foo/manifests/init.pp - ";
    let expected = format!(
        "foo/manifests/bar.pp - IGNORED: {QUOTES} on line 3 (check: double_quoted_strings)\n  \n\
         foo/manifests/bar.pp - IGNORED: {QUOTES} on line 4 (check: double_quoted_strings)\n  because\n\
         {p}{DOC}\n\
         {p}WARNING: {QUOTES} on line 2 (check: double_quoted_strings)\n\
         {p}WARNING: {QUOTES} on line 4 (check: double_quoted_strings)\n\
         {p}WARNING: {QUOTES} on line 6 (check: double_quoted_strings)\n\
         {p}WARNING: {ARROW} on line 4 (check: arrow_alignment)\n\
         {p}ERROR: trailing whitespace found on line 6 (check: trailing_whitespace)\n"
    );
    assert_eq!(
        outcome(&["--show-ignored", "foo"], &d),
        (1, expected, String::new())
    );
    // --error-level shows the problems of that kind only: not the ignored ones.
    let (code, out, _) = outcome(&["--show-ignored", "--error-level", "error", "foo"], &d);
    assert_eq!(
        (code, out),
        (
            1,
            format!("{p}ERROR: trailing whitespace found on line 6 (check: trailing_whitespace)\n")
        )
    );
}

#[test]
fn rc_output_flags_are_honoured_as_on_the_command_line() {
    let d = module("rc");
    write(
        &d,
        ".puppet-lint.rc",
        "--log-format=%{path}:%{line}:%{column}:%{KIND}:%{check}:%{message}\n--error-level=warning\n--show-ignored\n",
    );
    let f = "foo/manifests/init.pp";
    let expected = format!(
        "{f}:1:1:WARNING:documentation:class not documented\n\
         {f}:2:10:WARNING:double_quoted_strings:{QUOTES}\n\
         {f}:4:13:WARNING:double_quoted_strings:{QUOTES}\n\
         {f}:6:8:WARNING:double_quoted_strings:{QUOTES}\n\
         {f}:4:10:WARNING:arrow_alignment:{ARROW}\n"
    );
    // The exit status counts the trailing whitespace error that is not printed.
    assert_eq!(outcome(&["foo"], &d), (1, expected, String::new()));
    // The command line wins over the rc file.
    let (code, out, _) = outcome(
        &[
            "--log-format",
            "%{filename}|%{kind}|%{check}",
            "--error-level",
            "all",
            f,
        ],
        &d,
    );
    assert_eq!(
        (code, out),
        (
            1,
            "init.pp|warning|documentation\n\
             init.pp|warning|double_quoted_strings\n\
             init.pp|warning|double_quoted_strings\n\
             init.pp|warning|double_quoted_strings\n\
             init.pp|warning|arrow_alignment\n\
             init.pp|error|trailing_whitespace\n"
                .into()
        )
    );
    // --no-config reads no rc file; `rein check` prints rein's formats whatever the rc says.
    let (_, out, _) = outcome(&["--no-config", "--only-checks", "documentation", f], &d);
    assert_eq!(out, format!("{DOC}\n"));
    let (_, out, _) = outcome(
        &[
            "check",
            "--format",
            "concise",
            "--only-checks",
            "documentation",
            f,
        ],
        &d,
    );
    assert_eq!(
        out,
        format!("{f}:1:1: warning[documentation] class not documented\n")
    );
    // `-c FILE.rc` is the rc file of the run, for output flags too.
    write(
        &d,
        "other.rc",
        "--log-format=%{line}:%{check}\n--only-checks=documentation\n",
    );
    assert_eq!(
        outcome(&["-c", "other.rc", f], &d),
        (0, "1:documentation\n".into(), String::new())
    );
}

#[test]
fn rc_with_filename_with_context_and_json() {
    let d = module("rcctx");
    write(
        &d,
        ".puppet-lint.rc",
        "--with-filename\n--with-context\n--only-checks=trailing_whitespace,double_quoted_strings\n",
    );
    let p = "foo/manifests/init.pp - ";
    assert_eq!(
        outcome(&["foo/manifests/init.pp"], &d),
        (
            1,
            format!(
                "{p}WARNING: {QUOTES} on line 2 (check: double_quoted_strings)\n\n  file {{ \"/x\":\n           ^\n\n\
                 {p}WARNING: {QUOTES} on line 4 (check: double_quoted_strings)\n\n  mode => \"0644\",\n              ^\n\n\
                 {p}WARNING: {QUOTES} on line 6 (check: double_quoted_strings)\n\n  $a = \"x\"\n         ^\n\n\
                 {p}ERROR: trailing whitespace found on line 6 (check: trailing_whitespace)\n\n  $a = \"x\"\n            ^\n\n"
            ),
            String::new()
        )
    );
    // puppet-lint's JSON as Ruby lays it out (without the `token` puppet-lint adds).
    write(
        &d,
        ".puppet-lint.rc",
        "--json\n--only-checks=trailing_whitespace\n",
    );
    let full = d
        .canonicalize()
        .expect("temp dir")
        .join("foo/manifests/init.pp");
    assert_eq!(
        outcome(&["foo"], &d),
        (
            1,
            format!(
                "[\n  [\n\n  ],\n  [\n    {{\n      \"message\": \"trailing whitespace found\",\n      \"line\": 6,\n      \"column\": 11,\n      \"kind\": \"error\",\n      \"check\": \"trailing_whitespace\",\n      \"fullpath\": \"{}\",\n      \"path\": \"foo/manifests/init.pp\",\n      \"filename\": \"init.pp\",\n      \"KIND\": \"ERROR\"\n    }}\n  ]\n]\n",
                full.display()
            ),
            String::new()
        )
    );
}

#[test]
fn fix_prints_fixed_lines_as_puppet_lint_does() {
    let d = module("fix");
    let p = "foo/manifests/init.pp - ";
    let fixed = format!(
        "{p}{DOC}\n\n  class foo {{\n  ^\n\n\
         {p}FIXED: {QUOTES} on line 2 (check: double_quoted_strings)\n\
         {p}FIXED: {QUOTES} on line 4 (check: double_quoted_strings)\n\
         {p}FIXED: {QUOTES} on line 6 (check: double_quoted_strings)\n\
         {p}FIXED: {ARROW} on line 4 (check: arrow_alignment)\n\
         {p}FIXED: trailing whitespace found on line 6 (check: trailing_whitespace)\n"
    );
    // puppet-lint -f --with-context: what is left, and what was fixed (without context).
    assert_eq!(
        outcome(&["-f", "--with-context", "foo/manifests/init.pp"], &d),
        (
            0,
            fixed.replace("foo/manifests/init.pp - ", ""),
            String::new()
        )
    );
    let after = "class foo {\n  file { '/x':\n    ensure => present,\n    mode   => '0644',\n  }\n  $a = 'x'\n}\n";
    assert_eq!(
        std::fs::read_to_string(d.join("foo/manifests/init.pp")).expect("read"),
        after
    );
    // `--fix` in the rc file fixes too.
    let d = module("rcfix");
    write(&d, ".puppet-lint.rc", "--fix\n--with-context\n");
    assert_eq!(outcome(&["foo"], &d), (0, fixed, String::new()));
    assert_eq!(
        std::fs::read_to_string(d.join("foo/manifests/init.pp")).expect("read"),
        after
    );
}

#[test]
fn unknown_check_flags_are_warned_about_alike_on_the_command_line_and_in_the_rc_file() {
    let d = module("unknown");
    let f = "foo/manifests/init.pp";
    let flags = [
        "--no-frobnicate-check",
        "--no-trailing_whitespac-check",
        "--undef_in_function-check",
    ];
    let mut args = flags.to_vec();
    args.extend(["--only-checks", "documentation,nonsense", f]);
    let (code, out, err) = outcome(&args, &d);
    assert_eq!(
        (code, out, err),
        (
            0,
            format!("{DOC}\n"),
            "rein: warning: --only-checks: unknown check `nonsense`, ignored\n\
             rein: warning: --no-frobnicate-check: unknown check `frobnicate`, ignored\n\
             rein: warning: --no-trailing_whitespac-check: unknown check `trailing_whitespac`, ignored; did you mean `trailing_whitespace`?\n\
             rein: warning: --undef_in_function-check: rein has no check `undef_in_function` (a puppet-lint plugin check), ignored\n"
                .into()
        )
    );
    write(
        &d,
        ".puppet-lint.rc",
        &format!(
            "--only-checks=documentation,nonsense\n{}\n",
            flags.join("\n")
        ),
    );
    assert_eq!(
        outcome(&[f], &d),
        (
            0,
            format!("{DOC}\n"),
            "rein: warning: .puppet-lint.rc:1: unknown check `nonsense`, ignored\n\
             rein: warning: .puppet-lint.rc:2: unknown check `frobnicate`, ignored\n\
             rein: warning: .puppet-lint.rc:3: unknown check `trailing_whitespac`, ignored; did you mean `trailing_whitespace`?\n\
             rein: warning: .puppet-lint.rc:4: rein has no check `undef_in_function` (a puppet-lint plugin check), ignored\n"
                .into()
        )
    );
    // `rein check` takes them alike.
    let (code, _, err) = outcome(&["check", "--no-frobnicate-check", f], &d);
    assert_eq!(code, 0);
    assert!(
        err.contains("rein: warning: --no-frobnicate-check: unknown check `frobnicate`, ignored\n"),
        "{err}"
    );
}

#[test]
fn messages_do_not_repeat_their_line() {
    let d = temp_dir("plmode-arrow");
    write(&d, "a.pp", "file { '/etc/motd': ensure  => file }\n");
    assert_eq!(
        outcome(&["--only-checks", "space_before_arrow", "a.pp"], &d),
        (
            0,
            "WARNING: there should be a single space before '=>' on line 1 (check: space_before_arrow)\n"
                .into(),
            String::new()
        )
    );
}

#[test]
fn a_message_with_a_line_break_stays_on_its_line() {
    let d = temp_dir("plmode-oneline");
    write(
        &d,
        "a.pp",
        "$h = {\n  \"a\nb\" => 1,\n  \"a\nb\" => 2,\n}\n",
    );
    assert_eq!(
        outcome(&["--only-checks", "duplicate_key", "--with-context", "a.pp"], &d),
        (
            1,
            "ERROR: The key 'a\\nb' is declared more than once on line 5 (check: duplicate_key)\n\n  b\" => 2,\n     ^\n\n"
                .into(),
            String::new()
        )
    );
}

#[test]
fn arrow_alignment_comes_in_puppet_lint_s_own_order_cached_or_not() {
    let d = temp_dir("plmode-arrows");
    write(
        &d,
        "a.pp",
        "file { '/x':\n  ensure => file,\n  content => {\n    'a' => 1,\n    'bb' => 2,\n  },\n  mode => '0644',\n}\n",
    );
    // As puppet-lint 3.0.1: the inner hash's arrows when it closes, then the resource's.
    let w = "WARNING: indentation of => is not properly aligned";
    let expected = format!(
        "{w} (expected in column 10, but found it in column 9) on line 4 (check: arrow_alignment)\n\
         {w} (expected in column 11, but found it in column 10) on line 2 (check: arrow_alignment)\n\
         {w} (expected in column 11, but found it in column 8) on line 7 (check: arrow_alignment)\n"
    );
    for _ in 0..2 {
        assert_eq!(
            outcome(&["--only-checks", "arrow_alignment", "a.pp"], &d),
            (0, expected.clone(), String::new())
        );
    }
    assert!(
        d.join(".rein_cache").is_dir(),
        "the second run read the cache"
    );
}
