//! Formatter fixtures: every `tests/fixtures/format/**/NAME.pp` (including the style-guide
//! fixtures under `style/`) must format to `NAME.expected.pp`, and every expected output
//! must be stable (formats to itself), reparse without errors, keep rein's PN and keep
//! every comment. `REIN_BLESS=1` rewrites the expected files.

use std::path::{Path, PathBuf};

use rein::fmt::{format_source, FormatConfig};
use rein::syntax::{self, pn};

/// The fixture inputs under `dir`: the `.pp` files that are not `.expected.pp`.
fn inputs(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut all = Vec::new();
    super::fmt_canonical::pp_files(dir, &mut all);
    out.extend(
        all.into_iter()
            .filter(|p| !p.to_string_lossy().ends_with(".expected.pp")),
    );
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

/// Fixtures whose expected output keeps code as written on purpose, so layout rules may
/// find something there: `# fmt: off` / `# fmt: skip` regions, and heredocs (the formatter
/// never moves a heredoc's body or end tag; `strict_indent` wants the end tag one level in).
const AS_WRITTEN: &[&str] = &[
    "style/fmt_skip.expected.pp",
    "basic/comments.expected.pp",
    "style/heredoc_unchanged.expected.pp",
    "basic/strings.expected.pp",
    // A hash key wider than the line, kept on its line (breaking it would misalign).
    "basic/hash_key_too_wide.expected.pp",
    // A block (a name and a hash) is printed as written.
    "basic/heredoc_body_inside_verbatim.expected.pp",
    "style/heredoc_opened_before_verbatim_code_over_lines.expected.pp",
    // Comments between a binary operator's operands: the operator or the right operand is
    // indented on the line after a comment, where `strict_indent` (as its plugin) sees no
    // operator ending the line before, and so wants the statement's level.
    "basic/comments_around_a_binary_operator.expected.pp",
];

/// Every rule about layout (category `layout`: puppet-lint's whitespace checks and the
/// plugins' `manifest_whitespace_*`, `strict_indent`, `trailing_comma`), except `80chars`
/// (the formatter's width is 140), finds nothing in the formatter's output.
#[test]
fn formatted_output_has_no_layout_findings() {
    use rein::rules::{engine, registry, Category, Level};
    let rules = engine::RuleSet::new(
        registry::all()
            .iter()
            .filter(|r| r.meta().category == Category::Layout && r.meta().name != "80chars")
            .map(|r| (*r, Level::Warning, toml::Table::new()))
            .collect(),
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/format");
    let mut files = Vec::new();
    inputs(&root, &mut files);
    let mut problems = Vec::new();
    for input in files {
        let expected = input.with_extension("expected.pp");
        if AS_WRITTEN.iter().any(|f| expected.ends_with(f)) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&expected) else {
            continue;
        };
        let parsed = syntax::parse(&text);
        for d in engine::check_file("t.pp", &parsed, &rules) {
            let line = parsed.line_index.line(d.span.start()) + 1;
            problems.push(format!(
                "{}:{line}: {} {}",
                expected.display(),
                d.rule,
                d.message
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
