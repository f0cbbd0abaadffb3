//! The output formats of `rein check --format X`, run as a process on a small manifest
//! with findings of the rules that exist (`unrecognized_escape`, the suppression rules) and
//! a file with syntax errors: the exact output of each format.

use std::path::Path;
use std::process::Output;

use serde_json::{json, Value};

use super::rule::page;
use crate::harness::{rein, stdout, temp_dir};

/// A fresh directory holding `a.pp` (an unknown escape, an unclosed directive naming an
/// unknown rule, a directive that suppresses nothing) and `b.pp` (two syntax errors).
fn project(name: &str) -> crate::harness::TempDir {
    let dir = temp_dir(&format!("output-{name}"));
    std::fs::write(
        dir.join("a.pp"),
        "$a = \"\\q\\n\"\n# lint:ignore:nosuchrule\n$b = 1\n$c = 2 # lint:ignore:unrecognized_escape\n",
    )
    .expect("write");
    std::fs::write(dir.join("b.pp"), "class x {\n  $c = 08\n").expect("write");
    dir
}

fn check(format: &str, name: &str) -> Output {
    let dir = project(name);
    let o = rein(&["check", "--format", format, "a.pp", "b.pp"], &dir);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
    o
}

const UNCLOSED: &str =
    "`lint:ignore:nosuchrule` block is never closed by `# lint:endignore`, so it suppresses nothing";
const UNCLOSED_HELP: &str = "add `# lint:endignore` after the lines to ignore, or put the directive at the end of the one line it is for";
const UNKNOWN: &str = "unknown rule `nosuchrule` in `lint:ignore:`";
const UNKNOWN_HELP: &str = "`rein rule` lists every rule name";
const UNUSED: &str = "`lint:ignore:unrecognized_escape` suppresses nothing here";
const UNUSED_HELP: &str = "remove the directive";
const BRACE: &str = "expected `}` to close the class body opened at 1:9";

#[test]
fn text_draws_frames_with_help_notes() {
    let o = check("text", "text");
    let expected = format!(
        "warning[unrecognized_escape]: Unrecognized escape sequence '\\q'
  ┌─ a.pp:1:12
  │
1 │ $a = \"\\q\\n\"
  │            ^

warning[suppression_unclosed]: {UNCLOSED}
  ┌─ a.pp:2:1
  │
2 │ # lint:ignore:nosuchrule
  │ ^^^^^^^^^^^^^^^^^^^^^^^^
  │
  = help: {UNCLOSED_HELP}

warning[suppression_unknown_rule]: {UNKNOWN}
  ┌─ a.pp:2:15
  │
2 │ # lint:ignore:nosuchrule
  │               ^^^^^^^^^^
  │
  = help: {UNKNOWN_HELP}

warning[suppression_unused]: {UNUSED}
  ┌─ a.pp:4:22
  │
4 │ $c = 2 # lint:ignore:unrecognized_escape
  │                      ^^^^^^^^^^^^^^^^^^^
  │
  = help: {UNUSED_HELP}

error[syntax]: Not a valid octal number 08
  ┌─ b.pp:2:8
  │
2 │   $c = 08
  │        ^^

error[syntax]: {BRACE}
  ┌─ b.pp:2:10
  │
2 │   $c = 08
  │          ^

Checked 2 files: 2 errors, 4 warnings.
"
    );
    assert_eq!(stdout(&o), expected);
    // `human` is another name of `text`.
    assert_eq!(stdout(&check("human", "human")), expected);
}

#[test]
fn text_is_coloured_only_when_asked() {
    let dir = project("color");
    let o = rein(&["check", "--color", "always", "a.pp"], &dir);
    assert!(stdout(&o).contains("\u{1b}["), "{}", stdout(&o));
    let o = rein(&["check", "--color", "never", "a.pp"], &dir);
    assert!(!stdout(&o).contains('\u{1b}'), "{}", stdout(&o));
    for format in ["concise", "json", "sarif", "github", "codeclimate"] {
        let o = rein(
            &["check", "--color", "always", "--format", format, "a.pp"],
            &dir,
        );
        assert!(!stdout(&o).contains('\u{1b}'), "{format}: {}", stdout(&o));
    }
}

