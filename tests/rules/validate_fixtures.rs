//! Validation rules against Puppet's validator: every `tests/fixtures/validate/**/X.pp` has an
//! `X.expect` next to it recording what `puppet parser validate` (Puppet 7.23) said about it
//! (`puppet:` followed by its output lines, or `accepts`), optionally what `puppet apply`
//! said (`apply:`), and the findings rein must report (`rein: RULE LINE`, one per finding).
//!
//! Checked here, with every rule at its default level and the fixture's path relative to
//! `tests/fixtures/validate` (so `modules/m/manifests/init.pp` is in module `m`):
//! - rein's findings of validation and syntax rules (and of the deep rules in `DEEP_HERE`)
//!   are exactly the `rein:` lines;
//! - each is at the rule's default severity;
//! - each `Error:` line of Puppet with `line: N` has a rein error on line N, and each
//!   `Warning:` line a rein finding on line N (lines without a `file:` are about code
//!   embedded in a heredoc, and are left out);
//! - each `heredoc_syntax` finding has Puppet's message (but for the wording of a syntax
//!   error in embedded Puppet code, which is rein's parser's).

use std::path::{Path, PathBuf};

use rein::diagnostics::Severity;
use rein::rules::engine::{self, RuleSet};
use rein::rules::{registry, Category};

use crate::expect::{puppet_lines, rein_line};

fn fixtures(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries {
        let p = e.unwrap().path();
        if p.is_dir() {
            fixtures(&p, out);
        } else if p.extension().is_some_and(|x| x == "pp") {
            out.push(p);
        }
    }
}

/// The deep rules whose fixtures are here; the others are held to `puppet apply` in
/// `tests/fixtures/deep` (`tests/rules/deep_fixtures.rs`).
const DEEP_HERE: &[&str] = &["unknown_attribute", "missing_required_parameter"];

#[derive(Debug, Default)]
struct Expect {
    puppet: Vec<String>,
    rein: Vec<(String, usize)>,
}

fn parse_expect(text: &str) -> Result<Expect, String> {
    let mut e = Expect::default();
    let mut in_puppet = false;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("rein:") {
            in_puppet = false;
            e.rein.push(rein_line(line, rest)?);
        } else if let Some(rest) = line.strip_prefix("puppet:") {
            in_puppet = true;
            e.puppet.push(rest.trim().to_string());
        } else if line.starts_with("apply:") {
            in_puppet = false;
        } else if in_puppet {
            e.puppet.push(line.trim().to_string());
        }
    }
    if e.puppet.is_empty() {
        return Err("no `puppet:` line".into());
    }
    Ok(e)
}

/// The (last) `line: N` of a Puppet message.
fn puppet_line(msg: &str) -> Option<usize> {
    puppet_lines(msg).last().copied()
}

#[test]
fn validation_rules_agree_with_puppet() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validate");
    let mut files = Vec::new();
    fixtures(&root, &mut files);
    files.sort();
    let rules = RuleSet::defaults();
    let mut problems = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let expect_path = f.with_extension("expect");
        let expect = match std::fs::read_to_string(&expect_path)
            .map_err(|e| e.to_string())
            .and_then(|t| parse_expect(&t))
        {
            Ok(e) => e,
            Err(e) => {
                problems.push(format!("{rel}: {}: {e}", expect_path.display()));
                continue;
            }
        };
        let source = std::fs::read_to_string(f).unwrap();
        let parsed = rein::syntax::parse(&source);
        let found: Vec<(String, usize, Severity)> = engine::check_file(&rel, &parsed, &rules)
            .into_iter()
            .filter(|d| {
                registry::find(d.rule).is_some_and(|r| match r.meta().category {
                    Category::Validation | Category::Syntax => true,
                    Category::Deep => DEEP_HERE.contains(&d.rule),
                    _ => false,
                })
            })
            .map(|d| {
                (
                    d.rule.to_string(),
                    parsed.line_index.line(d.span.start()),
                    d.severity,
                )
            })
            .collect();
        let got: Vec<(String, usize)> = found.iter().map(|(r, l, _)| (r.clone(), *l)).collect();
        if got != expect.rein {
            problems.push(format!(
                "{rel}: rein reports {got:?}, expected {:?}",
                expect.rein
            ));
        }
        for (rule, line, severity) in &found {
            let Some(r) = registry::find(rule) else {
                continue;
            };
            if r.meta().level.severity() != Some(*severity) {
                problems.push(format!("{rel}:{line}: {rule} is not at its default level"));
            }
        }
        for msg in &expect.puppet {
            let Some(line) = puppet_line(msg).filter(|_| msg.contains("(file: ")) else {
                continue;
            };
            let ok = if msg.starts_with("Error:") {
                found
                    .iter()
                    .any(|(_, l, s)| *l == line && *s == Severity::Error)
            } else if msg.starts_with("Warning:") {
                found.iter().any(|(_, l, _)| *l == line)
            } else {
                true
            };
            if !ok {
                problems.push(format!(
                    "{rel}: Puppet says {msg:?}; rein has no finding on line {line} at that level"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Puppet's message in one of its `Error:` lines: without the prefixes and the position.
fn puppet_message(line: &str) -> &str {
    let m = line.trim_start_matches("Error: ");
    let m = m.trim_start_matches("Could not parse for environment production: ");
    m.rfind(" (file: ").map_or(m, |at| &m[..at])
}

#[test]
fn heredoc_checkers_word_their_findings_as_puppet() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validate");
    let rules = RuleSet::only("heredoc_syntax", rein::rules::Level::Error);
    let mut checked = 0;
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(&root).unwrap() {
        let f = entry.unwrap().path();
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("heredoc_") || !name.ends_with(".pp") {
            continue;
        }
        let expect =
            parse_expect(&std::fs::read_to_string(f.with_extension("expect")).unwrap()).unwrap();
        let parsed = rein::syntax::parse(&std::fs::read_to_string(&f).unwrap());
        for d in engine::check_file(&name, &parsed, &rules) {
            let line = parsed.line_index.line(d.span.start());
            let Some(puppet) = expect
                .puppet
                .iter()
                .find(|m| m.contains("(file: ") && puppet_line(m) == Some(line))
            else {
                continue;
            };
            let want = puppet_message(puppet);
            if want.contains("PP syntax checker: \"Syntax error") {
                continue;
            }
            checked += 1;
            if d.message != want {
                problems.push(format!(
                    "{name}:{line}: rein says\n  {}\nPuppet says\n  {want}",
                    d.message
                ));
            }
        }
    }
    assert!(checked >= 5, "only {checked} heredoc messages compared");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn expectation_lines_are_read() {
    let e = parse_expect(
        "puppet: Error: Could not parse: x (file: /t/a.pp, line: 3, column: 7)\nError: y (file: /t/a.pp, line: 4, column: 1)\nrein: rule_a 3\nrein: rule_b 4\n",
    )
    .unwrap();
    assert_eq!(e.puppet.len(), 2);
    assert_eq!(puppet_line(&e.puppet[1]), Some(4));
    assert_eq!(
        e.rein,
        vec![("rule_a".to_string(), 3), ("rule_b".to_string(), 4)]
    );
    assert!(parse_expect("rein: a 1\n").is_err());
}
