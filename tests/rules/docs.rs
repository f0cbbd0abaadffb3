//! Docs as tests: every rule's page `rules/<name>.md` is checked against the rule.
//!
//! - every registered rule has a page and every page belongs to a registered rule; the page
//!   is the one compiled into the binary; its title is the rule's name; it has the sections
//!   "What it does", "Why it matters", "Examples", "Options", "Reference";
//! - each ```` ```puppet bad ```` block yields exactly one finding of the rule, each
//!   ```` ```puppet good ```` block none, and each ```` ```puppet fixed ```` block equals the
//!   preceding bad block after applying that finding's fix;
//! - a block whose info string has the word `noeol` is the file without its last line end;
//! - a block with `path=...epp` is an EPP template (parsed with the EPP grammar);
//! - blocks of every rule but `syntax` parse without error (rules do not run on broken files).
//!
//! All rules run at their default level (a rule that is off by default is switched on at
//! warning level), as `rein check` would, and only the page's rule's findings count.

use std::collections::BTreeSet;
use std::path::Path;

use rein::rules::engine::{self, RuleSet};
use rein::rules::yaml_context::YamlKind;
use rein::rules::{fix, registry, yaml_engine, Diagnostic, Level};

#[derive(Debug)]
struct Block {
    /// `puppet` or `yaml`.
    lang: String,
    kind: String,
    path: Option<String>,
    text: String,
    line: usize,
}

fn blocks(doc: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = doc.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let words: Vec<&str> = info.split_whitespace().collect();
        let mut text = String::new();
        for (_, l) in lines.by_ref() {
            if l.starts_with("```") {
                break;
            }
            text.push_str(l);
            text.push('\n');
        }
        if !matches!(words.first(), Some(&"puppet") | Some(&"yaml")) {
            continue;
        }
        // `noeol`: the example is a file whose last line has no line end.
        if words.contains(&"noeol") {
            text.pop();
        }
        out.push(Block {
            lang: words.first().unwrap_or(&"").to_string(),
            kind: words.get(1).unwrap_or(&"").to_string(),
            path: words
                .iter()
                .find_map(|w| w.strip_prefix("path="))
                .map(str::to_string),
            text,
            line: i + 1,
        });
    }
    out
}

fn rule_set_for(name: &str) -> RuleSet {
    RuleSet::new(
        registry::all()
            .iter()
            .map(|r| {
                let m = r.meta();
                let level = if m.name == name && m.level == Level::Off {
                    Level::Warning
                } else {
                    m.level
                };
                (*r, level, toml::Table::new())
            })
            .collect(),
    )
}

/// The block parsed as the file it stands for (a template when its `path=` ends in `.epp`).
fn parse(block: &Block) -> rein::syntax::ParsedFile {
    let path = block.path.as_deref().unwrap_or("example.pp");
    rein::syntax::parse_file_bytes(Path::new(path), block.text.as_bytes())
}

fn findings(name: &str, block: &Block, rules: &RuleSet, context: &[&Block]) -> Vec<Diagnostic> {
    if block.lang == "yaml" {
        return yaml_findings(block, rules, context)
            .into_iter()
            .filter(|d| d.rule == name)
            .collect();
    }
    let parsed = parse(block);
    let path = block.path.as_deref().unwrap_or("example.pp");
    engine::check_file(path, &parsed, rules)
        .into_iter()
        .filter(|d| d.rule == name)
        .collect()
}

/// The findings of a YAML example, checked as the file its `path=` names (default
/// `data/common.yaml`) in a module `ntp` made in a temporary directory with the page's
/// `context` blocks (its manifests) and, unless the example is one, a `hiera.yaml` v5.
fn yaml_findings(block: &Block, rules: &RuleSet, context: &[&Block]) -> Vec<Diagnostic> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("rein-docs-{}-{n}", std::process::id()));
    let module = dir.join("ntp");
    let rel = block.path.as_deref().unwrap_or("data/common.yaml");
    let write = |rel: &str, text: &str| {
        let p = module.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    write("hiera.yaml", "---\nversion: 5\n");
    write("manifests/init.pp", "class ntp {}\n");
    for c in context {
        write(c.path.as_deref().unwrap_or("manifests/init.pp"), &c.text);
    }
    write(rel, &block.text);
    let path = module.join(rel);
    let kind = if rel == "hiera.yaml" {
        YamlKind::HieraConfig
    } else if rel.starts_with("data/") {
        YamlKind::HieraData {
            config: module.join("hiera.yaml"),
        }
    } else if rein::syntax::unfurl::is_unfurl_document(&rein::syntax::yaml::parse(&block.text)) {
        YamlKind::Unfurl
    } else {
        YamlKind::Plain
    };
    let file = rein::syntax::yaml::parse(&block.text);
    let mut project = rein::eval::project::Project::default();
    project.roots = vec![dir.clone()];
    let found = yaml_engine::check_yaml_file(&path, &file, &kind, rules, Some(&project), false);
    std::fs::remove_dir_all(&dir).unwrap();
    found
}

