//! `rein fmt` as a process: stdin/stdout, `--check`, `--diff` (taken by `git apply`),
//! in-place writes, the summary, exit codes, CRLF, config discovery, `[files]` and
//! `--ignore-paths` exclusions, and config errors.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::harness::temp_dir;

fn rein(args: &[&str], dir: &Path, stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rein"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rein");
    {
        let mut i = child.stdin.take().expect("stdin");
        i.write_all(stdin.unwrap_or("").as_bytes())
            .expect("write stdin");
    }
    child.wait_with_output().expect("wait")
}

const UGLY: &str = "file { \"/tmp/a\":\nensure=>file,\n  mode => '0644' }\n";
const PRETTY: &str = "file { '/tmp/a':\n  ensure => file,\n  mode   => '0644',\n}\n";

#[test]
fn stdin_to_stdout() {
    let d = temp_dir("fmt-stdin");
    let o = rein(&["fmt", "-"], &d, Some(UGLY));
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&o.stdout), PRETTY);
    assert!(o.stderr.is_empty());
}

#[test]
fn syntax_error_prints_nothing_and_exits_2() {
    let d = temp_dir("fmt-syntax");
    let o = rein(
        &["fmt", "-", "--stdin-filepath", "x.pp"],
        &d,
        Some("class {\n"),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("rein fmt: x.pp:"), "{err}");
    assert!(err.contains("syntax error"), "{err}");
}

#[test]
fn check_lists_files_and_exits_1_without_writing() {
    let d = temp_dir("fmt-check");
    std::fs::write(d.join("a.pp"), UGLY).unwrap();
    std::fs::write(d.join("b.pp"), PRETTY).unwrap();
    let o = rein(&["fmt", "--check", "."], &d, None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "a.pp\n");
    assert_eq!(std::fs::read_to_string(d.join("a.pp")).unwrap(), UGLY);
    std::fs::write(d.join("a.pp"), PRETTY).unwrap();
    let o = rein(&["fmt", "--check", "."], &d, None);
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
}

#[test]
fn diff_prints_unified_diff_and_exits_1() {
    let d = temp_dir("fmt-diff");
    std::fs::write(d.join("a.pp"), "$a = \"x\"\n$b = 1\n").unwrap();
    let o = rein(&["fmt", "--diff", "a.pp"], &d, None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "--- a/a.pp\n+++ b/a.pp\n@@ -1,2 +1,2 @@\n-$a = \"x\"\n+$a = 'x'\n $b = 1\n"
    );
}

#[test]
fn in_place_writes_changed_files_only_and_keeps_crlf() {
    let d = temp_dir("fmt-inplace");
    std::fs::write(d.join("a.pp"), UGLY).unwrap();
    std::fs::write(d.join("b.pp"), PRETTY).unwrap();
    std::fs::write(d.join("c.pp"), "$a=1\r\n$b  =  2\r\n").unwrap();
    let before = std::fs::metadata(d.join("b.pp"))
        .unwrap()
        .modified()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let o = rein(&["fmt", "."], &d, None);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(std::fs::read_to_string(d.join("a.pp")).unwrap(), PRETTY);
    assert_eq!(
        std::fs::read_to_string(d.join("c.pp")).unwrap(),
        "$a = 1\r\n$b = 2\r\n"
    );
    let after = std::fs::metadata(d.join("b.pp"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(before, after);
    let leftovers: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("rein-fmt"))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn config_line_width_and_indent_are_read() {
    let d = temp_dir("fmt-config");
    std::fs::write(d.join("rein.toml"), "[format]\nindent_width = 4\n").unwrap();
    let o = rein(&["fmt", "-", "--stdin-filepath", "x.pp"], &d, Some(UGLY));
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "file { '/tmp/a':\n    ensure => file,\n    mode   => '0644',\n}\n"
    );
}

#[test]
fn unknown_format_key_is_an_error_pointing_into_the_file() {
    let d = temp_dir("fmt-badconfig");
    std::fs::write(
        d.join("rein.toml"),
        "[format]\nindent_width = 2\nquote_style = 'x'\n",
    )
    .unwrap();
    let o = rein(&["fmt", "-", "--stdin-filepath", "x.pp"], &d, Some(UGLY));
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("rein.toml:3:1:"), "{err}");
    assert!(err.contains("unknown field `quote_style`"), "{err}");
}

#[test]
fn a_missing_path_stops_the_run_before_any_file_is_formatted() {
    let d = temp_dir("fmt-missing");
    std::fs::write(d.join("a.pp"), UGLY).unwrap();
    let o = rein(&["fmt", "a.pp", "nope.pp"], &d, None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "rein fmt: nope.pp: No such file or directory\n"
    );
    assert!(o.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(d.join("a.pp")).unwrap(), UGLY);
}

