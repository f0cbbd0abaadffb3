//! `rein check`: discovery, output formats, sorting and exit codes, run as a process.

use std::path::{Path, PathBuf};

use crate::harness::{outcome, outcome_with_stdin, rein, stderr, stdout, temp_dir, write};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check")
}

#[test]
fn clean_file_exits_zero() {
    let o = rein(&["check", "clean.pp"], &fixtures());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "Checked 1 file: no problems found.\n");
    assert_eq!(stderr(&o), "");
}

#[test]
fn warnings_do_not_change_the_exit_code() {
    let o = rein(&["check", "--format", "concise", "warning.pp"], &fixtures());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with("warning.pp:2:") && out.contains(": warning[unrecognized_escape] "),
        "{out}"
    );
}

#[test]
fn errors_exit_one_and_are_sorted_by_position() {
    let o = rein(&["check", "--format", "concise", "errors.pp"], &fixtures());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("errors.pp:2:"), "{out}");
    assert!(
        lines[0].contains(": warning[unrecognized_escape] "),
        "{out}"
    );
    assert_eq!(
        lines[1],
        "errors.pp:3:6: error[syntax] Not a valid octal number 0789"
    );
    assert!(lines[2].starts_with("errors.pp:4:"), "{out}");
    assert!(lines[2].contains(": error[syntax] "), "{out}");
}