#[test]
fn every_rule_has_its_page_and_every_page_a_rule() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = BTreeSet::new();
    for entry in std::fs::read_dir(root.join("rules")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.insert(path.file_stem().unwrap().to_string_lossy().to_string());
        }
    }
    let mut problems = Vec::new();
    for rule in registry::all() {
        let m = rule.meta();
        if !pages.remove(m.name) {
            problems.push(format!("rule {} has no page rules/{}.md", m.name, m.name));
            continue;
        }
        let on_disk =
            std::fs::read_to_string(root.join("rules").join(format!("{}.md", m.name))).unwrap();
        if on_disk != m.doc {
            problems.push(format!(
                "rule {}: its `doc` is not rules/{}.md",
                m.name, m.name
            ));
        }
    }
    for p in pages {
        problems.push(format!("rules/{p}.md belongs to no registered rule"));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_page_has_the_sections() {
    let mut problems = Vec::new();
    for rule in registry::all() {
        let m = rule.meta();
        let first = m.doc.lines().next().unwrap_or("");
        if first != format!("# {}", m.name) {
            problems.push(format!("{}: first line is {first:?}", m.name));
        }
        for section in [
            "## What it does",
            "## Why it matters",
            "## Examples",
            "## Options",
            "## Reference",
        ] {
            if !m.doc.lines().any(|l| l == section) {
                problems.push(format!("{}: no `{section}` section", m.name));
            }
        }
        if m.summary.is_empty() || m.summary.contains('\n') {
            problems.push(format!("{}: summary must be one line", m.name));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_example_behaves_as_documented() {
    let mut problems = Vec::new();
    let mut counted = 0;
    for rule in registry::all() {
        let m = rule.meta();
        let rules = rule_set_for(m.name);
        let bs = blocks(m.doc);
        let context: Vec<&Block> = bs.iter().filter(|b| b.kind == "context").collect();
        if !bs.iter().any(|b| b.kind == "bad") || !bs.iter().any(|b| b.kind == "good") {
            problems.push(format!(
                "{}: needs at least one `puppet bad` and one `puppet good` block",
                m.name
            ));
        }
        let mut previous_bad: Option<(&Block, Vec<Diagnostic>)> = None;
        for b in &bs {
            let at = format!("rules/{}.md:{}", m.name, b.line);
            let broken = match b.lang.as_str() {
                "yaml" => {
                    let f = rein::syntax::yaml::parse(&b.text);
                    f.error.is_some() || !f.tabs.is_empty()
                }
                _ => parse(b).has_errors(),
            };
            if !matches!(m.name, "syntax" | "yaml_syntax" | "yaml_tab") && broken {
                problems.push(format!("{at}: the example does not parse"));
                continue;
            }
            counted += 1;
            match b.kind.as_str() {
                "bad" => {
                    let found = findings(m.name, b, &rules, &context);
                    if found.len() != 1 {
                        problems.push(format!(
                            "{at}: expected exactly one finding, got {}: {:?}",
                            found.len(),
                            found.iter().map(|d| &d.message).collect::<Vec<_>>()
                        ));
                    }
                    previous_bad = Some((b, found));
                }
                "good" => {
                    let found = findings(m.name, b, &rules, &context);
                    if !found.is_empty() {
                        problems.push(format!(
                            "{at}: expected no finding, got {:?}",
                            found.iter().map(|d| &d.message).collect::<Vec<_>>()
                        ));
                    }
                    previous_bad = None;
                }
                "fixed" => match previous_bad.take() {
                    None => problems.push(format!("{at}: a fixed block must follow a bad block")),
                    Some((bad, found)) => {
                        if found.iter().all(|d| d.fix.is_none()) {
                            problems.push(format!("{at}: the bad example's finding has no fix"));
                            continue;
                        }
                        let applied = fix::apply(&bad.text, &found, true);
                        if applied.text != b.text {
                            problems.push(format!(
                                "{at}: fix gives\n{}\nexpected\n{}",
                                applied.text, b.text
                            ));
                        }
                    }
                },
                "context" => {}
                other => problems.push(format!("{at}: unknown block kind {other:?}")),
            }
        }
    }
    assert!(counted > 0);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
