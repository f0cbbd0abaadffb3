//! Formatter fixtures: every `tests/fixtures/format/**/NAME.pp` (including the style-guide
//! fixtures under `style/`) must format to `NAME.expected.pp`, and every expected output
//! must be stable (formats to itself), reparse without errors, keep rein's PN and keep
//! every comment. `REIN_BLESS=1` rewrites the expected files.

use std::path::{Path, PathBuf};

use rein::fmt::{format_source, FormatConfig};
use rein::syntax::{self, pn};

fn inputs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            inputs(&p, out);
        } else if p.to_string_lossy().ends_with(".pp")
            && !p.to_string_lossy().ends_with(".expected.pp")
        {
            out.push(p);
        }
    }
}

fn comments(src: &str) -> Vec<String> {
    let p = syntax::parse(src);
    p.comments
        .iter()
        .map(|c| src[c.span.start()..c.span.end()].trim_end().to_string())
        .collect()
}

#[test]
fn format_fixtures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/format");
    let mut files = Vec::new();
    inputs(&root, &mut files);
    assert!(files.len() >= 5, "fixtures not found");
    let bless = std::env::var_os("REIN_BLESS").is_some();
    let cfg = FormatConfig::default();
    let mut failures = Vec::new();
    for input in &files {
        let name = input.display().to_string();
        let src = std::fs::read_to_string(input).unwrap();
        let expected_path = PathBuf::from(name.replace(".pp", ".expected.pp"));
        let out = match format_source(&src, &cfg, true) {
            Ok(o) => o,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        if bless {
            std::fs::write(&expected_path, &out).unwrap();
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if out != expected {
            failures.push(format!(
                "{name}: output differs from expected:\n--- got\n{out}--- want\n{expected}"
            ));
        }
        // The expected output is stable, parses, and means the same.
        match format_source(&expected, &cfg, true) {
            Ok(again) if again == expected => {}
            Ok(again) => failures.push(format!("{name}: expected output not stable:\n{again}")),
            Err(e) => failures.push(format!("{name}: expected output fails: {e}")),
        }
        let a = syntax::parse(&src);
        let b = syntax::parse(&expected);
        if b.has_errors() {
            failures.push(format!("{name}: expected output has syntax errors"));
        }
        if pn::to_pn(&a.program) != pn::to_pn(&b.program) {
            failures.push(format!(
                "{name}: PN differs between input and expected output"
            ));
        }
        if comments(&src) != comments(&expected) {
            failures.push(format!(
                "{name}: comments differ between input and expected output"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
