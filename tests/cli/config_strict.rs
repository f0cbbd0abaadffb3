//! `[puppet] strict`: the rules whose level follows Puppet's `strict` setting
//! (`duplicate_key`, `undefined_variable`) report at Puppet 8's `error` by default, at
//! `warning` as Puppet 7 does, or not at all; a rule's own `[rules]` entry wins.

use crate::config::check;
use crate::harness::{temp_dir, write};

/// A repeated hash key (line 1) and an unknown variable (line 3) in a main manifest.
const STRICT: &str = "$h = { a => 1, a => 2 }\nnotice($h)\nnotice($nope)\n";

const KEY: &str = "a.pp:1:18: LEVEL[duplicate_key] The key 'a' is declared more than once\n";
const VARIABLE: &str = "a.pp:3:8: LEVEL[undefined_variable] Unknown variable: '$nope'\n";

/// `rein check` of the manifest, with `config` as its `rein.toml` (none when empty).
fn run(name: &str, config: &str) -> (i32, String, String) {
    let d = temp_dir(name);
    write(&d, "a.pp", STRICT);
    if !config.is_empty() {
        write(&d, "rein.toml", config);
    }
    check(&d, &[])
}

/// `lines` at severity `level`.
fn at(level: &str, lines: &[&str]) -> String {
    lines.iter().map(|l| l.replace("LEVEL", level)).collect()
}

#[test]
fn puppet_8_by_default() {
    let both = at("error", &[KEY, VARIABLE]);
    assert_eq!(run("strict-default", ""), (1, both.clone(), String::new()));
    let error = "[puppet]\nstrict = \"error\"\n";
    assert_eq!(run("strict-error", error), (1, both, String::new()));
}

#[test]
fn puppet_7_warns() {
    let warning = "[puppet]\nstrict = \"warning\"\n";
    let both = at("warning", &[KEY, VARIABLE]);
    assert_eq!(run("strict-warning", warning), (0, both, String::new()));
}

#[test]
fn off_reports_nothing_and_rule_entries_win() {
    let off = "[puppet]\nstrict = \"off\"\n";
    assert_eq!(run("strict-off", off), (0, String::new(), String::new()));
    let key_on = "[rules]\nduplicate_key = \"error\"\n[puppet]\nstrict = \"off\"\n";
    let key = at("error", &[KEY]);
    assert_eq!(run("strict-off-key", key_on), (1, key, String::new()));
}

#[test]
fn a_bad_value_is_a_configuration_error() {
    let message = "rein: rein.toml:2:10: [puppet] strict must be \"error\" (Puppet 8's default), \"warning\" (Puppet 7's default) or \"off\"\n";
    let bad = "[puppet]\nstrict = \"7\"\n";
    assert_eq!(
        run("strict-bad", bad),
        (2, String::new(), message.to_string())
    );
}
