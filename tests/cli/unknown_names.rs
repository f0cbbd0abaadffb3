//! Un-namespaced classes, functions and resource types that no module rein can see has
//! (`unknown_class`, `unknown_function`, `unknown_resource_type`): errors with a module path
//! given (even an empty directory: Puppet says "Could not find class ::no_such_class"),
//! warnings that say how to be certain without one, in a lone manifest or a module whose
//! `metadata.json` lists dependencies that are all on the path; nothing in a module that
//! depends on a module rein cannot see or has no `metadata.json`.

use std::path::Path;

use crate::harness::{rein, stdout, temp_dir, write};

const CODE: &str = "include no_such_class\nno_such_type { 'x': }\nnotice(no_such_fn())\n";

const UNSURE: &str =
    " (unless a module rein cannot see defines it: give --modulepath to be certain)";

fn check(dir: &Path, args: &[&str]) -> (i32, String) {
    let mut all = vec![
        "check",
        "--format",
        "concise",
        "--only-checks",
        "unknown_class,unknown_function,unknown_resource_type",
    ];
    all.extend_from_slice(args);
    let o = rein(&all, dir);
    (o.status.code().unwrap_or(-1), stdout(&o))
}

fn findings(path: &str, level: &str, note: &str) -> String {
    format!(
        "{path}:1:1: {level}[unknown_class] Could not find class ::no_such_class{note}\n\
         {path}:2:1: {level}[unknown_resource_type] Unknown resource type: 'no_such_type'{note}\n\
         {path}:3:8: {level}[unknown_function] Unknown function: 'no_such_fn'{note}\n"
    )
}

#[test]
fn an_empty_module_path_makes_them_errors() {
    let d = temp_dir("unseen-empty-modulepath");
    std::fs::create_dir_all(d.join("modules")).expect("mkdir");
    write(&d, "site.pp", CODE);
    assert_eq!(
        check(&d, &["--modulepath", "modules", "site.pp"]),
        (1, findings("site.pp", "error", ""))
    );
}

#[test]
fn a_lone_manifest_gets_warnings() {
    let d = temp_dir("unseen-lone");
    write(&d, "site.pp", CODE);
    assert_eq!(
        check(&d, &["site.pp"]),
        (0, findings("site.pp", "warning", UNSURE))
    );
}

/// Module `app` in `dir/modules/app` whose class has [`CODE`], with a `metadata.json`
/// listing the one dependency `depends_on` (no `metadata.json` for `None`).
fn app_module(dir: &Path, depends_on: Option<&str>) {
    let code = format!("class app {{\n  {}}}\n", CODE.replace('\n', "\n  "));
    write(dir, "modules/app/manifests/init.pp", &code);
    if let Some(dep) = depends_on {
        let metadata = format!(r#"{{"name": "me-app", "dependencies": [{{"name": "{dep}"}}]}}"#);
        write(dir, "modules/app/metadata.json", &metadata);
    }
}

#[test]
fn a_module_whose_dependencies_are_all_visible_gets_warnings() {
    let d = temp_dir("unseen-deps-visible");
    app_module(&d, Some("me/base"));
    write(&d, "modules/base/manifests/init.pp", "class base {}\n");
    let (status, out) = check(&d, &["modules"]);
    assert_eq!(status, 0);
    assert_eq!(
        out,
        format!(
            "modules/app/manifests/init.pp:2:3: warning[unknown_class] Could not find class ::no_such_class{UNSURE}\n\
             modules/app/manifests/init.pp:3:3: warning[unknown_resource_type] Unknown resource type: 'no_such_type'{UNSURE}\n\
             modules/app/manifests/init.pp:4:10: warning[unknown_function] Unknown function: 'no_such_fn'{UNSURE}\n"
        )
    );
}

#[test]
fn a_module_with_unseen_or_unlisted_dependencies_gets_nothing() {
    let d = temp_dir("unseen-deps-hidden");
    app_module(&d, Some("puppetlabs/stdlib"));
    assert_eq!(check(&d, &["modules/app"]), (0, String::new()));
    // Without a metadata.json, what the module depends on is not known either.
    let d = temp_dir("unseen-deps-unlisted");
    app_module(&d, None);
    assert_eq!(check(&d, &["modules/app"]), (0, String::new()));
}

#[test]
fn known_names_are_not_reported() {
    // Built-in functions, core types and the types puppet-agent vendors (yumrepo), a
    // function and a class of another file of the run.
    let d = temp_dir("unseen-known");
    write(
        &d,
        "site.pp",
        "include base\nyumrepo { 'epel': }\nnotice(upcase('a'), helper())\n",
    );
    write(&d, "base.pp", "class base {}\nfunction helper() { 1 }\n");
    assert_eq!(check(&d, &["site.pp", "base.pp"]), (0, String::new()));
}
