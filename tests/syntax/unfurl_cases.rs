//! Unfurl's merge directive keys and `eval` expressions against Unfurl itself: every case
//! of `tests/fixtures/unfurl/cases.jsonl` holds Unfurl's verdict (recorded, and re-checked
//! against the real Unfurl by `scripts/unfurl-oracle.py`) and rein's findings. rein must
//! read each key and expression exactly as Unfurl does (a key's parts; an expression's
//! segments, Unfurl's quirks included), report an error exactly where Unfurl fails or
//! misreads the text, and give the recorded findings (severity, columns, message).
//! `REIN_BLESS=1` rewrites the `rein` findings with what rein reports (review the diff).

use rein::syntax::unfurl::expr::{self, Key, Modifier, Segment, TestOp};
use rein::syntax::unfurl::merge_key::{self, KeyKind};
use rein::syntax::unfurl::{Gravity, Problem};
use serde_json::{json, Value};

const CASES: &str = "tests/fixtures/unfurl/cases.jsonl";

/// A key's verdict in the oracle's form.
fn key_verdict(key: &str, kind: &KeyKind) -> Value {
    match kind {
        KeyKind::Literal => json!({"kind": "literal"}),
        KeyKind::Strategy => json!({"kind": "strategy"}),
        KeyKind::AnchorName => json!({"kind": "anchor-name"}),
        KeyKind::BadEscape { escape, .. } => json!({
            "kind": "error",
            "message": format!("Found invalid escape {escape} in JSON pointer {}", &key[1..]),
        }),
        KeyKind::Directive(k) => json!({
            "kind": "directive",
            "maybe": k.maybe,
            "include": k.include.as_ref().map(|(s, _)| s),
            "anchor": k.anchor.as_ref().map(|(s, _)| s),
            "relative": k.relative,
            "pointer": k.pointer.iter().map(|(s, _)| s).collect::<Vec<_>>(),
            "ignored": k.ignored.as_ref().map(|r| &key[r.clone()]),
        }),
    }
}

fn reading(segments: &[Segment]) -> Value {
    Value::Array(
        segments
            .iter()
            .map(|s| {
                json!({
                    "key": match &s.key { Key::Str(k) => json!(k), Key::Int(n) => json!(n) },
                    "test": s.test.as_ref().map(|t| {
                        json!([if t.op == TestOp::Eq { "=" } else { "!=" }, t.value])
                    }),
                    "modifier": match s.modifier {
                        Modifier::None => "",
                        Modifier::Not => "!",
                        Modifier::First => "?",
                    },
                    "filters": s.filters.iter().map(|f| reading(f)).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}

/// `error 3-4: message`, with 1-based character columns (the end just after).
fn finding(text: &str, p: &Problem) -> String {
    let col = |b: usize| text.get(..b).map_or(0, |s| s.chars().count()) + 1;
    let severity = match p.gravity {
        Gravity::Error => "error",
        Gravity::Warning => "warning",
    };
    format!(
        "{severity} {}-{}: {}",
        col(p.at.start),
        col(p.at.end),
        p.message
    )
}

#[test]
fn rein_reads_keys_and_expressions_as_unfurl_does() {
    let text = std::fs::read_to_string(CASES).expect("cases");
    let bless = std::env::var_os("REIN_BLESS").is_some();
    let mut out = String::new();
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut case: Value = serde_json::from_str(line).expect("a JSON case");
        let unfurl = case["unfurl"].clone();
        let (input, ours, problems, unfurl_error) = if let Some(key) = case["key"].as_str() {
            let kind = merge_key::parse(key).expect("keys start with +");
            let problems = merge_key::problems(key, &kind);
            let error = unfurl["kind"] == "error";
            (key.to_string(), key_verdict(key, &kind), problems, error)
        } else {
            let e = case["expr"].as_str().expect("a key or an expression");
            let parsed = expr::parse(e);
            let error = !unfurl["fails"].is_null() || unfurl["misread"] == true;
            (
                e.to_string(),
                reading(&parsed.segments),
                parsed.problems,
                error,
            )
        };
        count += 1;
        let expected = if case.get("key").is_some() {
            unfurl.clone()
        } else {
            unfurl["reading"].clone()
        };
        if ours != expected {
            failures.push(format!(
                "{input:?}: rein reads {ours}\nUnfurl reads {expected}"
            ));
        }
        let rein_error = problems.iter().any(|p| p.gravity == Gravity::Error);
        if rein_error != unfurl_error {
            failures.push(format!(
                "{input:?}: rein error {rein_error}, Unfurl error {unfurl_error}"
            ));
        }
        let findings: Vec<String> = problems.iter().map(|p| finding(&input, p)).collect();
        if bless {
            case["rein"] = json!(findings);
        } else if case["rein"] != json!(findings) {
            failures.push(format!(
                "{input:?}: rein finds {findings:?}, recorded {}",
                case["rein"]
            ));
        }
        out.push_str(&serde_json::to_string(&case).expect("json"));
        out.push('\n');
    }
    if bless {
        std::fs::write(CASES, out).expect("write cases");
    }
    assert!(count >= 40, "only {count} cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
