//! The formatter's output does not depend on indentation: `rein fmt` of a copy of a
//! manifest with the leading blanks of every code line removed (lines that start inside a
//! string, a heredoc or a `/* */` comment are left alone, so the syntax tree stays the
//! same) gives exactly the formatted original. Checked on every formatter fixture, and on
//! real manifests when `REIN_FMT_CORPUS` names directories (`:`-separated); CI runs it on
//! Debian's Puppet modules:
//!
//! ```sh
//! REIN_FMT_CORPUS=/usr/share/puppet/modules.available \
//!   cargo test --release --test rules fmt_canonical -- --nocapture
//! ```

use std::path::{Path, PathBuf};

use rein::fmt::{format_source, FormatConfig};
use rein::syntax::{self, pn, visit, CommentKind, Expr, ExprKind, ParsedFile};

/// Fixtures whose expected output keeps code as written (`# fmt: off` regions and
/// `# fmt: skip` statements keep their indentation too).
const AS_WRITTEN: &[&str] = &[
    "style/fmt_off_on",
    "style/fmt_skip",
    "basic/comments",
    "style/fmt_off_region_ends_inside_a_statement",
    "basic/heredoc_body_inside_verbatim",
    "style/heredoc_opened_before_verbatim_code_over_lines",
];

/// The spans of the literals a line may start inside: strings, regexes, heredoc bodies
/// and `/* */` comments.
fn literal_spans(p: &ParsedFile) -> Vec<(usize, usize)> {
    fn walk(e: &Expr, out: &mut Vec<(usize, usize)>) {
        match &e.kind {
            ExprKind::String { .. } | ExprKind::Concat(_) | ExprKind::Regex { .. } => {
                out.push((e.span.start(), e.span.end()));
            }
            // The body starts at the start of a line: that line is inside too.
            ExprKind::Heredoc(h) => out.push((h.text.span.start() - 1, h.text.span.end())),
            _ => {}
        }
        visit::for_each_child(e, &mut |c, _| walk(c, out));
    }
    let mut out = Vec::new();
    for e in &p.program.body {
        walk(e, &mut out);
    }
    for c in &p.comments {
        if c.kind == CommentKind::Block {
            out.push((c.span.start(), c.span.end()));
        }
    }
    out
}

/// `src` with the leading blanks of every line that starts in code removed; `None` when
/// it does not parse.
fn strip_indentation(src: &str) -> Option<String> {
    let parsed = syntax::parse(src);
    if parsed.has_errors() {
        return None;
    }
    let spans = literal_spans(&parsed);
    let mut out = String::with_capacity(src.len());
    let mut start = 0;
    for line in src.split_inclusive('\n') {
        let inside = spans.iter().any(|&(a, b)| a < start && start < b);
        out.push_str(if inside {
            line
        } else {
            line.trim_start_matches([' ', '\t'])
        });
        start += line.len();
    }
    Some(out)
}

/// Why `src` fails the check (a file that does not parse passes: there is nothing to
/// format).
fn check(src: &str) -> Result<(), String> {
    let cfg = FormatConfig::default();
    let Some(stripped) = strip_indentation(src) else {
        return Ok(());
    };
    let a = syntax::parse(src);
    let b = syntax::parse(&stripped);
    if pn::to_pn(&a.program) != pn::to_pn(&b.program) {
        return Err("stripping the indentation changed the syntax tree".to_string());
    }
    let want = format_source(src, &cfg, true).map_err(|e| format!("original: {e}"))?;
    let got = format_source(&stripped, &cfg, true).map_err(|e| format!("stripped: {e}"))?;
    if got == want {
        return Ok(());
    }
    let (n, (w, g)) = want
        .lines()
        .zip(got.lines())
        .enumerate()
        .find(|(_, (w, g))| w != g)
        .unwrap_or((want.lines().count().min(got.lines().count()), ("", "")));
    Err(format!(
        "formatted output differs at line {}:\n  original: {w:?}\n  stripped: {g:?}",
        n + 1
    ))
}

/// The `.pp` files under `dir`, sorted, without `vendor/` and `spec/fixtures/`.
pub(crate) fn pp_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if p.is_dir() {
            let fixtures = name == "fixtures" && dir.ends_with("spec");
            if name != "vendor" && !fixtures {
                pp_files(&p, out);
            }
        } else if name.ends_with(".pp") {
            out.push(p);
        }
    }
}

#[test]
fn stripped_indentation_is_restored() {
    assert_eq!(
        strip_indentation("class a {\n  $x = \"a\n  b\"\n    notice($x)\n}\n").as_deref(),
        Some("class a {\n$x = \"a\n  b\"\nnotice($x)\n}\n")
    );
    assert_eq!(check("class a {\n      $x = 1\n notice($x)\n}\n"), Ok(()));
}

#[test]
fn fixtures_format_the_same_without_indentation() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/format");
    let mut files = Vec::new();
    pp_files(&root, &mut files);
    assert!(files.len() > 100, "fixtures not found");
    let mut failures = Vec::new();
    for f in files {
        let rel = f.strip_prefix(&root).unwrap_or(&f).to_string_lossy();
        if AS_WRITTEN.iter().any(|w| rel.starts_with(w)) {
            continue;
        }
        let src = std::fs::read_to_string(&f).unwrap();
        if let Err(e) = check(&src) {
            failures.push(format!("{rel}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn corpus_formats_the_same_without_indentation() {
    let Some(dirs) = std::env::var_os("REIN_FMT_CORPUS") else {
        println!("REIN_FMT_CORPUS not set: no corpus checked");
        return;
    };
    let mut files = Vec::new();
    for d in std::env::split_paths(&dirs) {
        assert!(
            d.is_dir(),
            "REIN_FMT_CORPUS: {} is not a directory",
            d.display()
        );
        pp_files(&d, &mut files);
    }
    let mut failures = Vec::new();
    let mut checked = 0;
    for f in &files {
        let Ok(src) = std::fs::read_to_string(f) else {
            continue;
        };
        if strip_indentation(&src).is_none() {
            continue;
        }
        checked += 1;
        if let Err(e) = check(&src) {
            failures.push(format!("{}: {e}", f.display()));
        }
    }
    println!(
        "{} files, {checked} parsed and checked, {} differ",
        files.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
