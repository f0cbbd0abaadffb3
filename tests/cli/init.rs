//! `rein init`: the starter `rein.toml`, an existing file kept unless `--force`, and
//! `--from .puppet-lint.rc` writing the configuration that makes `rein check` behave as
//! the rc file did.

use std::path::Path;

use crate::harness::{outcome, temp_dir, write};

/// `rein check --format concise ARGS` in `dir`: (exit code, stdout, stderr).
fn check(dir: &Path, args: &[&str]) -> (i32, String, String) {
    outcome(&[&["check", "--format", "concise"], args].concat(), dir)
}

fn init(dir: &Path, args: &[&str]) -> (i32, String, String) {
    outcome(&[&["init"], args].concat(), dir)
}

#[test]
fn init_writes_the_starter_configuration_and_keeps_an_existing_one() {
    let d = temp_dir("init-starter");
    write(&d, "a.pp", "$a = \"\\q\"\n");
    let before = check(&d, &[]);
    assert_eq!(
        init(&d, &[]),
        (0, String::new(), "rein: wrote rein.toml\n".to_string())
    );
    let starter = rein::config::starter_config();
    assert_eq!(
        std::fs::read_to_string(d.join("rein.toml")).unwrap(),
        starter
    );
    // It changes nothing.
    assert_eq!(check(&d, &[]), before);
    write(&d, "rein.toml", "[rules]\nall = \"off\"\n");
    assert_eq!(
        init(&d, &[]),
        (
            2,
            String::new(),
            "rein: rein.toml exists; `--force` overwrites it\n".to_string()
        )
    );
    assert_eq!(
        std::fs::read_to_string(d.join("rein.toml")).unwrap(),
        "[rules]\nall = \"off\"\n"
    );
    assert_eq!(init(&d, &["--force"]).0, 0);
    assert_eq!(
        std::fs::read_to_string(d.join("rein.toml")).unwrap(),
        starter
    );
    // A .rein.toml that a rein.toml would hide is kept too.
    let e = temp_dir("init-hidden");
    write(&e, ".rein.toml", "");
    assert_eq!(
        init(&e, &[]),
        (
            2,
            String::new(),
            "rein: .rein.toml exists, and a rein.toml beside it would hide it; `--force` writes rein.toml anyway\n"
                .to_string()
        )
    );
    assert!(!e.join("rein.toml").exists());
}

/// A module with findings that the rc files below change.
fn module(dir: &Path) {
    let long = "x".repeat(140);
    write(
        dir,
        "manifests/init.pp",
        &format!(
            "class a (\n  String $x = 'y'\n) {{\n  $long = '{long}'\n  $esc = \"\\q\"\n  notify {{ $facts['os']['family']: message => $role }}\n  $m = {{\n    'a' => 1,\n    'b' => 2\n  }}\n  $s = \"${{x}}\" # lint:ignore:only_variable_string\n}}\n"
        ),
    );
    write(dir, "legacy/old.pp", "class old { $a = \"\\q\" }\n");
}

/// `rein check` gives the same with `rc` as with the rein.toml `rein init --from` writes
/// from it, and not what it gives without either; `rein init` says `init_err`.
fn migrates(name: &str, rc: &str, init_err: &str) {
    let d = temp_dir(&format!("init-{name}"));
    module(&d);
    let runs: [&[&str]; 3] = [&[], &["."], &["legacy/old.pp", "manifests/init.pp"]];
    let defaults: Vec<_> = runs.iter().map(|a| check(&d, a)).collect();
    write(&d, ".puppet-lint.rc", rc);
    let with_rc: Vec<_> = runs.iter().map(|a| check(&d, a)).collect();
    assert_ne!(with_rc, defaults);
    assert_eq!(
        init(&d, &["--from", ".puppet-lint.rc"]),
        (0, String::new(), init_err.to_string())
    );
    let with_toml: Vec<_> = runs.iter().map(|a| check(&d, a)).collect();
    assert_eq!(with_toml, with_rc);
    // Without the rc file, the same.
    std::fs::remove_file(d.join(".puppet-lint.rc")).unwrap();
    let alone: Vec<_> = runs.iter().map(|a| check(&d, a)).collect();
    assert_eq!(alone, with_rc);
}

#[test]
fn init_from_an_rc_file_checks_as_the_rc_file_did() {
    migrates(
        "rc",
        "--no-140chars-check\n--trailing_comma-check\n--fail-on-warnings\n--ignore-paths=legacy/*\n--relative\n--top-scope-variables role\n--show-ignored\n--with-filename\n",
        "rein: warning: .puppet-lint.rc:8: `--with-filename` not migrated: rein.toml has no output settings (give it on the command line)\n\
         rein: wrote rein.toml\n",
    );
}

#[test]
fn init_from_an_rc_file_with_only_checks() {
    migrates(
        "only",
        "--only-checks=140chars,unrecognized_escape,trailing_comma\n--no-unrecognized_escape-check\n",
        "rein: wrote rein.toml\n",
    );
}

#[test]
fn init_from_a_file_next_to_it_and_errors() {
    let d = temp_dir("init-where");
    write(&d, "site/.puppet-lint.rc", "--no-documentation-check\n");
    assert_eq!(
        init(&d, &["--from", "site/.puppet-lint.rc"]),
        (0, String::new(), "rein: wrote site/rein.toml\n".to_string())
    );
    assert!(std::fs::read_to_string(d.join("site/rein.toml"))
        .unwrap()
        .ends_with("\n[rules]\ndocumentation = \"off\"\n"));
    assert_eq!(
        init(&d, &["--from", "nope.rc"]),
        (
            2,
            String::new(),
            "rein: nope.rc: No such file or directory\n".to_string()
        )
    );
}
