//! The deep rules on a control repo, run as a process: `environment.conf`'s module path
//! (`site:modules`) is where classes, defined types, functions and custom types are found.
//! (Puppet, `puppet apply --modulepath site:modules manifests/site.pp`, stops at the first
//! of these: "Class[Chrony]: has no parameter named 'servrs'".) The class declared with
//! `class { }` before `include profile::base` includes it again is not a duplicate.

use std::path::Path;

use crate::harness::{rein, stdout};

#[test]
fn a_control_repo_is_checked_against_its_own_modules() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/control-repo");
    let args = [
        "check",
        "--format",
        "concise",
        "--select",
        "deep",
        "--only-checks",
        "unknown_class,unknown_attribute,unknown_function,undefined_variable,duplicate_resource",
        ".",
    ];
    let out = stdout(&rein(&args, &dir));
    assert_eq!(
        out,
        "manifests/site.pp:3:5: error[unknown_attribute] no parameter named 'servrs' on class `chrony`\n\
         manifests/site.pp:6:3: error[unknown_class] Could not find class ::profile::missing\n\
         site/profile/manifests/base.pp:6:5: error[unknown_attribute] no parameter named 'polll' on the `chrony_source` type\n\
         site/profile/manifests/base.pp:8:8: error[unknown_function] Unknown function: 'chrony::helper'\n"
    );
}

/// The same files named from the repository's root (as pre-commit and CI name them) are
/// checked as part of it: the same module path, the same findings as `.` gives.
#[test]
fn files_named_from_the_control_repo_root_see_its_module_path() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/control-repo");
    let args = [
        "check",
        "--no-cache",
        "--format",
        "concise",
        "--select",
        "deep",
        "--only-checks",
        "unknown_class,unknown_attribute,unknown_function,undefined_variable,duplicate_resource",
        "manifests/site.pp",
        "site/profile/manifests/base.pp",
    ];
    assert_eq!(
        stdout(&rein(&args, &dir)),
        "manifests/site.pp:3:5: error[unknown_attribute] no parameter named 'servrs' on class `chrony`\n\
         manifests/site.pp:6:3: error[unknown_class] Could not find class ::profile::missing\n\
         site/profile/manifests/base.pp:6:5: error[unknown_attribute] no parameter named 'polll' on the `chrony_source` type\n\
         site/profile/manifests/base.pp:8:8: error[unknown_function] Unknown function: 'chrony::helper'\n"
    );
    let site = dir.join("manifests/site.pp");
    let base = dir.join("site/profile/manifests/base.pp");
    let named = [
        site.to_str().unwrap_or_default(),
        base.to_str().unwrap_or_default(),
    ];
    let elsewhere = [&args[..8], &named].concat();
    // From a directory that holds neither file, the environment is not part of the run:
    // its module path is not read, and the deep checks do not guess.
    assert_eq!(stdout(&rein(&elsewhere, &dir.join("modules"))), "");
}

/// A class of the module path reached from several roots of several files (each file's
/// classes are roots of their own, and each root evaluates the classes it declares again):
/// what each root finds is its own. `base` is declared with a wrong parameter from one
/// root, included from the others; its defined type's resource is declared again by one
/// root (found through that root only), and declared with a wrong parameter from another
/// (its resource then duplicates nothing); a mistake in `base` itself is reported once, in
/// its own file.
const BASE: &str = "class base (String $mode = 'x') {\n  file { '/etc/base': }\n  base::item { 'one': }\n  $oops = 1 + 'a'\n}\n";
const ITEM: &str = "define base::item (Integer $n = 1) {\n  file { \"/etc/item/${title}\": }\n}\n";
const APP_A: &str = "class app::a {\n  include base\n  file { '/etc/base': }\n}\n";
const APP_B: &str = "class app::b {\n  class { 'base': mode => 1 }\n}\n";
const APP_C: &str = "class app::c {\n  include base\n  file { '/etc/item/one': }\n}\n";
const APP_D: &str = "class app::d {\n  include base\n  base::item { 'two': n => 2 }\n}\n";
const APP_E: &str = "class app::e {\n  base::item { 'two': n => 'no' }\n}\n";

#[test]
fn a_module_class_reached_from_several_roots_is_judged_in_each() {
    let d = crate::harness::temp_dir("deep-roots");
    for (rel, text) in [
        ("modules/base/manifests/init.pp", BASE),
        ("modules/base/manifests/item.pp", ITEM),
        ("modules/app/manifests/a.pp", APP_A),
        ("modules/app/manifests/b.pp", APP_B),
        ("modules/app/manifests/c.pp", APP_C),
        ("modules/app/manifests/d.pp", APP_D),
        ("modules/app/manifests/e.pp", APP_E),
    ] {
        crate::harness::write(&d, rel, text);
    }
    let args = [
        "check",
        "--no-cache",
        "--format",
        "concise",
        "--select",
        "deep",
        "--only-checks",
        "duplicate_resource,type_mismatch,invalid_operand",
        ".",
    ];
    let out = stdout(&rein(&args, &d));
    assert_eq!(
        out,
        "modules/app/manifests/a.pp:3:10: error[duplicate_resource] Duplicate declaration: File[/etc/base] is already declared at modules/base/manifests/init.pp:2; cannot redeclare\n\
         modules/app/manifests/b.pp:2:19: error[type_mismatch] Class[Base]: parameter 'mode' expects a String value, got Integer\n\
         modules/app/manifests/c.pp:3:10: error[duplicate_resource] Duplicate declaration: File[/etc/item/one] is already declared at modules/base/manifests/item.pp:2; cannot redeclare\n\
         modules/app/manifests/e.pp:2:23: error[type_mismatch] Base::Item[two]: parameter 'n' expects an Integer value, got String\n\
         modules/base/manifests/init.pp:4:11: error[invalid_operand] The value 'a' cannot be converted to Numeric.\n"
    );
}