#[test]
fn json_format_is_one_array_of_findings() {
    let o = rein(
        &["check", "--format", "json", "errors.pp", "clean.pp"],
        &fixtures(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let items = v.as_array().expect("array");
    assert_eq!(items.len(), 3);
    let octal = &items[1];
    assert_eq!(octal["file"], "errors.pp");
    assert_eq!(octal["line"], 3);
    assert_eq!(octal["column"], 6);
    assert_eq!(octal["end_line"], 3);
    // A lexical error spans its token: `0789`.
    assert_eq!(octal["end_column"], 10, "{octal}");
    assert_eq!(octal["rule"], "syntax");
    assert_eq!(octal["severity"], "error");
    assert_eq!(octal["message"], "Not a valid octal number 0789");
    assert_eq!(items[0]["severity"], "warning");
    assert_eq!(items[2]["line"], 4);
    for item in items {
        let keys: Vec<&String> = item.as_object().expect("object").keys().collect();
        assert_eq!(
            keys,
            [
                "column",
                "end_column",
                "end_line",
                "file",
                "line",
                "message",
                "rule",
                "severity"
            ]
        );
    }
}

#[test]
fn human_format_draws_code_frames_and_a_summary() {
    let o = rein(&["check", "errors.pp"], &fixtures());
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("error[syntax]: Not a valid octal number 0789\n"),
        "{out}"
    );
    assert!(out.contains("┌─ errors.pp:3:6"), "{out}");
    assert!(out.contains("3 │ $b = 0789"), "{out}");
    assert!(
        out.ends_with("Checked 1 file: 2 errors, 1 warning.\n"),
        "{out}"
    );
}

#[test]
fn directories_honour_gitignore_and_skip_vendor_fixtures_and_git() {
    let dir = temp_dir("check-walk");
    let bad = "class broken {\n";
    write(&dir, "manifests/init.pp", "notice('clean')\n");
    write(&dir, "manifests/sub/b.pp", bad);
    write(&dir, "vendor/x/manifests/init.pp", bad);
    write(&dir, "spec/fixtures/modules/x/init.pp", bad);
    write(&dir, ".git/hooks/x.pp", bad);
    write(&dir, "generated/x.pp", bad);
    write(&dir, ".gitignore", "generated/\n");
    write(&dir, "README.md", "not a manifest {\n");
    let o = rein(&["check", "--format", "concise"], &dir);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(!out.is_empty());
    for line in out.lines() {
        assert!(line.starts_with("manifests/sub/b.pp:"), "{out}");
    }
    // Named explicitly, an ignored or oddly named file is checked.
    let o = rein(
        &["check", "--format", "concise", "vendor/x/manifests/init.pp"],
        &dir,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("vendor/x/manifests/init.pp:"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn findings_are_sorted_by_file() {
    let dir = temp_dir("check-sort");
    write(&dir, "b.pp", "$x = 0789\n");
    write(&dir, "a.pp", "$y = 1\n$x = 0789\n");
    write(&dir, "c/a.pp", "$x = 0789\n");
    let o = rein(&["check", "--format", "concise", "."], &dir);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let files: Vec<&str> = out
        .lines()
        .map(|l| l.split(':').next().unwrap_or(""))
        .collect();
    assert_eq!(files, ["a.pp", "b.pp", "c/a.pp"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_without_manifests_is_clean() {
    let dir = temp_dir("check-empty");
    write(&dir, "notes.txt", "hello\n");
    let o = rein(&["check"], &dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "Checked 0 files: no problems found.\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_path_exits_two() {
    let dir = temp_dir("check-missing");
    let o = rein(&["check", "nosuch.pp"], &dir);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), "rein: nosuch.pp: No such file or directory\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_usage_exits_two() {
    let dir = temp_dir("check-usage");
    let o = rein(&["check", "--format", "xml"], &dir);
    assert_eq!(o.status.code(), Some(2));
    let o = rein(&["frobnicate"], &dir);
    assert_eq!(o.status.code(), Some(2));
    let o = rein(&["--help"], &dir);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("check"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn an_unreadable_file_exits_two() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("check-unreadable");
    write(&dir, "a.pp", "$x = 1\n");
    let path = dir.join("a.pp");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).expect("chmod");
    if std::fs::read(&path).is_ok() {
        // Running as root: permissions do not stop reading. Use a directory named .pp.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        std::fs::create_dir_all(dir.join("d.pp")).expect("mkdir");
        let o = rein(&["check", "d.pp/"], &dir);
        assert_eq!(o.status.code(), Some(0));
        let o = rein(&["check", "a.pp", "nope/"], &dir);
        assert_eq!(o.status.code(), Some(2));
    } else {
        let o = rein(&["check", "a.pp"], &dir);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).starts_with("rein: a.pp: "), "{}", stderr(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_readme_example_is_clean() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let o = rein(&["check", "examples/"], root);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(stdout(&o), "Checked 1 file: no problems found.\n");
}

#[test]
fn json_without_findings_is_an_empty_array() {
    let o = rein(&["check", "--format", "json", "clean.pp"], &fixtures());
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "[]\n");
}

#[test]
fn findings_at_the_same_place_keep_source_order() {
    // Puppet puts both escape warnings at the end of the string part; `\q` comes first in
    // the source, so it is reported first (a sort by message would put `\d` first).
    let dir = temp_dir("check-same-place");
    write(&dir, "w.pp", "$x = \"a\\qb\\dc\\n\"\n");
    let o = rein(&["check", "--format", "concise", "w.pp"], &dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "w.pp:1:17: warning[unrecognized_escape] Unrecognized escape sequence '\\q'\n\
         w.pp:1:17: warning[unrecognized_escape] Unrecognized escape sequence '\\d'\n"
    );
}

/// Where a file sits in its module decides the module rules (`top_construct_location`,
/// `definition_location`, `autoloader_layout`), whatever directory rein runs in: from the module's `manifests`
/// directory (as an editor's linter does, with the buffer on stdin) the findings are those
/// from the module's root.
#[test]
fn module_rules_do_not_depend_on_the_working_directory() {
    let d = temp_dir("module-cwd");
    write(&d, "mymod/metadata.json", "{\"name\": \"me-mymod\"}\n");
    let text = "# The module.\nclass mymod {\n}\n$x = 1\n# Other.\nclass other {\n}\n";
    write(&d, "mymod/manifests/init.pp", text);
    let args = |path: &str| -> Vec<String> {
        vec![
            "check".into(),
            "--format".into(),
            "concise".into(),
            "--select".into(),
            "top_construct_location,definition_location,autoloader_layout".into(),
            path.into(),
        ]
    };
    let run = |dir: &Path, path: &str| {
        let a = args(path);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        outcome(&a, dir)
    };
    let (code, from_root, _) = run(&d.join("mymod"), "manifests/init.pp");
    assert_eq!(code, 1);
    assert_eq!(
        from_root,
        "manifests/init.pp:4:4: error[top_construct_location] This '=' expression is unacceptable as a top level construct in this location\n\
         manifests/init.pp:6:1: error[definition_location] Unacceptable location. The name 'other' is unacceptable in file 'manifests/init.pp'\n\
         manifests/init.pp:6:7: error[autoloader_layout] other not in autoload module layout\n"
    );
    let manifests = d.join("mymod/manifests");
    let (code, inside, _) = run(&manifests, "init.pp");
    assert_eq!(code, 1);
    assert_eq!(inside, from_root.replace("manifests/init.pp", "init.pp"));
    let mut a = args("-");
    a.extend(["--stdin-filepath".into(), "init.pp".into()]);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let (code, buffer, _) = outcome_with_stdin(&a, &manifests, text.as_bytes());
    assert_eq!(code, 1);
    assert_eq!(buffer, inside);
}
