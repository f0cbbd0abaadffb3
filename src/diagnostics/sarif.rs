//! The `sarif` format: a SARIF 2.1.0 log with one run, for code scanning tools (GitHub code
//! scanning, GitLab, IDE viewers).
//!
//! - `tool.driver`: `name` "rein", `version` and `semanticVersion` the crate's version,
//!   `informationUri` the crate's homepage or repository (when `Cargo.toml` names one), and
//!   `rules`: a `reportingDescriptor` for **each rule that has a result in this log** (not
//!   every registered rule: a full catalogue would repeat every documentation page in every
//!   log), in registry order. A descriptor has the rule's `id`, `shortDescription` (its
//!   summary), `fullDescription` (the "What it does" section of its page), `help` (the
//!   whole page, as text and Markdown; absent while the page is empty), `helpUri` (the page
//!   in the repository, when `Cargo.toml` names one), `defaultConfiguration.level` and
//!   `properties`: `category`, `tags` (`[category]`), `fixable` (`none`, `safe` or
//!   `unsafe`), `puppetLint` (the puppet-lint check it implements, when there is one),
//!   `aliases` and `since`.
//! - `originalUriBaseIds` says where `%SRCROOT%` is: the current directory, as a `file://`
//!   URI (GitHub code scanning ignores it; local SARIF viewers use it to open the files).
//! - `columnKind` is `unicodeCodePoints`: columns count characters, as everywhere in rein.
//! - `results`, in file, line, column order: `ruleId`, `ruleIndex` (into `rules`), `level`
//!   (`error` or `warning`), `message.text`, one location with
//!   `physicalLocation.artifactLocation` (`uri`: the path relative to the current directory
//!   with `uriBaseId` `%SRCROOT%`, or a `file://` URI for a file outside it) and `region`
//!   (`startLine`, `startColumn`, `endLine`, `endColumn`; the end column is the one just after
//!   the finding), `relatedLocations` when the finding involves other places (the first
//!   declaration of a duplicate: `id`, `physicalLocation` with `startLine` and `startColumn`,
//!   `message.text`), `fixes` when the finding has a fix (one `artifactChange` whose
//!   `replacements` are the fix's edits), and `properties.help` when the rule gave help.

use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;

use super::{report_path, FileReport, Finding, FindingEdit, Severity};
use crate::rules::{registry, Applicability, FixKind, Level, RuleMeta};

/// The URI of the SARIF 2.1.0 JSON schema.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The `uriBaseId` of relative artifact locations: the directory rein ran in.
pub const SRCROOT: &str = "%SRCROOT%";

#[derive(Debug, Serialize)]
struct Log<'a> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: Vec<Run<'a>>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Run<'a> {
    tool: Tool,
    #[serde(skip_serializing_if = "Option::is_none")]
    original_uri_base_ids: Option<BaseIds>,
    column_kind: &'static str,
    results: Vec<SarifResult<'a>>,
}

/// `originalUriBaseIds`: where `%SRCROOT%` is.
#[derive(Debug, Serialize)]
struct BaseIds {
    #[serde(rename = "%SRCROOT%")]
    srcroot: Uri,
}

#[derive(Debug, Serialize)]
struct Uri {
    uri: String,
}

#[derive(Debug, Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    information_uri: Option<&'static str>,
    rules: Vec<Descriptor>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Descriptor {
    id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    short_description: Option<Text>,
    #[serde(skip_serializing_if = "Option::is_none")]
    full_description: Option<Text>,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<Help>,
    #[serde(skip_serializing_if = "Option::is_none")]
    help_uri: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    default_configuration: Option<Configuration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    properties: Option<RuleProperties>,
}

#[derive(Debug, Serialize)]
struct Text {
    text: String,
}

#[derive(Debug, Serialize)]
struct Help {
    text: String,
    markdown: String,
}

