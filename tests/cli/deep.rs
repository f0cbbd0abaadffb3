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
