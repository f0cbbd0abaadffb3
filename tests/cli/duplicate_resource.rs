//! `duplicate_resource` names the first declaration, as Puppet does ("Duplicate
//! declaration: File[/etc/app.conf] is already declared at (file: ..., line: 3); cannot
//! redeclare"), in its message and as the finding's related place in every output format:
//! a note in `text`, `related` in `json`, `relatedLocations` in `sarif`. The first
//! declaration may be in the same file, in another file of the module path, or the same
//! declaration in an earlier instance of a defined type.

use crate::harness::{rein, stdout, temp_dir, write};

const APP: &str =
    "# The app.\nclass app {\n  file { '/etc/app.conf':\n    ensure => file,\n  }\n}\n";
const SITE: &str = "include app\nfile { '/etc/app.conf':\n  ensure => file,\n}\n";

fn check(dir: &std::path::Path, format: &str, file: &str) -> String {
    let args = [
        "check",
        "--modulepath",
        "modules",
        "--only-checks",
        "duplicate_resource",
        "--format",
        format,
        file,
    ];
    stdout(&rein(&args, dir))
}

#[test]
fn the_first_declaration_in_another_file() {
    let d = temp_dir("dupres-modulepath");
    write(&d, "modules/app/manifests/init.pp", APP);
    write(&d, "manifests/site.pp", SITE);
    assert_eq!(
        check(&d, "concise", "manifests/site.pp"),
        "manifests/site.pp:2:8: error[duplicate_resource] Duplicate declaration: File[/etc/app.conf] is already declared at modules/app/manifests/init.pp:3; cannot redeclare\n"
    );
    assert_eq!(
        check(&d, "text", "manifests/site.pp"),
        "error[duplicate_resource]: Duplicate declaration: File[/etc/app.conf] is already declared at modules/app/manifests/init.pp:3; cannot redeclare\n  \
         ┌─ manifests/site.pp:2:8\n  \
         │\n\
         2 │ file { '/etc/app.conf':\n  \
         │        ^^^^^^^^^^^^^^^\n  \
         │\n  \
         = note: File[/etc/app.conf] is first declared here: modules/app/manifests/init.pp:3:10\n\
         \n\
         Checked 1 file: 1 error, 0 warnings.\n"
    );
    let sarif: serde_json::Value =
        serde_json::from_str(&check(&d, "sarif", "manifests/site.pp")).expect("SARIF");
    assert_eq!(
        sarif["runs"][0]["results"][0]["relatedLocations"],
        serde_json::json!([{
            "id": 0,
            "physicalLocation": {
                "artifactLocation": {
                    "uri": "modules/app/manifests/init.pp",
                    "uriBaseId": "%SRCROOT%"
                },
                "region": { "startLine": 3, "startColumn": 10 }
            },
            "message": { "text": "File[/etc/app.conf] is first declared here" }
        }])
    );
}

#[test]
fn the_first_declaration_in_the_same_file() {
    let d = temp_dir("dupres-samefile");
    write(
        &d,
        "site.pp",
        "file { '/tmp/a': }\nnotify { 'x': }\nfile { '/tmp/a': }\nclass app {}\nclass { 'app': }\nclass { 'app': }\n",
    );
    assert_eq!(
        check(&d, "json", "site.pp"),
        r#"[
  {
    "file": "site.pp",
    "line": 3,
    "column": 8,
    "end_line": 3,
    "end_column": 16,
    "rule": "duplicate_resource",
    "severity": "error",
    "message": "Duplicate declaration: File[/tmp/a] is already declared at site.pp:1; cannot redeclare",
    "related": [
      {
        "file": "site.pp",
        "line": 1,
        "column": 8,
        "message": "File[/tmp/a] is first declared here"
      }
    ]
  },
  {
    "file": "site.pp",
    "line": 6,
    "column": 9,
    "end_line": 6,
    "end_column": 15,
    "rule": "duplicate_resource",
    "severity": "error",
    "message": "Duplicate declaration: Class[App] is already declared at site.pp:5; cannot redeclare",
    "related": [
      {
        "file": "site.pp",
        "line": 5,
        "column": 9,
        "message": "Class[App] is first declared here"
      }
    ]
  }
]
"#
    );
}

#[test]
fn a_class_first_included_has_no_place() {
    // Puppet: "Duplicate declaration: Class[App] is already declared; cannot redeclare".
    let d = temp_dir("dupres-include");
    write(
        &d,
        "site.pp",
        "class app {}\ninclude app\nclass { 'app': }\n",
    );
    assert_eq!(
        check(&d, "concise", "site.pp"),
        "site.pp:3:9: error[duplicate_resource] Duplicate declaration: Class[App] is already declared; cannot redeclare\n"
    );
}

#[test]
fn the_same_declaration_in_two_instances_of_a_defined_type() {
    // Puppet: "Duplicate declaration: Notify[inner] is already declared at (file: site.pp,
    // line: 2); cannot redeclare (file: site.pp, line: 2) ... (file: site.pp, line: 5)".
    let d = temp_dir("dupres-define");
    write(
        &d,
        "site.pp",
        "define mytype($v = 1) {\n  notify { 'inner': message => $v }\n}\nmytype { 'a': }\nmytype { 'b': }\n",
    );
    assert_eq!(
        check(&d, "text", "site.pp"),
        "error[duplicate_resource]: Duplicate declaration: Notify[inner] is already declared at site.pp:2; cannot redeclare\n  \
         ┌─ site.pp:2:12\n  \
         │\n\
         2 │   notify { 'inner': message => $v }\n  \
         │            ^^^^^^^\n  \
         │\n  \
         = note: Notify[inner] is first declared here: site.pp:2:12\n  \
         = note: Notify[inner] is declared again by Mytype[b] here: site.pp:5:1\n\
         \n\
         Checked 1 file: 1 error, 0 warnings.\n"
    );
}