#[derive(Debug, Serialize)]
struct Configuration {
    level: &'static str,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    enabled: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleProperties {
    category: &'static str,
    tags: [&'static str; 1],
    fixable: FixKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    puppet_lint: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    puppet_lint_plugin: Option<&'static str>,
    aliases: &'static [&'static str],
    since: &'static str,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: &'a str,
    rule_index: usize,
    level: &'static str,
    message: Text,
    locations: [Location<'a>; 1],
    /// The other places the finding involves (the first declaration of a duplicate).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<RelatedLocation>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<SarifFix<'a>>,
    /// A finding suppressed in the source (`# lint:ignore:`), shown with `--show-ignored`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    suppressions: Vec<Suppression<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    properties: Option<ResultProperties<'a>>,
}

#[derive(Debug, Serialize)]
struct Suppression<'a> {
    kind: &'static str,
    #[serde(skip_serializing_if = "str::is_empty")]
    justification: &'a str,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Location<'a> {
    physical_location: PhysicalLocation<'a>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation<'a> {
    artifact_location: &'a ArtifactLocation,
    region: Region,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct RelatedLocation {
    id: usize,
    physical_location: RelatedPhysicalLocation,
    message: Text,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct RelatedPhysicalLocation {
    artifact_location: ArtifactLocation,
    region: StartRegion,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct StartRegion {
    start_line: usize,
    start_column: usize,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u32,
    start_column: u32,
    end_line: u32,
    end_column: u32,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifFix<'a> {
    description: Text,
    artifact_changes: [ArtifactChange<'a>; 1],
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange<'a> {
    artifact_location: &'a ArtifactLocation,
    replacements: Vec<Replacement<'a>>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement<'a> {
    deleted_region: Region,
    #[serde(skip_serializing_if = "Option::is_none")]
    inserted_content: Option<Content<'a>>,
}

#[derive(Debug, Serialize)]
struct Content<'a> {
    text: &'a str,
}

#[derive(Debug, Serialize)]
struct ResultProperties<'a> {
    help: &'a str,
}

/// `Some(s)` unless `s` is empty.
fn non_empty(s: &'static str) -> Option<&'static str> {
    Some(s).filter(|s| !s.is_empty())
}

/// The crate's homepage, else its repository, when `Cargo.toml` names one.
pub fn information_uri() -> Option<&'static str> {
    non_empty(env!("CARGO_PKG_HOMEPAGE")).or_else(|| non_empty(env!("CARGO_PKG_REPOSITORY")))
}

/// The address of a rule's page in the repository, when `Cargo.toml` names the repository.
pub fn help_uri(rule: &str) -> Option<String> {
    non_empty(env!("CARGO_PKG_REPOSITORY"))
        .map(|repo| format!("{}/blob/main/rules/{rule}.md", repo.trim_end_matches('/')))
}

/// The text of the `## What it does` section of a rule page, trimmed.
pub fn what_it_does(doc: &str) -> Option<String> {
    let start = doc.find("## What it does")?;
    let body = doc.get(start..)?.split_once('\n')?.1;
    let end = body.find("\n## ").unwrap_or(body.len());
    let text = body.get(..end)?.trim();
    Some(text.to_string()).filter(|t| !t.is_empty())
}

/// The SARIF level of a rule's default level.
fn level_name(level: Level) -> &'static str {
    match level {
        Level::Off => "none",
        Level::Warning => "warning",
        Level::Error => "error",
    }
}

fn descriptor(id: &str, meta: Option<&'static RuleMeta>) -> Descriptor {
    let Some(m) = meta else {
        return Descriptor {
            id: id.to_string(),
            short_description: None,
            full_description: None,
            help: None,
            help_uri: None,
            default_configuration: None,
            properties: None,
        };
    };
    Descriptor {
        id: m.name.to_string(),
        short_description: Some(Text {
            text: m.summary.to_string(),
        }),
        full_description: what_it_does(m.doc).map(|text| Text { text }),
        help: Some(m.doc)
            .filter(|d| !d.trim().is_empty())
            .map(|doc| Help {
                text: doc.to_string(),
                markdown: doc.to_string(),
            }),
        help_uri: help_uri(m.name),
        default_configuration: Some(Configuration {
            level: level_name(m.level),
            enabled: m.level == Level::Off,
        }),
        properties: Some(RuleProperties {
            category: m.category.as_str(),
            tags: [m.category.as_str()],
            fixable: m.fix,
            puppet_lint: m.puppet_lint,
            puppet_lint_plugin: m.plugin.map(|p| p.gem),
            aliases: m.aliases,
            since: m.since,
        }),
    }
}

/// Percent-encodes the bytes of `path` that may not appear in a URI path.
pub fn encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for &b in path.as_bytes() {
        let keep = b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/".contains(&b);
        if keep {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The `file://` URI of the absolute directory `dir`, ending in `/` (`None` when `dir` is
/// not absolute).
pub fn directory_uri(dir: &str) -> Option<String> {
    if !Path::new(dir).is_absolute() && !dir.starts_with('/') {
        return None;
    }
    let dir = dir.replace('\\', "/");
    let slash = if dir.starts_with('/') { "" } else { "/" };
    let end = if dir.ends_with('/') { "" } else { "/" };
    Some(format!("file://{slash}{}{end}", encode_path(&dir)))
}

/// The artifact location of a file shown as `path` (already made relative by
/// [`report_path`]).
fn artifact_location(path: &str) -> ArtifactLocation {
    if Path::new(path).is_absolute() || path.starts_with('/') {
        let path = path.replace('\\', "/");
        let slash = if path.starts_with('/') { "" } else { "/" };
        ArtifactLocation {
            uri: format!("file://{slash}{}", encode_path(&path)),
            uri_base_id: None,
        }
    } else {
        ArtifactLocation {
            uri: encode_path(path),
            uri_base_id: Some(SRCROOT),
        }
    }
}

fn edit_region(e: &FindingEdit) -> Region {
    Region {
        start_line: e.line,
        start_column: e.column,
        end_line: e.end_line,
        end_column: e.end_column,
    }
}

fn result<'a>(
    f: &'a Finding,
    rule_index: usize,
    artifact: &'a ArtifactLocation,
) -> SarifResult<'a> {
    let fixes = f
        .fix()
        .into_iter()
        .map(|fix| SarifFix {
            description: Text {
                text: match fix.applicability {
                    Applicability::Safe => "Safe fix: it keeps what the code means",
                    Applicability::Unsafe => "Unsafe fix: it may change what the code means",
                }
                .to_string(),
            },
            artifact_changes: [ArtifactChange {
                artifact_location: artifact,
                replacements: fix
                    .edits
                    .iter()
                    .map(|e| Replacement {
                        deleted_region: edit_region(e),
                        inserted_content: Some(Content {
                            text: &e.replacement,
                        })
                        .filter(|c| !c.text.is_empty()),
                    })
                    .collect(),
            }],
        })
        .collect();
    SarifResult {
        rule_id: &f.rule,
        rule_index,
        level: match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        },
        message: Text {
            text: f.message.to_string(),
        },
        locations: [Location {
            physical_location: PhysicalLocation {
                artifact_location: artifact,
                region: Region {
                    start_line: f.line,
                    start_column: f.column,
                    end_line: f.end_line,
                    end_column: f.end_column,
                },
            },
        }],
        related_locations: f
            .related()
            .iter()
            .enumerate()
            .map(|(id, r)| RelatedLocation {
                id,
                physical_location: RelatedPhysicalLocation {
                    artifact_location: artifact_location(&report_path(&r.file)),
                    region: StartRegion {
                        start_line: r.line,
                        start_column: r.column,
                    },
                },
                message: Text {
                    text: r.message.clone(),
                },
            })
            .collect(),
        fixes,
        suppressions: f
            .ignored()
            .map(|justification| Suppression {
                kind: "inSource",
                justification,
            })
            .into_iter()
            .collect(),
        properties: f.help.as_deref().map(|help| ResultProperties { help }),
    }
}

/// The names of the rules with findings in `reports`: registered rules in registry order,
/// then unknown names in the order they first appear.
fn rules_used(reports: &[FileReport]) -> Vec<(String, Option<&'static RuleMeta>)> {
    let findings = || reports.iter().flat_map(|r| &r.findings);
    let mut used: Vec<(String, Option<&'static RuleMeta>)> = registry::all()
        .iter()
        .map(|r| r.meta())
        .filter(|m| findings().any(|f| f.rule == m.name))
        .map(|m| (m.name.to_string(), Some(m)))
        .collect();
    for f in findings() {
        if !used.iter().any(|(n, _)| *n == f.rule) {
            used.push((f.rule.to_string(), None));
        }
    }
    used
}

/// The SARIF log of `reports`, then a newline.
pub fn write_sarif(w: &mut dyn Write, reports: &[FileReport]) -> io::Result<()> {
    let used = rules_used(reports);
    let artifacts: Vec<ArtifactLocation> = reports
        .iter()
        .map(|r| artifact_location(&report_path(&r.path)))
        .collect();
    let mut results = Vec::new();
    for (r, artifact) in reports.iter().zip(&artifacts) {
        for f in &r.findings {
            let index = used.iter().position(|(n, _)| *n == f.rule).unwrap_or(0);
            results.push(result(f, index, artifact));
        }
    }
    let log = Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool {
                driver: Driver {
                    name: "rein",
                    version: env!("CARGO_PKG_VERSION"),
                    semantic_version: env!("CARGO_PKG_VERSION"),
                    information_uri: information_uri(),
                    rules: used.iter().map(|(n, m)| descriptor(n, *m)).collect(),
                },
            },
            original_uri_base_ids: std::env::current_dir()
                .ok()
                .and_then(|d| d.to_str().and_then(directory_uri))
                .map(|uri| BaseIds {
                    srcroot: Uri { uri },
                }),
            column_kind: "unicodeCodePoints",
            results,
        }],
    };
    serde_json::to_writer_pretty(&mut *w, &log).map_err(io::Error::other)?;
    writeln!(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::test_support::{finding, report};
    use crate::diagnostics::FindingFix;

    fn sarif(reports: &[FileReport]) -> serde_json::Value {
        let mut out = Vec::new();
        write_sarif(&mut out, reports).unwrap();
        serde_json::from_slice(&out).unwrap()
    }

    #[test]
    fn paths_become_uris() {
        assert_eq!(encode_path("a b/ü%.pp"), "a%20b/%C3%BC%25.pp");
        let rel = artifact_location("dir/a b.pp");
        assert_eq!(rel.uri, "dir/a%20b.pp");
        assert_eq!(rel.uri_base_id, Some("%SRCROOT%"));
        let abs = artifact_location("/tmp/x#y.pp");
        assert_eq!(abs.uri, "file:///tmp/x%23y.pp");
        assert_eq!(abs.uri_base_id, None);
        assert_eq!(directory_uri("/w/a b").as_deref(), Some("file:///w/a%20b/"));
        assert_eq!(directory_uri("/").as_deref(), Some("file:///"));
        assert_eq!(directory_uri("rel"), None);
    }

    #[test]
    fn what_it_does_is_the_first_section() {
        let doc = "# r\n\n## What it does\n\nFinds `x`.\n\nAnd y.\n\n## Why it matters\n\nz\n";
        assert_eq!(what_it_does(doc).as_deref(), Some("Finds `x`.\n\nAnd y."));
        assert_eq!(what_it_does("# r\n"), None);
    }

    #[test]
    fn an_empty_run_has_no_rules_and_no_results() {
        let v = sarif(&[]);
        assert_eq!(v["$schema"], SCHEMA);
        assert_eq!(v["version"], "2.1.0");
        let run = &v["runs"][0];
        assert_eq!(run["tool"]["driver"]["name"], "rein");
        assert_eq!(run["tool"]["driver"]["version"], env!("CARGO_PKG_VERSION"));
        assert_eq!(run["tool"]["driver"]["rules"], serde_json::json!([]));
        assert_eq!(run["results"], serde_json::json!([]));
        assert_eq!(run["columnKind"], "unicodeCodePoints");
    }

    #[test]
    fn results_point_at_their_rule_and_carry_fixes() {
        let source = "$a = \"\\q\"\n";
        let mut escape = finding(source, 8, 8);
        escape.rule = "unrecognized_escape".into();
        escape.severity = Severity::Warning;
        escape.help = Some("use \\\\".into());
        escape.set_fix(Some(FindingFix {
            applicability: Applicability::Safe,
            edits: Box::new([
                FindingEdit {
                    line: 1,
                    column: 7,
                    end_line: 1,
                    end_column: 7,
                    replacement: "\\".into(),
                },
                FindingEdit {
                    line: 1,
                    column: 1,
                    end_line: 1,
                    end_column: 2,
                    replacement: "".into(),
                },
            ]),
        }));
        let syntax = finding(source, 0, 2);
        let v = sarif(&[report(source, vec![syntax, escape])]);
        let run = &v["runs"][0];
        let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
        let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
        assert_eq!(ids, ["syntax", "unrecognized_escape"]);
        let escape_rule = &rules[1];
        assert_eq!(
            escape_rule["shortDescription"]["text"],
            registry::find("unrecognized_escape")
                .unwrap()
                .meta()
                .summary
        );
        assert_eq!(escape_rule["defaultConfiguration"]["level"], "warning");
        assert_eq!(
            escape_rule["properties"],
            serde_json::json!({"category": "validation", "tags": ["validation"],
                "fixable": "none", "aliases": ["UNRECOGNIZED_ESCAPE"], "since": "0.1.0"})
        );
        assert!(escape_rule["fullDescription"]["text"]
            .as_str()
            .unwrap()
            .starts_with("Finds a backslash escape"));
        let results = run["results"].as_array().unwrap();
        assert_eq!(results[0]["ruleIndex"], 0);
        assert_eq!(results[0]["level"], "error");
        assert_eq!(results[1]["ruleIndex"], 1);
        assert_eq!(
            results[1],
            serde_json::json!({
                "ruleId": "unrecognized_escape", "ruleIndex": 1, "level": "warning",
                "message": {"text": "bad"},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": "f.pp", "uriBaseId": "%SRCROOT%"},
                    "region": {"startLine": 1, "startColumn": 9, "endLine": 1, "endColumn": 9}}}],
                "fixes": [{"description": {"text": "Safe fix: it keeps what the code means"},
                    "artifactChanges": [{
                        "artifactLocation": {"uri": "f.pp", "uriBaseId": "%SRCROOT%"},
                        "replacements": [
                            {"deletedRegion": {"startLine": 1, "startColumn": 7,
                                "endLine": 1, "endColumn": 7},
                             "insertedContent": {"text": "\\"}},
                            {"deletedRegion": {"startLine": 1, "startColumn": 1,
                                "endLine": 1, "endColumn": 2}}]}]}],
                "properties": {"help": "use \\\\"}
            })
        );
    }

    #[test]
    fn an_unregistered_rule_gets_a_bare_descriptor() {
        let mut f = finding("x", 0, 1);
        f.rule = "nosuch".into();
        let v = sarif(&[report("x", vec![f])]);
        assert_eq!(
            v["runs"][0]["tool"]["driver"]["rules"],
            serde_json::json!([{"id": "nosuch"}])
        );
    }
}
