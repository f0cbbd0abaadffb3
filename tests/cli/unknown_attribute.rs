//! `unknown_attribute` on a module with a custom type of its own, run as a process: the
//! type's attributes are read from `lib/puppet/type/<name>.rb` (Puppet: `puppet apply
//! --modulepath DIR -e 'include demo'` fails with "no parameter named 'vaule'" on line 3).

use std::path::Path;

use crate::harness::{rein, stdout, temp_dir};

fn temp_module(name: &str, type_rb: &str) -> crate::harness::TempDir {
    let root = temp_dir(&format!("unknown_attribute-{name}"));
    let module = root.join("demo");
    std::fs::create_dir_all(module.join("lib/puppet/type")).expect("mkdir");
    std::fs::create_dir_all(module.join("manifests")).expect("mkdir");
    std::fs::write(module.join("lib/puppet/type/demo_setting.rb"), type_rb).expect("write");
    std::fs::write(
        module.join("manifests/init.pp"),
        "# Demo.\nclass demo {\n  demo_setting { 'a':\n    value  => 1,\n    vaule  => 2,\n    before => Notify['n'],\n  }\n  notify { 'n': }\n}\n",
    )
    .expect("write");
    root
}

fn check(dir: &Path) -> String {
    let args = [
        "check",
        "--format",
        "concise",
        "--only-checks",
        "unknown_attribute",
        ".",
    ];
    stdout(&rein(&args, dir))
}

#[test]
fn a_custom_types_attributes_are_known() {
    let dir = temp_module(
        "closed",
        "Puppet::Type.newtype(:demo_setting) do\n  newparam(:name, namevar: true)\n  newproperty(:value)\nend\n",
    );
    assert_eq!(
        check(&dir),
        "demo/manifests/init.pp:5:5: error[unknown_attribute] no parameter named 'vaule' on the `demo_setting` type\n"
    );
}

#[test]
fn a_type_that_may_have_more_attributes_is_not_checked() {
    let dir = temp_module(
        "open",
        "Puppet::Type.newtype(:demo_setting) do\n  newparam(:name, namevar: true)\n  [:value, :vaule].each { |p| newproperty(p) }\nend\n",
    );
    assert_eq!(check(&dir), "");
}
