//! Unfurl documents against Unfurl itself: each directory of `tests/fixtures/unfurl/docs/`
//! holds a document `main.yaml` (and the files it includes) and an `expect` file with
//! Unfurl's verdict on loading it (`unfurl: ok` or `unfurl: error: ...`, recorded and
//! re-checked against the real Unfurl by `scripts/unfurl-oracle.py`) and rein's findings
//! (`rein: LINE:COL RULE MESSAGE`, the Unfurl rules at their default levels), and, for a
//! document Unfurl loads, the document Unfurl expands it to (`expanded: JSON`). rein must
//! report an error exactly when Unfurl fails to load the document, the recorded findings,
//! and expand the document to exactly what Unfurl gives (`rein unfurl expand`), or fail to
//! expand it where Unfurl fails. `REIN_BLESS=1` rewrites the `rein:` lines (review the
//! diff).

use std::path::Path;

use rein::rules::engine::RuleSet;
use rein::rules::yaml_context::YamlKind;
use rein::rules::{yaml_engine, Severity};

const DOCS: &str = "tests/fixtures/unfurl/docs";

#[test]
fn rein_fails_the_documents_unfurl_fails_to_load() {
    let bless = std::env::var_os("REIN_BLESS").is_some();
    let rules = RuleSet::defaults();
    let mut dirs: Vec<_> = std::fs::read_dir(DOCS)
        .expect("docs")
        .map(|e| e.expect("entry").path())
        .collect();
    dirs.sort();
    let mut failures = Vec::new();
    for dir in &dirs {
        let main = dir.join("main.yaml");
        let text = std::fs::read_to_string(&main).expect("main.yaml");
        let file = rein::syntax::yaml::parse(&text);
        assert!(
            rein::syntax::unfurl::is_unfurl_document(&file),
            "{}",
            main.display()
        );
        let found =
            yaml_engine::check_yaml_file(&main, &file, &YamlKind::Unfurl, &rules, None, false);
        let lines: Vec<String> = found
            .iter()
            .filter(|d| d.rule.starts_with("unfurl_"))
            .map(|d| {
                let (line, col) = file.line_col(d.span.start());
                format!("rein: {line}:{col} {} {}", d.rule, d.message)
            })
            .collect();
        let rein_error = found
            .iter()
            .any(|d| d.rule.starts_with("unfurl_") && d.severity == Severity::Error);
        let expect_path = dir.join("expect");
        let expect = std::fs::read_to_string(&expect_path).expect("expect");
        let unfurl = expect
            .lines()
            .find(|l| l.starts_with("unfurl: "))
            .expect("an unfurl: line");
        if rein_error != unfurl.starts_with("unfurl: error") {
            failures.push(format!("{}: rein error {rein_error}, {unfurl}", name(dir)));
        }
        let expanded = expect.lines().find_map(|l| l.strip_prefix("expanded: "));
        match (rein::eval::unfurl::expand(&main, &file), expanded) {
            (Ok(v), Some(want)) if v.to_json() == want => {}
            (Err(_), None) => {}
            (got, want) => failures.push(format!(
                "{}: rein expands to {:?}\nUnfurl to {want:?}",
                name(dir),
                got.map(|v| v.to_json())
            )),
        }
        let recorded: Vec<&str> = expect.lines().filter(|l| l.starts_with("rein:")).collect();
        if bless {
            let mut out = format!("{unfurl}\n");
            if let Some(e) = expanded {
                out.push_str(&format!("expanded: {e}\n"));
            }
            for l in &lines {
                out.push_str(l);
                out.push('\n');
            }
            std::fs::write(&expect_path, out).expect("write expect");
        } else if recorded != lines {
            failures.push(format!(
                "{}: rein finds {lines:#?}\nrecorded {recorded:#?}",
                name(dir)
            ));
        }
    }
    assert!(dirs.len() >= 20, "only {} documents", dirs.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn name(dir: &Path) -> String {
    dir.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().to_string())
}
