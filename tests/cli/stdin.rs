//! `rein check -`: a buffer read from standard input, checked as the file named by
//! `--stdin-filepath` (its configuration, its module's layout) in every output format, or
//! as `<stdin>` without it; and the usage errors around it.

use clap::ValueEnum;

use crate::harness::{outcome, outcome_with_stdin as with_stdin, temp_dir, write};

/// A class in the wrong file of its module, with a safe fix available.
const MISPLACED: &str = "class mymod::wrong {\n  $a = \"x\"\n}\n";

#[test]
fn stdin_without_a_path_is_reported_as_stdin() {
    let d = temp_dir("stdin-plain");
    let (code, out, err) = with_stdin(
        &["check", "-", "--format", "concise"],
        &d,
        MISPLACED.as_bytes(),
    );
    assert_eq!(
        out,
        "<stdin>:1:1: warning[documentation] class not documented\n\
         <stdin>:2:8: warning[double_quoted_strings] double quoted string containing no variables\n"
    );
    assert_eq!((code, err.as_str()), (0, ""));
}

#[test]
fn stdin_filepath_gives_module_layout_and_every_format_as_for_the_file() {
    let d = temp_dir("stdin-formats");
    let rel = "mymod/manifests/init.pp";
    write(&d, rel, MISPLACED);
    let formats = rein::diagnostics::Format::value_variants()
        .iter()
        .filter_map(|f| f.to_possible_value())
        .map(|v| v.get_name().to_string());
    for format in formats {
        let format = format.as_str();
        let file = outcome(&["check", rel, "--format", format], &d);
        let buffer = with_stdin(
            &["check", "-", "--stdin-filepath", rel, "--format", format],
            &d,
            MISPLACED.as_bytes(),
        );
        assert_eq!(buffer, file, "format {format}");
        if format != "puppet-lint" {
            assert!(
                buffer.1.contains("autoloader_layout"),
                "{format}: {}",
                buffer.1
            );
        }
        assert_eq!(buffer.0, 1, "{format}");
    }
}

#[test]
fn the_buffer_wins_over_the_file_on_disk_and_the_files_configuration_applies() {
    let d = temp_dir("stdin-config");
    write(
        &d,
        "mymod/rein.toml",
        "[rules]\ndouble_quoted_strings = \"off\"\n",
    );
    write(&d, "mymod/manifests/init.pp", "class mymod {}\n");
    let buffer = "# Doc.\nclass mymod {\n  $a = \"x\"   \n}\n";
    let (code, out, err) = with_stdin(
        &[
            "check",
            "-",
            "--stdin-filepath",
            "mymod/manifests/init.pp",
            "--format",
            "concise",
        ],
        &d,
        buffer.as_bytes(),
    );
    assert_eq!(
        out,
        "mymod/manifests/init.pp:3:11: error[trailing_whitespace] trailing whitespace found\n"
    );
    assert_eq!((code, err.as_str()), (1, ""));
    // The file on disk is not touched.
    let disk = std::fs::read_to_string(d.join("mymod/manifests/init.pp")).unwrap();
    assert_eq!(disk, "class mymod {}\n");
}

#[test]
fn a_path_that_does_not_exist_yet_is_checked_as_a_new_file_there() {
    let d = temp_dir("stdin-new");
    let (code, out, _) = with_stdin(
        &[
            "check",
            "-",
            "--stdin-filepath",
            "newmod/manifests/init.pp",
            "--format",
            "concise",
        ],
        &d,
        b"# Doc.\nclass newmod::other {}\n",
    );
    assert_eq!(
        out,
        "newmod/manifests/init.pp:2:7: error[autoloader_layout] newmod::other not in autoload module layout\n"
    );
    assert_eq!(code, 1);
}

#[test]
fn syntax_errors_in_the_buffer_are_findings_of_its_path() {
    let d = temp_dir("stdin-syntax");
    let (code, out, _) = with_stdin(
        &[
            "check",
            "-",
            "--stdin-filepath",
            "x.pp",
            "--format",
            "concise",
        ],
        &d,
        b"class {\n",
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("x.pp:"), "{out}");
    assert!(out.contains("error[syntax]"), "{out}");
}

#[test]
fn usage_errors_around_stdin() {
    let d = temp_dir("stdin-usage");
    write(&d, "a.pp", "notice(1)\n");
    let cases: [(&[&str], &str); 4] = [
        (
            &["check", "a.pp", "--stdin-filepath", "b.pp"],
            "rein: --stdin-filepath is for `-` (reading standard input)\n",
        ),
        (
            &["check", "-", "a.pp"],
            "rein: `-` (standard input) cannot be checked with other paths\n",
        ),
        (
            &["check", "-", "--fix"],
            "rein: --fix cannot change standard input; use `rein fmt -` for formatting, or fix the file\n",
        ),
        (
            &["check", "-", "--stdin-filepath", "b.pp", "--config", "missing.toml"],
            "",
        ),
    ];
    for (args, want) in cases {
        let (code, out, err) = with_stdin(args, &d, b"notice(1)\n");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(out, "", "{args:?}");
        if !want.is_empty() {
            assert_eq!(err, want, "{args:?}");
        } else {
            assert!(err.contains("missing.toml"), "{err}");
        }
    }
    let (code, out, err) = with_stdin(
        &["check", "-", "--stdin-filepath", "b.pp"],
        &d,
        b"notice('\xff')\n",
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err, "rein: b.pp: not UTF-8 (invalid byte at offset 8)\n");
}
