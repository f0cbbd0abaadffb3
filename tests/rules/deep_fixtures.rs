//! Deep checks against `puppet apply`: every `tests/fixtures/deep/X.pp` has an `X.expect`
//! recording what `puppet apply --noop --strict_variables` (Puppet 7.23, module path
//! `tests/fixtures/deep/modules`) said about it (`apply:` lines: its `Error:` and
//! `Warning:` lines, or `apply: clean`), and the findings rein must report
//! (`rein: RULE LINE`). `scripts/check-deep-fixtures.sh` re-runs Puppet on them.
//!
//! Checked here, with every rule at its default level and the same module path:
//! - rein's findings of deep rules are exactly the `rein:` lines;
//! - when Puppet reports an error on line N, rein has an error on line N;
//! - when Puppet compiles the manifest cleanly, rein has no error (warnings are allowed).
//!
//! `REIN_BLESS=1` rewrites the `rein:` lines with what rein reports (review the diff).

use std::path::{Path, PathBuf};

use rein::diagnostics::Severity;
use rein::eval::project::Project;
use rein::rules::engine::{self, RuleSet};
use rein::rules::{registry, Category};

use crate::expect::{puppet_lines, rein_line};

#[derive(Debug, Default)]
struct Expect {
    apply: Vec<String>,
    rein: Vec<(String, usize)>,
}

fn parse_expect(text: &str) -> Result<Expect, String> {
    let mut e = Expect::default();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("rein:") {
            e.rein.push(rein_line(line, rest)?);
        } else if let Some(rest) = line.strip_prefix("apply:") {
            e.apply.push(rest.trim().to_string());
        } else if !line.trim().is_empty() {
            return Err(format!("unexpected line {line:?}"));
        }
    }
    if e.apply.is_empty() {
        return Err("no `apply:` line".into());
    }
    Ok(e)
}

#[test]
fn deep_rules_agree_with_puppet_apply() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/deep");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pp"))
        .collect();
    files.sort();
    assert!(files.len() >= 30, "only {} deep fixtures", files.len());
    let rules = RuleSet::defaults();
    let mut problems = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let expect = match std::fs::read_to_string(f.with_extension("expect"))
            .map_err(|e| e.to_string())
            .and_then(|t| parse_expect(&t))
        {
            Ok(e) => e,
            Err(e) => {
                problems.push(format!("{name}: {e}"));
                continue;
            }
        };
        let source = std::fs::read_to_string(f).unwrap();
        let parsed = rein::syntax::parse(&source);
        assert!(!parsed.has_errors(), "{name} does not parse");
        let mut project = Project::of(&parsed.program);
        project.modulepath = vec![root.join("modules")];
        let path = f.to_string_lossy().to_string();
        let found: Vec<(String, usize, Severity)> =
            engine::check_file_in(&path, &parsed, &rules, false, Some(&project))
                .into_iter()
                .filter(|d| {
                    registry::find(d.rule).is_some_and(|r| r.meta().category == Category::Deep)
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
        if std::env::var_os("REIN_BLESS").is_some() {
            // Rewrites the `rein:` lines with what rein reports (review the diff).
            let mut text: String = expect
                .apply
                .iter()
                .map(|a| format!("apply: {a}\n"))
                .collect();
            for (r, l) in &got {
                text.push_str(&format!("rein: {r} {l}\n"));
            }
            std::fs::write(f.with_extension("expect"), text).unwrap();
        } else if got != expect.rein {
            problems.push(format!(
                "{name}: rein reports {got:?}, expected {:?}",
                expect.rein
            ));
        }
        let errors: Vec<usize> = found
            .iter()
            .filter(|(_, _, s)| *s == Severity::Error)
            .map(|(_, l, _)| *l)
            .collect();
        if expect.apply == ["clean"] {
            if !errors.is_empty() {
                problems.push(format!(
                    "{name}: Puppet compiles it cleanly; rein has errors on lines {errors:?}"
                ));
            }
            continue;
        }
        for msg in &expect.apply {
            if !msg.starts_with("Error:") {
                continue;
            }
            let lines = puppet_lines(msg);
            if !lines.is_empty() && !lines.iter().any(|l| errors.contains(l)) {
                problems.push(format!(
                    "{name}: Puppet says {msg:?}; rein has no error on lines {lines:?}"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn expectation_lines_are_read() {
    let e = parse_expect(
        "apply: Error: Evaluation Error: x (file: a.pp, line: 3, column: 7)\nrein: rule_a 3\n",
    )
    .unwrap();
    assert_eq!(puppet_lines(&e.apply[0]), vec![3]);
    assert_eq!(e.rein, vec![("rule_a".to_string(), 3)]);
    assert!(parse_expect("rein: a 1\n").is_err());
    assert!(parse_expect("apply: clean\nnoise\n").is_err());
}
