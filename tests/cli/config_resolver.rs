//! `rein::config::Resolver`: one configuration load per file found, one rule set per
//! distinct (configuration, matching overrides), shared by every file that has it.

use std::sync::Arc;

use rein::config::{Op, Resolver, Target};
use rein::diagnostics::Severity;
use rein::rules::Level;

use crate::harness::{temp_dir, write};

#[test]
fn rule_sets_are_shared_per_configuration_and_override_set() {
    let d = temp_dir("resolver-shared");
    write(
        &d,
        "rein.toml",
        "[rules]\nunrecognized_escape = \"error\"\n[[overrides]]\nfiles = [\"t\"]\nrules = { unrecognized_escape = \"off\" }\n",
    );
    let mut r = Resolver::new(None, Vec::new(), false).unwrap();
    let mut sets = Vec::new();
    for rel in ["a.pp", "m/b.pp", "m/n/c.pp", "t/d.pp", "t/u/e.pp"] {
        let s = r.settings(&d.join(rel), false).unwrap().unwrap();
        sets.push(s.rules);
    }
    assert_eq!(r.rule_set_count(), 2);
    // The defaults plus one configuration file, loaded once.
    assert_eq!(r.configs().len(), 2);
    assert!(Arc::ptr_eq(&sets[0], &sets[2]));
    assert!(Arc::ptr_eq(&sets[3], &sets[4]));
    assert_eq!(
        sets[0].severity_of("unrecognized_escape"),
        Some(Severity::Error)
    );
    assert_eq!(sets[3].severity_of("unrecognized_escape"), None);
}

#[test]
fn command_line_ops_apply_last() {
    let d = temp_dir("resolver-cli");
    write(&d, "rein.toml", "[rules]\nall = \"off\"\n");
    let esc = Target::parse("unrecognized_escape").unwrap();
    let mut r = Resolver::new(None, vec![Op::Enable(esc)], false).unwrap();
    let s = r.settings(&d.join("a.pp"), true).unwrap().unwrap();
    assert_eq!(
        s.rules.severity_of("unrecognized_escape"),
        Some(Severity::Warning)
    );
    assert_eq!(s.rules.severity_of("suppression_unused"), None);
    let mut r = Resolver::new(None, vec![Op::Level(esc, Level::Error)], false).unwrap();
    let s = r.settings(&d.join("a.pp"), true).unwrap().unwrap();
    assert_eq!(
        s.rules.severity_of("unrecognized_escape"),
        Some(Severity::Error)
    );
}

#[test]
fn excluded_files_are_skipped_even_named_and_include_narrows_walked_ones() {
    let d = temp_dir("resolver-excluded");
    write(
        &d,
        "rein.toml",
        "[files]\ninclude = [\"manifests\"]\nexclude = [\"gen\"]\n",
    );
    let mut r = Resolver::new(None, Vec::new(), false).unwrap();
    assert!(r.settings(&d.join("gen/x.pp"), false).unwrap().is_none());
    assert!(r.settings(&d.join("gen/x.pp"), true).unwrap().is_none());
    assert!(r
        .settings(&d.join("manifests/x.pp"), false)
        .unwrap()
        .is_some());
    assert!(r.settings(&d.join("x.pp"), false).unwrap().is_none());
    assert!(r.settings(&d.join("x.pp"), true).unwrap().is_some());
}