#[test]
fn concise_is_one_line_per_finding() {
    assert_eq!(
        stdout(&check("concise", "concise")),
        format!(
            "a.pp:1:12: warning[unrecognized_escape] Unrecognized escape sequence '\\q'
a.pp:2:1: warning[suppression_unclosed] {UNCLOSED}
a.pp:2:15: warning[suppression_unknown_rule] {UNKNOWN}
a.pp:4:22: warning[suppression_unused] {UNUSED}
b.pp:2:8: error[syntax] Not a valid octal number 08
b.pp:2:10: error[syntax] {BRACE}
"
        )
    );
}

#[test]
fn json_is_the_flat_array_with_help() {
    let o = check("json", "json");
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(
        v,
        json!([
            {"file": "a.pp", "line": 1, "column": 12, "end_line": 1, "end_column": 12,
             "rule": "unrecognized_escape", "severity": "warning",
             "message": "Unrecognized escape sequence '\\q'"},
            {"file": "a.pp", "line": 2, "column": 1, "end_line": 2, "end_column": 25,
             "rule": "suppression_unclosed", "severity": "warning", "message": UNCLOSED,
             "help": UNCLOSED_HELP},
            {"file": "a.pp", "line": 2, "column": 15, "end_line": 2, "end_column": 25,
             "rule": "suppression_unknown_rule", "severity": "warning", "message": UNKNOWN,
             "help": UNKNOWN_HELP},
            {"file": "a.pp", "line": 4, "column": 22, "end_line": 4, "end_column": 41,
             "rule": "suppression_unused", "severity": "warning", "message": UNUSED,
             "help": UNUSED_HELP},
            {"file": "b.pp", "line": 2, "column": 8, "end_line": 2, "end_column": 10,
             "rule": "syntax", "severity": "error", "message": "Not a valid octal number 08"},
            {"file": "b.pp", "line": 2, "column": 10, "end_line": 2, "end_column": 10,
             "rule": "syntax", "severity": "error", "message": BRACE},
        ])
    );
    // Keys come in the documented order.
    let text = stdout(&o);
    let first = text.split("},").next().unwrap_or("");
    let keys: Vec<usize> = ["\"file\"", "\"line\"", "\"column\"", "\"end_line\""]
        .iter()
        .chain(&["\"end_column\"", "\"rule\"", "\"severity\"", "\"message\""])
        .map(|k| first.find(k).expect(k))
        .collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]), "{first}");
}

#[test]
fn github_prints_workflow_commands() {
    assert_eq!(
        stdout(&check("github", "github")),
        format!(
            "::warning file=a.pp,line=1,col=12,endLine=1,endColumn=12,title=rein unrecognized_escape::Unrecognized escape sequence '\\q'
::warning file=a.pp,line=2,col=1,endLine=2,endColumn=25,title=rein suppression_unclosed::{UNCLOSED}
::warning file=a.pp,line=2,col=15,endLine=2,endColumn=25,title=rein suppression_unknown_rule::{UNKNOWN}
::warning file=a.pp,line=4,col=22,endLine=4,endColumn=41,title=rein suppression_unused::{UNUSED}
::error file=b.pp,line=2,col=8,endLine=2,endColumn=10,title=rein syntax::Not a valid octal number 08
::error file=b.pp,line=2,col=10,endLine=2,endColumn=10,title=rein syntax::{BRACE}
"
        )
    );
}

#[test]
fn github_paths_are_relative_and_escaped() {
    let dir = project("github-paths");
    std::fs::create_dir_all(dir.join("x,y")).expect("mkdir");
    std::fs::write(dir.join("x,y/c:d.pp"), "$a = \"\\q\\n\"\n").expect("write");
    let abs = dir.join("a.pp");
    let abs = abs.to_str().expect("utf-8 temp dir");
    let o = rein(&["check", "--format", "github", "./x,y/c:d.pp", abs], &dir);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    // Both paths are named relative to the current directory (`a.pp`, `x,y/c:d.pp`), and
    // reports come in the order of those names.
    assert!(
        lines[0].starts_with("::warning file=a.pp,line=1,col=12,"),
        "{out}"
    );
    assert!(
        lines[4].starts_with("::warning file=x%2Cy/c%3Ad.pp,line=1,col=12,"),
        "{out}"
    );
}

