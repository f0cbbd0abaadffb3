//! `[puppet] strict`: the rules whose level follows Puppet's `strict` setting
//! (`duplicate_key`, `undefined_variable`) report at Puppet 8's `error` by default, at
//! `warning` as Puppet 7 does, or not at all; a rule's own `[rules]` entry wins.

use crate::config::check;
use crate::harness::{temp_dir, write};

/// A repeated hash key (line 1) and an unknown variable (line 3) in a main manifest.
const STRICT: &str = "$h = { a => 1, a => 2 }\nnotice($h)\nnotice($nope)\n";

fn findings(level: &str) -> String {
    format!(
        "a.pp:1:18: {level}[duplicate_key] The key 'a' is declared more than once\n\
         a.pp:3:8: {level}[undefined_variable] Unknown variable: '$nope'\n"
    )
}

#[test]
fn puppet_8_by_default() {
    let d = temp_dir("strict-default");
    write(&d, "a.pp", STRICT);
    assert_eq!(check(&d, &[]), (1, findings("error"), String::new()));
    write(&d, "rein.toml", "[puppet]\nstrict = \"error\"\n");
    assert_eq!(check(&d, &[]), (1, findings("error"), String::new()));
}

#[test]
fn puppet_7_warns() {
    let d = temp_dir("strict-warning");
    write(&d, "a.pp", STRICT);
    write(&d, "rein.toml", "[puppet]\nstrict = \"warning\"\n");
    assert_eq!(check(&d, &[]), (0, findings("warning"), String::new()));
}

#[test]
fn off_reports_nothing_and_rule_entries_win() {
    let d = temp_dir("strict-off");
    write(&d, "a.pp", STRICT);
    write(&d, "rein.toml", "[puppet]\nstrict = \"off\"\n");
    assert_eq!(check(&d, &[]), (0, String::new(), String::new()));
    write(
        &d,
        "rein.toml",
        "[rules]\nduplicate_key = \"error\"\n[puppet]\nstrict = \"off\"\n",
    );
    assert_eq!(
        check(&d, &[]),
        (
            1,
            "a.pp:1:18: error[duplicate_key] The key 'a' is declared more than once\n".into(),
            String::new()
        )
    );
}

#[test]
fn a_bad_value_is_a_configuration_error() {
    let d = temp_dir("strict-bad");
    write(&d, "a.pp", STRICT);
    write(&d, "rein.toml", "[puppet]\nstrict = \"7\"\n");
    assert_eq!(
        check(&d, &[]),
        (
            2,
            String::new(),
            "rein: rein.toml:2:10: [puppet] strict must be \"error\" (Puppet 8's default), \"warning\" (Puppet 7's default) or \"off\"\n".into()
        )
    );
}
