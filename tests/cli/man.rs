//! `rein man`: the page printed has NAME, SYNOPSIS, every command, and rein's own sections;
//! `rein man DIR` writes it and a page per command; groff renders every page without a
//! warning (CI installs groff; elsewhere that part is skipped without it).

use std::path::Path;
use std::process::Command;

use super::completions::COMMANDS;
use crate::harness::{outcome, stderr, stdout, temp_dir};

fn man(dir: &Path, args: &[&str]) -> (i32, String, String) {
    outcome(&[&["man"], args].concat(), dir)
}

#[test]
fn the_page_has_name_synopsis_every_command_and_reins_sections() {
    let (code, page, err) = man(&temp_dir("man-print"), &[]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        page.contains(&format!(
            "\n.TH rein 1  \"rein {}\" \n.SH NAME\nrein \\- ",
            env!("CARGO_PKG_VERSION")
        )),
        "{page}"
    );
    let sections: Vec<&str> = page
        .lines()
        .filter_map(|l| l.strip_prefix(".SH "))
        .collect();
    assert_eq!(
        sections,
        [
            "NAME",
            "SYNOPSIS",
            "DESCRIPTION",
            "OPTIONS",
            "SUBCOMMANDS",
            "\"PUPPET-LINT MODE\"",
            "\"EXIT STATUS\"",
            "FILES",
            "ENVIRONMENT",
            "\"SEE ALSO\"",
            "VERSION"
        ]
    );
    assert!(page.contains("\n.SH SYNOPSIS\n\\fBrein\\fR "));
    for c in COMMANDS {
        assert!(page.contains(&format!("\n.TP\nrein\\-{c}(1)\n")), "{c}");
    }
    assert!(page.contains("\n.TP\n\\fBrein.toml, .rein.toml\\fR\n"));
}

#[test]
fn a_directory_gets_a_page_per_command() {
    let d = temp_dir("man-dir");
    let (code, printed, _) = man(&d, &[]);
    assert_eq!(code, 0);
    assert_eq!(man(&d, &["pages/man1"]), (0, String::new(), String::new()));
    let mut names: Vec<String> = std::fs::read_dir(d.join("pages/man1"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut want: Vec<String> = COMMANDS.iter().map(|c| format!("rein-{c}.1")).collect();
    want.push("rein.1".into());
    // A command's own commands get pages too.
    want.push("rein-unfurl-expand.1".into());
    want.sort();
    assert_eq!(names, want);
    let read = |name: &str| std::fs::read_to_string(d.join("pages/man1").join(name)).unwrap();
    assert_eq!(read("rein.1"), printed);
    let check = read("rein-check.1");
    assert!(
        check.contains(&format!(
            ".TH rein-check 1  \"rein {}\" \n.SH NAME\nrein\\-check \\- ",
            env!("CARGO_PKG_VERSION")
        )),
        "{check}"
    );
    assert!(check.contains("\n.SH SYNOPSIS\n\\fBrein check\\fR "));
    assert!(check.contains("\\fB\\-\\-format\\fR"));
    assert!(read("rein-init.1").contains("\\fB\\-\\-from\\fR"));
    // Writing again replaces the pages.
    assert_eq!(man(&d, &["pages/man1"]).0, 0);
    assert_eq!(read("rein.1"), printed);
}

#[test]
fn groff_renders_every_page_without_a_warning() {
    if Command::new("groff").arg("--version").output().is_err() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "groff is not installed (CI installs groff-base)"
        );
        eprintln!("skipped: groff is not installed");
        return;
    }
    let d = temp_dir("man-groff");
    assert_eq!(man(&d, &["."]).0, 0);
    for entry in std::fs::read_dir(&d).unwrap() {
        let path = entry.unwrap().path();
        let o = Command::new("groff")
            .args(["-man", "-Tutf8", "-ww"])
            .arg(&path)
            .output()
            .expect("run groff");
        assert!(o.status.success(), "{}: {o:?}", path.display());
        assert_eq!(stderr(&o), "", "{}", path.display());
        assert!(
            stdout(&o).contains("General Commands Manual"),
            "{}",
            path.display()
        );
    }
}
