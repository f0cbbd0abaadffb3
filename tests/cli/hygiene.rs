//! The command line as a new user meets it: `rein --help` shows every command and the
//! puppet-lint mode, `rein check --help` puppet-lint's flags; a mistyped command is a usage
//! error; paths are printed relative to the current directory when below it and absolute
//! otherwise, each file once however often it is named; one-line formats keep one finding a
//! line; a missing path is an error before any summary.

use std::path::{Path, PathBuf};

use super::completions::COMMANDS;
use crate::harness::{outcome, temp_dir, write};

/// A manifest with one unrecognized escape (line 1, column 12).
const ESCAPE: &str = "$a = \"\\q\\n\"\n";

fn escape(path: &str) -> String {
    format!("{path}:1:12: warning[unrecognized_escape] Unrecognized escape sequence '\\q'\n")
}

/// `dir` with symbolic links resolved, as the current directory of a process is named.
fn real(dir: &Path) -> PathBuf {
    dir.canonicalize().expect("temp dir")
}

#[test]
fn help_shows_every_command_and_the_puppet_lint_mode() {
    let d = temp_dir("hygiene-help");
    let (code, out, _) = outcome(&["--help"], &d);
    assert_eq!(code, 0);
    assert!(
        out.contains("Usage: rein <COMMAND>\n       rein [PUPPET-LINT FLAGS] [PATH]...\n"),
        "{out}"
    );
    // Every command, each on a line of its own with what it does.
    let commands: Vec<&str> = out
        .split("Commands:\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("a Commands section")
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let mut expected = COMMANDS.to_vec();
    expected.push("help");
    assert_eq!(commands, expected, "{out}");
    assert!(
        out.ends_with(
            "Run without a command, rein is puppet-lint: `rein [PUPPET-LINT FLAGS] PATH...` checks the\n\
             manifests as `rein check` does, honours `.puppet-lint.rc`, and prints what puppet-lint\n\
             prints (`WARNING: class not documented on line 1 (check: documentation)`, `--log-format`,\n\
             `--with-context`, `--json`, `FIXED:` lines with `--fix`), with its exit status, so a hook or\n\
             CI job written for puppet-lint runs rein by changing the program's name. `rein check --help`\n\
             lists puppet-lint's flags.\n"
        ),
        "{out}"
    );
}

#[test]
fn check_help_shows_puppet_lint_s_flags() {
    let d = temp_dir("hygiene-checkhelp");
    let (code, out, _) = outcome(&["check", "--help"], &d);
    assert_eq!(code, 0);
    for line in [
        "\npuppet-lint's flags:\n",
        "      --only-checks <NAME[,NAME...]>\n          Run only these checks (rules or groups)\n",
        "      --ignore-paths <GLOB[,GLOB...]>\n          Skip the files matching these fnmatch patterns (`*` crosses `/`)\n",
        "      --relative\n          autoloader_layout: compare the module layout relative to the module root\n",
        "      --error-level <LEVEL>\n          Print only the problems of this level: all, warning or error (the exit status counts every problem)\n",
        "      --log-format <FORMAT>\n          puppet-lint's text output with this line format: `%{path}`, `%{fullpath}`, `%{filename}`, `%{line}`, `%{column}`, `%{kind}`, `%{KIND}`, `%{check}`, `%{message}`\n",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    assert!(
        out.ends_with(
            "puppet-lint's --no-NAME-check and --NAME-check turn the check NAME off and on. A check rein\n\
             does not have is ignored with a warning, on the command line as in .puppet-lint.rc.\n"
        ),
        "{out}"
    );
}

#[test]
fn a_mistyped_command_is_a_usage_error_and_nothing_is_linted() {
    let d = temp_dir("hygiene-typo");
    write(&d, "a.pp", "class {\n");
    let hint = "(`rein --help` lists the commands; `rein PATH...` checks as puppet-lint)";
    assert_eq!(
        outcome(&["chek", "."], &d),
        (
            2,
            String::new(),
            format!("rein: unknown command `chek`; did you mean `check`? {hint}\n")
        )
    );
    assert_eq!(
        outcome(&["frobnicate"], &d),
        (
            2,
            String::new(),
            format!("rein: `frobnicate` is neither a command nor a file or directory {hint}\n")
        )
    );
    // A word that names a file or directory is a path: rein checks it as puppet-lint.
    write(&d, "chek/b.pp", ESCAPE);
    assert_eq!(
        outcome(&["chek"], &d),
        (
            0,
            "WARNING: Unrecognized escape sequence '\\q' on line 1 (check: unrecognized_escape)\n"
                .into(),
            String::new()
        )
    );
}

#[test]
fn paths_are_relative_below_the_current_directory_and_absolute_elsewhere() {
    let d = temp_dir("hygiene-paths");
    write(&d, "t/a.pp", ESCAPE);
    write(&d, "w/m/b.pp", ESCAPE);
    let w = d.join("w");
    let outside = real(&d).join("t/a.pp");
    let outside = outside.to_str().expect("utf-8 temp dir");
    let inside = real(&w).join("m/b.pp");
    let inside = inside.to_str().expect("utf-8 temp dir");
    for args in [
        ["../t/a.pp", "./m//b.pp"],
        [outside, inside],
        ["../w/../t/./a.pp", "m/../m/b.pp"],
    ] {
        let mut all = vec!["check", "--format", "concise"];
        all.extend(args);
        assert_eq!(
            outcome(&all, &w),
            (0, escape(outside) + &escape("m/b.pp"), String::new()),
            "{args:?}"
        );
    }
    // Machine formats: a GitHub annotation names the absolute path, SARIF a file:// URI.
    let (_, out, _) = outcome(&["check", "--format", "github", "../t/a.pp"], &w);
    assert_eq!(
        out,
        format!("::warning file={outside},line=1,col=12,endLine=1,endColumn=12,title=rein unrecognized_escape::Unrecognized escape sequence '\\q'\n")
    );
    let (_, out, _) = outcome(&["check", "--format", "sarif", "../t/a.pp"], &w);
    let v: serde_json::Value = serde_json::from_str(&out).expect("sarif");
    assert_eq!(
        v["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        format!("file://{outside}")
    );
    // rein as puppet-lint too.
    let (_, out, _) = outcome(&["../t/a.pp", "./m/b.pp"], &w);
    assert_eq!(
        out,
        format!(
            "{outside} - WARNING: Unrecognized escape sequence '\\q' on line 1 (check: unrecognized_escape)\n\
             m/b.pp - WARNING: Unrecognized escape sequence '\\q' on line 1 (check: unrecognized_escape)\n"
        )
    );
}

#[test]
fn a_file_named_twice_is_checked_once() {
    let d = temp_dir("hygiene-twice");
    write(&d, "a.pp", ESCAPE);
    write(&d, "dir/b.pp", ESCAPE);
    let abs = real(&d).join("a.pp");
    let abs = abs.to_str().expect("utf-8 temp dir");
    let (code, out, _) = outcome(
        &[
            "check",
            "a.pp",
            "./a.pp",
            abs,
            "dir/",
            "dir",
            "./dir/b.pp",
            ".",
        ],
        &d,
    );
    assert_eq!(code, 0);
    assert!(
        out.ends_with("Checked 2 files: 0 errors, 2 warnings.\n"),
        "{out}"
    );
    let (_, out, _) = outcome(
        &[
            "check", "--format", "concise", "a.pp", "./a.pp", "dir/", ".",
        ],
        &d,
    );
    assert_eq!(out, escape("a.pp") + &escape("dir/b.pp"));
}

#[test]
fn many_named_files_are_each_checked_once() {
    let d = temp_dir("hygiene-many");
    let mut names = Vec::new();
    for i in 0..300 {
        write(&d, &format!("m/manifests/f{i:03}.pp"), ESCAPE);
        names.push(format!("m/manifests/f{i:03}.pp"));
    }
    let mut args: Vec<&str> = vec!["check", "--format", "concise", "m"];
    args.extend(names.iter().map(String::as_str));
    let (code, out, err) = outcome(&args, &d);
    let expected: String = names.iter().map(|n| escape(n)).collect();
    assert_eq!((code, out, err), (0, expected, String::new()));
}

#[test]
fn one_line_formats_keep_one_finding_a_line() {
    let d = temp_dir("hygiene-oneline");
    write(
        &d,
        "a.pp",
        "$h = {\n  \"a\nb\" => 1,\n  \"a\nb\" => 2,\n}\n",
    );
    let message = "The key 'a\\nb' is declared more than once";
    assert_eq!(
        outcome(&["check", "--format", "concise", "a.pp"], &d),
        (
            1,
            format!("a.pp:5:4: error[duplicate_key] {message}\n"),
            String::new()
        )
    );
    let (_, out, _) = outcome(&["check", "--format", "github", "a.pp"], &d);
    assert_eq!(
        out,
        "::error file=a.pp,line=5,col=4,endLine=5,endColumn=8,title=rein duplicate_key::The key 'a%0Ab' is declared more than once\n"
    );
    let (_, out, _) = outcome(&["a.pp"], &d);
    assert_eq!(
        out,
        format!("ERROR: {message} on line 5 (check: duplicate_key)\n")
    );
}

#[test]
fn a_missing_path_is_an_error_before_any_summary() {
    let d = temp_dir("hygiene-missing");
    write(&d, "a.pp", ESCAPE);
    let missing = "rein: missing.pp: No such file or directory\n";
    assert_eq!(
        outcome(&["check", "a.pp", "missing.pp"], &d),
        (2, String::new(), missing.into())
    );
    assert_eq!(
        outcome(&["check", "--format", "concise", "missing.pp"], &d),
        (2, String::new(), missing.into())
    );
    assert_eq!(
        outcome(&["a.pp", "missing.pp"], &d),
        (2, String::new(), missing.into())
    );
    assert_eq!(
        outcome(&["check", "-f", "a.pp", "nope/", "missing.pp"], &d),
        (
            2,
            String::new(),
            format!("rein: nope: No such file or directory\n{missing}")
        )
    );
    // Nothing was fixed.
    assert_eq!(
        std::fs::read_to_string(d.join("a.pp")).expect("read"),
        ESCAPE
    );
}
