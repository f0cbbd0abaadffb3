//! End-to-end PN/JSON dump tests: every snippet of pn-forms.md §4 is parsed with
//! `rein::syntax::parse` and printed with `to_json`/`to_pn`; the output must be exactly
//! what `puppet parser dump --no-validate` printed (tests/fixtures/dump/cases.json, extracted
//! from the tables of §4 and the snippet bytes of Appendix B). Rows where Puppet reports a
//! parse error must give a syntax error; rows where Puppet's dumper crashes must give a
//! syntax error or a `DumpError`. One test per §4 group, each listing all its failures.
//! tests/fixtures/dump/extra.json holds more printer edge cases written for rein (regexps
//! with a fixed encoding, float layouts, bignums, deep nesting, escapes), with the output
//! of `puppet parser dump` 7.23 for each.
//! Sources go through `parse_bytes`, as in `rein dump` (so a byte order mark is an error).
//!
//! Known, accepted deviations are listed in `KNOWN` with the output rein gives instead.

use rein::syntax::{parse_bytes, pn};
use serde_json::Value;

/// Cases where rein knowingly differs from Puppet, with rein's exact JSON output.
/// `"${true}"`/`"${false}"`: Puppet's lexer turns the lone boolean token into a variable
/// whose name is the boolean itself; rein's AST keeps variable names as strings.
const KNOWN: &[(&str, &str)] = &[
    (
        "S32",
        r#"{"^":["concat",{"^":["str",{"^":["var","true"]}]}]}"#,
    ),
    (
        "S72",
        r#"{"^":["concat",{"^":["str",{"^":["var","false"]}]}]}"#,
    ),
];

fn cases() -> Vec<Value> {
    let mut all = Vec::new();
    for text in [
        include_str!("../fixtures/dump/cases.json"),
        include_str!("../fixtures/dump/extra.json"),
    ] {
        match serde_json::from_str::<Value>(text) {
            Ok(Value::Array(v)) => all.extend(v),
            _ => panic!("a fixture in tests/fixtures/dump is not a JSON array"),
        }
    }
    all
}

fn field<'a>(case: &'a Value, key: &str) -> Option<&'a str> {
    case.get(key).and_then(Value::as_str)
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    (0..hex.len() / 2)
        .filter_map(|i| hex.get(2 * i..2 * i + 2))
        .filter_map(|h| u8::from_str_radix(h, 16).ok())
        .collect()
}

/// Checks one case; `Err` describes the disagreement.
fn check(case: &Value) -> Result<(), String> {
    let parsed = match (field(case, "src"), field(case, "src_hex")) {
        (Some(src), _) => parse_bytes(src.as_bytes()),
        (None, Some(hex)) => parse_bytes(&hex_bytes(hex)),
        _ => return Err("case without source".to_string()),
    };
    let errors: Vec<String> = parsed
        .errors
        .iter()
        .filter(|e| e.severity == rein::syntax::Severity::Error)
        .map(|e| format!("{} at {}..{}", e.message, e.span.start, e.span.end))
        .collect();
    match field(case, "error") {
        Some("parse") => {
            if parsed.has_errors() {
                Ok(())
            } else {
                Err(format!(
                    "Puppet: parse error `{}`; rein: no error, JSON {}",
                    field(case, "message").unwrap_or(""),
                    pn::to_json(&parsed.program)
                ))
            }
        }
        Some(_) => {
            if parsed.has_errors() || pn::try_to_json(&parsed.program).is_err() {
                Ok(())
            } else {
                Err(format!(
                    "Puppet: dumper crash `{}`; rein: no error, JSON {}",
                    field(case, "message").unwrap_or(""),
                    pn::to_json(&parsed.program)
                ))
            }
        }
        None => {
            let id = field(case, "id").unwrap_or("");
            if let Some((_, known)) = KNOWN.iter().find(|(k, _)| *k == id) {
                let json = pn::to_json(&parsed.program);
                return if json == *known && errors.is_empty() {
                    Ok(())
                } else {
                    Err(format!(
                        "known deviation changed: got {json}, errors {errors:?}"
                    ))
                };
            }
            let want_json = field(case, "json").unwrap_or("");
            let want_pn = field(case, "pn").unwrap_or("");
            if !errors.is_empty() {
                return Err(format!(
                    "rein reports errors {errors:?}\n    want JSON {want_json}"
                ));
            }
            let json = pn::try_to_json(&parsed.program).map_err(|e| e.message)?;
            let text = pn::to_pn(&parsed.program);
            let mut diffs = Vec::new();
            if json != want_json {
                diffs.push(format!("want JSON {want_json}\n    got  JSON {json}"));
            }
            if text != want_pn {
                diffs.push(format!("want PN {want_pn}\n    got  PN {text}"));
            }
            if diffs.is_empty() {
                Ok(())
            } else {
                Err(diffs.join("\n    "))
            }
        }
    }
}

fn run_group(group: &str) {
    let all = cases();
    let mut total = 0;
    let mut failures = Vec::new();
    for case in all.iter().filter(|c| field(c, "group") == Some(group)) {
        let needs_tasks = case
            .get("flags")
            .and_then(Value::as_array)
            .is_some_and(|f| f.iter().any(|x| x.as_str() == Some("tasks")));
        if needs_tasks {
            continue;
        }
        total += 1;
        let id = field(case, "id").unwrap_or("?");
        // Each case runs on its own big-stack thread so that a panic or a deep input in
        // one case cannot hide the results of the others.
        let case2 = case.clone();
        let result = std::thread::Builder::new()
            .stack_size(64 * 1024 * 1024)
            .spawn(move || check(&case2))
            .map(|h| h.join());
        let outcome = match result {
            Ok(Ok(r)) => r,
            Ok(Err(_)) => Err("panicked".to_string()),
            Err(e) => Err(format!("could not spawn thread: {e}")),
        };
        if let Err(why) = outcome {
            let src = field(case, "src")
                .map(|s| format!("{s:?}"))
                .unwrap_or_else(|| "<bytes>".to_string());
            failures.push(format!("{id} {src}\n    {why}"));
        }
    }
    assert!(total > 0, "no cases in group {group}");
    assert!(
        failures.is_empty(),
        "{} of {} `{}` snippets disagree with Puppet:\n{}",
        failures.len(),
        total,
        group,
        failures.join("\n")
    );
}

#[test]
fn program_structure() {
    run_group("program");
}

#[test]
fn literals() {
    run_group("literals");
}

#[test]
fn names_and_variables() {
    run_group("names");
}

#[test]
fn strings_and_interpolation() {
    run_group("strings");
}

#[test]
fn heredocs() {
    run_group("heredocs");
}

#[test]
fn collections_and_access() {
    run_group("collections");
}

#[test]
fn operators() {
    run_group("operators");
}

#[test]
fn control_flow() {
    run_group("control");
}

#[test]
fn calls_and_lambdas() {
    run_group("calls");
}

#[test]
fn catalog_expressions() {
    run_group("catalog");
}

#[test]
fn definitions() {
    run_group("definitions");
}

#[test]
fn errors_crashes_and_edge_cases() {
    run_group("errors");
}

#[test]
fn epp_and_task_keywords() {
    run_group("epp");
}

#[test]
fn printer_edge_cases() {
    run_group("extra");
}
