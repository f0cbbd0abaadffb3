//! `rein rule`: the table of rules, its JSON form, one rule's page, and unknown names,
//! run as a process.

use std::path::Path;
use std::process::Output;

use serde_json::{json, Value};

use crate::harness::{self, stderr, stdout};

/// `rein ARGS` in the repository's root, where `rules/` holds the pages.
fn rein(args: &[&str]) -> Output {
    harness::rein(args, Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// The rule page of `name`, as `rules/<name>.md` holds it.
pub(super) fn page(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("rules/{name}.md"));
    std::fs::read_to_string(path).expect("rule page")
}

/// The rules as `rein rule --format json` lists them.
fn rules_json() -> Vec<Value> {
    let o = rein(&["rule", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    v.as_array().expect("array").clone()
}

#[test]
fn the_table_lists_every_rule_with_its_metadata() {
    let o = rein(&["rule"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let header = lines.first().copied().unwrap_or("");
    assert!(
        header.starts_with("NAME ")
            && header.contains(" LEVEL ")
            && header.contains(" CATEGORY ")
            && header.contains(" FIX ")
            && header.contains(" PUPPET-LINT ")
            && header.ends_with(" SUMMARY"),
        "{out}"
    );
    let rules = rules_json();
    assert_eq!(lines.len(), rules.len() + 1, "{out}");
    // Columns line up: every row has its level where the header has LEVEL, and so on.
    let col = |name: &str| header.find(name).expect(name);
    for (line, rule) in lines[1..].iter().zip(&rules) {
        let cell = |start: usize| {
            line.get(start..)
                .and_then(|s| s.split("  ").next())
                .unwrap_or("")
                .to_string()
        };
        assert_eq!(cell(0), rule["name"].as_str().unwrap_or(""), "{line}");
        assert_eq!(cell(col("LEVEL")), rule["level"].as_str().unwrap_or(""));
        assert_eq!(
            cell(col("CATEGORY")),
            rule["category"].as_str().unwrap_or("")
        );
        assert_eq!(cell(col("FIX")), rule["fixable"].as_str().unwrap_or(""));
        let lint = match (rule["puppet_lint"].as_str(), rule["plugin"].as_str()) {
            (Some(check), _) => check,
            (None, Some(_)) => "plugin",
            (None, None) => "-",
        };
        assert_eq!(cell(col("PUPPET-LINT")), lint, "{line}");
        assert_eq!(
            line.get(col("SUMMARY")..).unwrap_or(""),
            rule["summary"].as_str().unwrap_or("")
        );
    }
    let escape: Vec<&str> = lines
        .iter()
        .find(|l| l.starts_with("unrecognized_escape "))
        .map(|l| {
            l.split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        escape,
        [
            "unrecognized_escape",
            "warning",
            "validation",
            "none",
            "-",
            "A backslash escape that Puppet does not recognise; the backslash is kept."
        ]
    );
}

#[test]
fn json_lists_every_rule_for_tools() {
    let rules = rules_json();
    let names: Vec<&str> = rules.iter().filter_map(|r| r["name"].as_str()).collect();
    for expected in [
        "syntax",
        "suppression_unknown_rule",
        "suppression_unclosed",
        "suppression_unused",
        "unrecognized_escape",
    ] {
        assert!(names.contains(&expected), "{names:?}");
    }
    for r in &rules {
        let keys: Vec<&String> = r.as_object().expect("object").keys().collect();
        let mut expected = [
            "aliases",
            "category",
            "fixable",
            "level",
            "name",
            "options",
            "plugin",
            "puppet_lint",
            "since",
            "summary",
        ];
        expected.sort();
        assert_eq!(keys, expected, "{r}");
        assert!(["none", "safe", "unsafe"].contains(&r["fixable"].as_str().unwrap_or("")));
        assert!(["off", "warning", "error"].contains(&r["level"].as_str().unwrap_or("")));
    }
    let escape = rules
        .iter()
        .find(|r| r["name"] == "unrecognized_escape")
        .expect("unrecognized_escape");
    assert_eq!(
        escape,
        &json!({"name": "unrecognized_escape", "level": "warning", "category": "validation",
            "fixable": "none", "puppet_lint": null, "plugin": null, "aliases": ["UNRECOGNIZED_ESCAPE"],
            "summary": "A backslash escape that Puppet does not recognise; the backslash is kept.",
            "since": "0.1.0", "options": []})
    );
    // Keys in the documented order.
    let o = rein(&["rule", "--format", "json"]);
    let text = stdout(&o);
    let first = text.split('}').next().unwrap_or("");
    let order = [
        "\"name\"",
        "\"level\"",
        "\"category\"",
        "\"fixable\"",
        "\"puppet_lint\"",
        "\"aliases\"",
        "\"summary\"",
        "\"since\"",
        "\"options\"",
    ];
    let at: Vec<usize> = order.iter().map(|k| first.find(k).expect(k)).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{first}");
}

#[test]
fn a_rule_page_has_a_metadata_header() {
    let o = rein(&["rule", "unrecognized_escape"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!(
            "unrecognized_escape | level: warning | category: validation | fix: none | \
             puppet-lint: - | aliases: UNRECOGNIZED_ESCAPE | options: - | since: 0.1.0\n\n{}",
            page("unrecognized_escape")
        )
    );
}

#[test]
fn any_name_or_alias_finds_the_rule() {
    let by_name = stdout(&rein(&["rule", "unrecognized_escape"]));
    assert_eq!(stdout(&rein(&["rule", "UNRECOGNIZED_ESCAPE"])), by_name);
    // Puppet issue codes match in any case.
    assert_eq!(stdout(&rein(&["rule", "unrecognized_ESCAPE"])), by_name);
    let syntax = stdout(&rein(&["rule", "SYNTAX_ERROR"]));
    assert!(
        syntax.starts_with("syntax | level: error | category: syntax |"),
        "{syntax}"
    );
    assert!(syntax.ends_with(&page("syntax")), "{syntax}");
}

#[test]
fn a_rule_as_json_includes_its_page() {
    let o = rein(&["rule", "SYNTAX_ERROR", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(
        v,
        json!({"name": "syntax", "level": "error", "category": "syntax", "fixable": "none",
            "puppet_lint": null, "plugin": null, "aliases": ["SYNTAX_ERROR"],
            "summary": "The file is not valid Puppet: it does not parse.", "since": "0.1.0",
            "options": [], "doc": page("syntax")})
    );
}

#[test]
fn an_unknown_name_exits_two_and_suggests_close_names() {
    let o = rein(&["rule", "unrecognised_escape"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "rein: no rule named `unrecognised_escape`; did you mean `unrecognized_escape`? \
         (`rein rule` lists every rule)\n"
    );
    let o = rein(&["rule", "suppresion_unusd"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "rein: no rule named `suppresion_unusd`; did you mean one of `suppression_unused`, \
         `suppression_unclosed`, `suppression_unknown_rule`? (`rein rule` lists every rule)\n"
    );
    let o = rein(&["rule", "no_such_thing_at_all", "--format", "json"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "rein: no rule named `no_such_thing_at_all` (`rein rule` lists every rule)\n"
    );
}

#[test]
fn a_bad_format_is_a_usage_error() {
    let o = rein(&["rule", "--format", "sarif"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("[possible values: text, json]"),
        "{}",
        stderr(&o)
    );
}