/// A Code Climate issue; `kind` is (category, severity), `at` is (path, line).
fn codeclimate_issue(
    rule: &str,
    message: &str,
    help: Option<&str>,
    kind: (&str, &str),
    fingerprint: &Value,
    at: (&str, usize),
) -> Value {
    let ((category, severity), (path, line)) = (kind, at);
    let mut issue = json!({"type": "issue", "check_name": rule, "description": message});
    if let Some(help) = help {
        issue["content"] = json!({"body": help});
    }
    issue["categories"] = json!([category]);
    issue["severity"] = json!(severity);
    issue["fingerprint"] = fingerprint.clone();
    issue["location"] = json!({"path": path, "lines": {"begin": line, "end": line}});
    issue
}

#[test]
fn codeclimate_is_a_gitlab_code_quality_report() {
    let o = check("codeclimate", "codeclimate");
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let issues = v.as_array().expect("array");
    assert_eq!(issues.len(), 6);
    let prints: Vec<&Value> = issues.iter().map(|i| &i["fingerprint"]).collect();
    for p in &prints {
        let p = p.as_str().expect("string");
        assert_eq!(p.len(), 16, "{p}");
        assert!(p.bytes().all(|b| b.is_ascii_hexdigit()), "{p}");
    }
    let mut unique = prints.clone();
    unique.sort_by_key(|p| p.as_str());
    unique.dedup();
    assert_eq!(unique.len(), 6, "fingerprints are distinct");
    assert_eq!(
        v,
        json!([
            codeclimate_issue(
                "unrecognized_escape",
                "Unrecognized escape sequence '\\q'",
                None,
                ("Bug Risk", "minor"),
                prints[0],
                ("a.pp", 1)
            ),
            codeclimate_issue(
                "suppression_unclosed",
                UNCLOSED,
                Some(UNCLOSED_HELP),
                ("Style", "minor"),
                prints[1],
                ("a.pp", 2)
            ),
            codeclimate_issue(
                "suppression_unknown_rule",
                UNKNOWN,
                Some(UNKNOWN_HELP),
                ("Style", "minor"),
                prints[2],
                ("a.pp", 2)
            ),
            codeclimate_issue(
                "suppression_unused",
                UNUSED,
                Some(UNUSED_HELP),
                ("Style", "minor"),
                prints[3],
                ("a.pp", 4)
            ),
            codeclimate_issue(
                "syntax",
                "Not a valid octal number 08",
                None,
                ("Bug Risk", "major"),
                prints[4],
                ("b.pp", 2)
            ),
            codeclimate_issue(
                "syntax",
                BRACE,
                None,
                ("Bug Risk", "major"),
                prints[5],
                ("b.pp", 2)
            ),
        ])
    );
}

#[test]
fn codeclimate_fingerprints_survive_unrelated_edits() {
    let dir = project("fingerprints");
    let run = |dir: &Path| -> Value {
        let o = rein(&["check", "--format", "codeclimate", "a.pp"], dir);
        serde_json::from_slice(&o.stdout).expect("JSON")
    };
    std::fs::write(
        dir.join("a.pp"),
        "$a = \"\\q\\n\"\n# lint:ignore:nosuchrule\n$b = 1\n",
    )
    .expect("write");
    let before = run(&dir);
    // Lines added above, and the finding's line re-indented: same fingerprints.
    std::fs::write(
        dir.join("a.pp"),
        "$z = 0\n\n  $a = \"\\q\\n\"\n# lint:ignore:nosuchrule\n$b = 1\n",
    )
    .expect("write");
    let after = run(&dir);
    let prints = |v: &Value| -> Vec<Value> {
        v.as_array()
            .expect("array")
            .iter()
            .map(|i| i["fingerprint"].clone())
            .collect()
    };
    assert_eq!(prints(&before), prints(&after));
    assert_eq!(after[0]["location"]["lines"]["begin"], 3);
    // A change on the finding's line changes its fingerprint.
    std::fs::write(
        dir.join("a.pp"),
        "$a = \"x\\q\\n\"\n# lint:ignore:nosuchrule\n$b = 1\n",
    )
    .expect("write");
    let changed = run(&dir);
    assert_ne!(prints(&before)[0], prints(&changed)[0]);
    assert_eq!(prints(&before)[1..], prints(&changed)[1..]);
    // Two identical findings on one line get different fingerprints.
    std::fs::write(dir.join("a.pp"), "$a = \"\\q\\q\\n\"\n").expect("write");
    let twice = run(&dir);
    assert_eq!(twice.as_array().map(Vec::len), Some(2));
    assert_ne!(twice[0]["fingerprint"], twice[1]["fingerprint"]);
}

