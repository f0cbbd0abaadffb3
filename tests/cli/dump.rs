//! `rein dump`: output framing (JSON value + newline, PN `--- FILE` prefix), errors on
//! stderr as `file:line:column: message`, exit codes.

use crate::harness::{rein, temp_dir};

#[test]
fn json_is_the_value_and_a_newline() {
    let dir = temp_dir("dump-json");
    std::fs::write(dir.join("p.pp"), "$x = 1\n").expect("write");
    let o = rein(&["dump", "--format", "json", "p.pp"], &dir);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "{\"^\":[\"=\",{\"^\":[\"var\",\"x\"]},1]}\n"
    );
    assert!(o.stderr.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pn_has_the_file_prefix_as_given() {
    let dir = temp_dir("dump-pn");
    std::fs::write(dir.join("p.pp"), "$x = 1\n").expect("write");
    std::fs::write(dir.join("l.pp"), "42\n").expect("write");
    let o = rein(&["dump", "--format", "pn", "./p.pp", "l.pp"], &dir);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "--- ./p.pp(= (var \"x\") 1)--- l.pp42\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn syntax_errors_go_to_stderr_and_exit_one() {
    let dir = temp_dir("dump-err");
    std::fs::write(dir.join("ok.pp"), "$x = 1\n").expect("write");
    std::fs::write(dir.join("bad.pp"), "$a = 1\n$b = 0789\n").expect("write");
    let o = rein(&["dump", "bad.pp", "ok.pp"], &dir);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "bad.pp:2:6: Not a valid octal number 0789\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "{\"^\":[\"=\",{\"^\":[\"var\",\"x\"]},1]}\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn warnings_go_to_stderr_and_keep_exit_zero() {
    let dir = temp_dir("dump-warn");
    std::fs::write(dir.join("w.pp"), "$a = \"\\q\"\n").expect("write");
    let o = rein(&["dump", "w.pp"], &dir);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "{\"^\":[\"=\",{\"^\":[\"var\",\"a\"]},\"\\\\q\"]}\n"
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("w.pp:1:"), "{err}");
    assert!(
        err.contains(": warning: Unrecognized escape sequence '\\q'"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_file_exits_two() {
    let dir = temp_dir("dump-missing");
    let o = rein(&["dump", "nosuch.pp"], &dir);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "rein: nosuch.pp: No such file or directory\n"
    );
    assert!(o.stdout.is_empty());
    let o = rein(&["dump"], &dir);
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
