//! The formatter's corpus scripts, run on small manifests written for the test:
//! `scripts/fmt-churn.py` (the share of lines `rein fmt` changes) and
//! `scripts/fmt-style-survey.py` (how real code lays out what the style guide leaves open).
//! They need `python3`: missing, the tests fail under CI (`CI` set) and are skipped
//! otherwise, with a message.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A new directory holding the given files.
fn corpus(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rein-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

/// Standard output of `python3 SCRIPT ARGS...`, or `None` when python3 is missing.
fn python(script: &str, args: &[&str]) -> Option<String> {
    let out = match Command::new("python3")
        .arg(repo().join("scripts").join(script))
        .args(args)
        .output()
    {
        Ok(o) => o,
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "python3 is needed by the formatter scripts: {e}"
            );
            println!("skipped: python3 not found ({e})");
            return None;
        }
    };
    assert!(
        out.status.success(),
        "{script} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).unwrap())
}

#[test]
fn churn_counts_the_lines_rein_fmt_changes() {
    let dir = corpus(
        "churn",
        &[
            // Formatted already: nothing changes.
            ("a/manifests/init.pp", "class a {\n  $x = 1\n}\n"),
            // Three of four lines change: indentation, spacing, a trailing comma.
            (
                "b/manifests/init.pp",
                "class b {\n    file { '/x':\n      ensure=>file\n    }\n}\n",
            ),
            // Copies of other modules are not counted.
            ("b/spec/fixtures/modules/c/init.pp", "class c {\n    }\n"),
            // Rein refuses a file with a syntax error.
            ("d/init.pp", "class d {\n"),
        ],
    );
    let rein = env!("CARGO_BIN_EXE_rein");
    let Some(out) = python("fmt-churn.py", &["--rein", rein, dir.to_str().unwrap()]) else {
        return;
    };
    assert_eq!(
        out,
        "files: 3, changed: 1 (50.00%), refused: 1\n\
         lines: 8, changed: 3 (37.50%)\n  \
         indentation                  2 (25.00% of all lines)\n  \
         commas                       1 (12.50% of all lines)\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn survey_counts_each_way_of_writing() {
    let dir = corpus(
        "survey",
        &[(
            "m/manifests/init.pp",
            "class m (\n  String $a,\n  Optional[String] $bb = undef,\n) {\n  \
             $x   = 1\n  $yyy = 2\n  $p = 1\n  $qq = 2\n  \
             nova_config {\n    'a':   value => 1;\n    'bbb': value => 2;\n  }\n  \
             User<||> -> Package <| tag == 'x' |>\n}\n",
        )],
    );
    let Some(out) = python("fmt-style-survey.py", &[dir.to_str().unwrap()]) else {
        return;
    };
    let row = |name: &str| -> String {
        out.lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no row {name} in:\n{out}"))
            .split_whitespace()
            .skip(1)
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(out.starts_with("1 files\n"), "{out}");
    assert_eq!(row("param_type_padding"), "0 1 0");
    // `$x`/`$yyy` aligned, then `$p`/`$qq` one space each: one run of four lines, neither.
    assert_eq!(row("assign_alignment"), "0 0 1");
    assert_eq!(row("multi_body_one_line"), "2 0 0");
    assert_eq!(row("multi_body_value_alignment"), "1 0 0");
    assert_eq!(row("collector_space"), "1 1 0");
    assert_eq!(row("collector_empty"), "0 1 0");
    let _ = std::fs::remove_dir_all(&dir);
}