/// Checks the properties SARIF 2.1.0 requires, and that every result refers to its rule.
fn assert_sarif_shape(v: &Value) {
    assert_eq!(v["version"], "2.1.0");
    assert_eq!(
        v["$schema"],
        "https://json.schemastore.org/sarif-2.1.0.json"
    );
    let runs = v["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 1);
    let run = &runs[0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "rein");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    let rules = driver["rules"].as_array().expect("rules");
    for r in rules {
        assert!(r["id"].is_string(), "{r}");
        if let Some(help) = r.get("help") {
            assert!(help["text"].is_string(), "{r}");
        }
        for key in ["shortDescription", "fullDescription"] {
            if let Some(d) = r.get(key) {
                assert!(d["text"].is_string(), "{r}");
            }
        }
    }
    for res in run["results"].as_array().expect("results") {
        assert!(res["message"]["text"].is_string(), "{res}");
        let index = res["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[index]["id"], res["ruleId"], "{res}");
        assert!(["error", "warning"].contains(&res["level"].as_str().unwrap_or("")));
        for loc in res["locations"].as_array().expect("locations") {
            let phys = &loc["physicalLocation"];
            assert!(phys["artifactLocation"]["uri"].is_string(), "{res}");
            let region = &phys["region"];
            for key in ["startLine", "startColumn", "endLine", "endColumn"] {
                assert!(region[key].as_u64().unwrap_or(0) >= 1, "{res}");
            }
        }
    }
}

#[test]
fn sarif_is_a_sarif_2_1_0_log() {
    let o = check("sarif", "sarif");
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_sarif_shape(&v);
    let run = &v["runs"][0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    // `%SRCROOT%` is the directory rein ran in.
    let dir = project("sarif").canonicalize().expect("canonical temp dir");
    let dir = dir.to_str().expect("utf-8 temp dir");
    assert_eq!(
        run["originalUriBaseIds"],
        json!({"%SRCROOT%": {"uri": format!("file://{dir}/")}})
    );
    // Only the rules with results, in registry order, each with its page.
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    let ids: Vec<&str> = rules.iter().filter_map(|r| r["id"].as_str()).collect();
    assert_eq!(
        ids,
        [
            "syntax",
            "suppression_unknown_rule",
            "suppression_unclosed",
            "suppression_unused",
            "unrecognized_escape"
        ]
    );
    for r in rules {
        let id = r["id"].as_str().unwrap_or("");
        let doc = page(id);
        if doc.trim().is_empty() {
            assert!(r.get("help").is_none(), "{r}");
        } else {
            assert_eq!(r["help"], json!({"text": doc, "markdown": doc}), "{id}");
        }
    }
    let escape = &rules[4];
    assert_eq!(
        escape["shortDescription"]["text"],
        "A backslash escape that Puppet does not recognise; the backslash is kept."
    );
    assert_eq!(
        escape["fullDescription"]["text"],
        "Finds a backslash escape in a double-quoted string (or a heredoc with escapes switched on)\n\
         that Puppet does not recognise, such as `\"\\q\"` or `\"C:\\temp\"`."
    );
    assert_eq!(escape["defaultConfiguration"], json!({"level": "warning"}));
    assert_eq!(
        escape["properties"],
        json!({"category": "validation", "tags": ["validation"], "fixable": "none",
            "aliases": ["UNRECOGNIZED_ESCAPE"], "since": "0.1.0"})
    );
    assert_eq!(rules[0]["defaultConfiguration"], json!({"level": "error"}));
    let location = |uri: &str, line: usize, col: usize, end_line: usize, end_col: usize| {
        json!([{"physicalLocation": {
            "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"},
            "region": {"startLine": line, "startColumn": col, "endLine": end_line,
                "endColumn": end_col}}}])
    };
    assert_eq!(
        run["results"],
        json!([
            {"ruleId": "unrecognized_escape", "ruleIndex": 4, "level": "warning",
             "message": {"text": "Unrecognized escape sequence '\\q'"},
             "locations": location("a.pp", 1, 12, 1, 12)},
            {"ruleId": "suppression_unclosed", "ruleIndex": 2, "level": "warning",
             "message": {"text": UNCLOSED}, "locations": location("a.pp", 2, 1, 2, 25),
             "properties": {"help": UNCLOSED_HELP}},
            {"ruleId": "suppression_unknown_rule", "ruleIndex": 1, "level": "warning",
             "message": {"text": UNKNOWN}, "locations": location("a.pp", 2, 15, 2, 25),
             "properties": {"help": UNKNOWN_HELP}},
            {"ruleId": "suppression_unused", "ruleIndex": 3, "level": "warning",
             "message": {"text": UNUSED}, "locations": location("a.pp", 4, 22, 4, 41),
             "properties": {"help": UNUSED_HELP}},
            {"ruleId": "syntax", "ruleIndex": 0, "level": "error",
             "message": {"text": "Not a valid octal number 08"},
             "locations": location("b.pp", 2, 8, 2, 10)},
            {"ruleId": "syntax", "ruleIndex": 0, "level": "error",
             "message": {"text": BRACE}, "locations": location("b.pp", 2, 10, 2, 10)},
        ])
    );
}

#[test]
fn sarif_uris_are_relative_or_file_uris() {
    let dir = project("sarif-uris");
    std::fs::create_dir_all(dir.join("sub dir")).expect("mkdir");
    std::fs::write(dir.join("sub dir/é.pp"), "$a = \"\\q\\n\"\n").expect("write");
    let inside = dir.join("a.pp");
    let inside = inside.to_str().expect("utf-8 temp dir");
    let o = rein(
        &["check", "--format", "sarif", inside, "./sub dir/é.pp"],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_sarif_shape(&v);
    let uris: Vec<Value> = v["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| r["locations"][0]["physicalLocation"]["artifactLocation"].clone())
        .collect();
    let rel = |uri: &str| json!({"uri": uri, "uriBaseId": "%SRCROOT%"});
    assert_eq!(
        uris,
        [
            rel("a.pp"),
            rel("a.pp"),
            rel("a.pp"),
            rel("a.pp"),
            rel("sub%20dir/%C3%A9.pp")
        ]
    );
    // A file outside the current directory gets a `file://` URI.
    let sub = dir.join("sub dir");
    let o = rein(&["check", "--format", "sarif", inside], &sub);
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let loc = &v["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    let expected = format!("file://{}", inside.replace(' ', "%20"));
    assert_eq!(loc, &json!({"uri": expected}));
}

#[test]
fn machine_formats_without_findings() {
    let dir = project("clean");
    std::fs::write(dir.join("clean.pp"), "$a = 1\n").expect("write");
    let run = |format: &str| {
        let o = rein(&["check", "--format", format, "clean.pp"], &dir);
        assert_eq!(o.status.code(), Some(0));
        stdout(&o)
    };
    assert_eq!(run("concise"), "");
    assert_eq!(run("github"), "");
    assert_eq!(run("json"), "[]\n");
    assert_eq!(run("codeclimate"), "[]\n");
    assert_eq!(run("text"), "Checked 1 file: no problems found.\n");
    let v: Value = serde_json::from_str(&run("sarif")).expect("JSON");
    assert_sarif_shape(&v);
    assert_eq!(v["runs"][0]["results"], json!([]));
    assert_eq!(v["runs"][0]["tool"]["driver"]["rules"], json!([]));
}

#[test]
fn an_unknown_format_is_a_usage_error() {
    let dir = project("bad-format");
    let o = rein(&["check", "--format", "xml", "a.pp"], &dir);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(
            "[possible values: text, concise, json, sarif, github, codeclimate, puppet-lint, puppet-lint-json]"
        ),
        "{err}"
    );
}