#[test]
fn a_summary_ends_stderr_unless_quiet() {
    let d = temp_dir("fmt-summary");
    std::fs::write(d.join("a.pp"), UGLY).unwrap();
    std::fs::write(d.join("b.pp"), PRETTY).unwrap();
    std::fs::write(d.join("c.pp"), PRETTY).unwrap();
    std::fs::write(d.join("d.pp"), "class {\n").unwrap();
    let o = rein(&["fmt", "--check", "a.pp", "b.pp", "c.pp"], &d, None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "1 file would be reformatted, 2 unchanged\n"
    );
    let o = rein(&["fmt", "-q", "--check", "a.pp", "b.pp"], &d, None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "a.pp\n");
    assert!(o.stderr.is_empty());
    let o = rein(&["fmt", "."], &d, None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "rein fmt: d.pp:1:8: syntax error: expected `}` to close the class body opened at 1:7\n\
         1 file reformatted, 2 unchanged, 1 failed\n"
    );
    assert_eq!(std::fs::read_to_string(d.join("a.pp")).unwrap(), PRETTY);
    let o = rein(&["fmt", "a.pp"], &d, None);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "0 files reformatted, 1 unchanged\n"
    );
    let o = rein(&["fmt", "--quiet", "a.pp"], &d, None);
    assert!(o.stderr.is_empty());
}

#[test]
fn excluded_files_are_left_alone_whether_found_named_or_piped() {
    let d = temp_dir("fmt-exclude");
    std::fs::write(
        d.join("rein.toml"),
        "[files]\ninclude = [\"manifests\"]\nexclude = [\"legacy\"]\n",
    )
    .unwrap();
    for f in ["manifests/a.pp", "manifests/legacy/b.pp", "other/c.pp"] {
        std::fs::create_dir_all(d.join(f).parent().unwrap()).unwrap();
        std::fs::write(d.join(f), UGLY).unwrap();
    }
    let o = rein(&["fmt", "--check", "."], &d, None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "manifests/a.pp\n");
    // Named: `include` does not narrow it, `exclude` leaves it out.
    let o = rein(
        &["fmt", "--check", "other/c.pp", "manifests/legacy/b.pp"],
        &d,
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "other/c.pp\n");
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "1 file would be reformatted, 0 unchanged\n"
    );
    let o = rein(&["fmt", "manifests/legacy/b.pp"], &d, None);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(d.join("manifests/legacy/b.pp")).unwrap(),
        UGLY
    );
    // Piped with an excluded path: given back as it is.
    let o = rein(
        &["fmt", "-", "--stdin-filepath", "manifests/legacy/b.pp"],
        &d,
        Some(UGLY),
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&o.stdout), UGLY);
    // A .puppet-lint.rc's --ignore-paths, where no rein.toml applies.
    let e = temp_dir("fmt-ignorepaths");
    std::fs::write(e.join(".puppet-lint.rc"), "--ignore-paths=tab*\n").unwrap();
    std::fs::write(e.join("tabs.pp"), UGLY).unwrap();
    std::fs::write(e.join("a.pp"), UGLY).unwrap();
    let o = rein(&["fmt", "--check", "tabs.pp", "a.pp"], &e, None);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "a.pp\n");
}

#[test]
fn config_option_uses_one_file() {
    let d = temp_dir("fmt-configopt");
    std::fs::write(d.join("rein.toml"), "[format]\nindent_width = 4\n").unwrap();
    std::fs::write(d.join("other.toml"), "[format]\nindent_width = 2\n").unwrap();
    let o = rein(
        &[
            "fmt",
            "-",
            "--config",
            "other.toml",
            "--stdin-filepath",
            "x.pp",
        ],
        &d,
        Some(UGLY),
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&o.stdout), PRETTY);
}

#[test]
fn git_apply_takes_the_diff() {
    let d = temp_dir("fmt-gitapply");
    let git = |args: &[&str]| {
        let o = Command::new("git")
            .args(args)
            .current_dir(&d)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .output()
            .expect("git is installed");
        assert!(o.status.success(), "git {args:?}: {o:?}");
    };
    git(&["init", "-q"]);
    std::fs::create_dir_all(d.join("manifests")).unwrap();
    std::fs::write(d.join("manifests/a.pp"), UGLY).unwrap();
    std::fs::write(
        d.join("b.pp"),
        "$a=1\n$b = 2\n$c = 3\n\n\n\n$d = 4\n$e = 5\n$f = 6\n$g = 7\n$h=8",
    )
    .unwrap();
    std::fs::write(d.join("c.pp"), PRETTY).unwrap();
    let o = rein(&["fmt", "--diff", "."], &d, None);
    assert_eq!(o.status.code(), Some(1));
    let patch = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(patch.starts_with("--- a/b.pp\n+++ b/b.pp\n@@ "), "{patch}");
    assert!(
        patch.contains("\n--- a/manifests/a.pp\n+++ b/manifests/a.pp\n@@ "),
        "{patch}"
    );
    std::fs::write(d.join("fmt.patch"), &patch).unwrap();
    git(&["apply", "fmt.patch"]);
    assert_eq!(
        std::fs::read_to_string(d.join("manifests/a.pp")).unwrap(),
        PRETTY
    );
    assert_eq!(
        std::fs::read_to_string(d.join("b.pp")).unwrap(),
        "$a = 1\n$b = 2\n$c = 3\n\n$d = 4\n$e = 5\n$f = 6\n$g = 7\n$h = 8\n"
    );
    let o = rein(&["fmt", "--diff", "."], &d, None);
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
}

#[cfg(unix)]
#[test]
fn in_place_keeps_file_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let d = temp_dir("fmt-perms");
    let f = d.join("a.pp");
    std::fs::write(&f, UGLY).unwrap();
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
    let o = rein(&["fmt", "a.pp"], &d, None);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), PRETTY);
    let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
}
