//! `rein rule`: list the rules as a table (or as JSON for tools), or print one rule's
//! documentation page with a header line of its metadata.
//!
//! - `rein rule`: one row per registered rule, in registry order: name, default level,
//!   category, fix (`none`, `safe`, `unsafe`), the puppet-lint check it implements (`-` when
//!   puppet-lint has no such check), summary.
//! - `rein rule --format json`: a JSON array of `{name, level, category, fixable,
//!   puppet_lint, aliases, summary, since, options}` (`options`: `{name, kind, default,
//!   doc}`).
//! - `rein rule NAME` (its name, puppet-lint name or an alias): the header line, then the
//!   page; with `--format json`, the rule's object with its page as `doc`.
//! - An unknown NAME exits 2 with a message that suggests the closest names.

use serde::Serialize;

use super::{EXIT_OK, EXIT_USAGE};
use crate::rules::{registry, Category, FixKind, Level, RuleMeta, RuleOption};
use crate::syntax::suggest::{close_names, did_you_mean};

/// Arguments of `rein rule`.
#[derive(clap::Args, Debug)]
pub struct RuleArgs {
    /// The rule to document (its name, puppet-lint name or an alias). Without it, every
    /// rule is listed.
    pub name: Option<String>,
    /// Output format: `text` (a table, or the page) or `json` (for tools).
    #[arg(long, value_enum, default_value_t = RuleFormat::Text)]
    pub format: RuleFormat,
}

/// Output formats of `rein rule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RuleFormat {
    Text,
    Json,
}

/// A rule as `rein rule --format json` prints it. Field order is the output order.
#[derive(Debug, Serialize)]
pub struct RuleInfo {
    pub name: &'static str,
    pub level: Level,
    pub category: Category,
    pub fixable: FixKind,
    pub puppet_lint: Option<&'static str>,
    /// The puppet-lint plugin gem whose check the rule implements (`null` for none).
    pub plugin: Option<&'static str>,
    pub aliases: &'static [&'static str],
    pub summary: &'static str,
    pub since: &'static str,
    pub options: &'static [RuleOption],
    /// The documentation page (only for `rein rule NAME --format json`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doc: Option<&'static str>,
}

impl RuleInfo {
    pub fn of(m: &'static RuleMeta) -> RuleInfo {
        RuleInfo {
            name: m.name,
            level: m.level,
            category: m.category,
            fixable: m.fix,
            puppet_lint: m.puppet_lint,
            plugin: m.plugin.map(|p| p.gem),
            aliases: m.aliases,
            summary: m.summary,
            since: m.since,
            options: m.options,
            doc: None,
        }
    }
}

fn fix_name(f: FixKind) -> &'static str {
    match f {
        FixKind::None => "none",
        FixKind::Safe => "safe",
        FixKind::Unsafe => "unsafe",
    }
}

/// The puppet-lint check a rule implements, as the table and page header show it: the
/// built-in check's name, `plugin NAME` for a plugin check, or `-`.
fn lint_name(m: &RuleMeta) -> &'static str {
    match (m.puppet_lint, m.plugin) {
        (Some(n), _) => n,
        (None, Some(_)) => "plugin",
        (None, None) => "-",
    }
}

/// The table of every rule in `metas`: a header row, then one row each.
pub fn table(metas: &[&'static RuleMeta]) -> String {
    let header = ["NAME", "LEVEL", "CATEGORY", "FIX", "PUPPET-LINT", "SUMMARY"];
    let rows: Vec<[&str; 6]> = metas
        .iter()
        .map(|m| {
            [
                m.name,
                m.level.as_str(),
                m.category.as_str(),
                fix_name(m.fix),
                lint_name(m),
                m.summary,
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in std::iter::once(&header).chain(&rows) {
        let mut line = String::new();
        for (i, (cell, w)) in row.iter().zip(widths).enumerate() {
            if i + 1 == row.len() {
                line.push_str(cell);
            } else {
                line.push_str(cell);
                let pad = w.saturating_sub(cell.chars().count()) + 2;
                line.extend(std::iter::repeat_n(' ', pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The metadata line printed above a rule's page.
pub fn header(m: &RuleMeta) -> String {
    let aliases = if m.aliases.is_empty() {
        "-".to_string()
    } else {
        m.aliases.join(", ")
    };
    let options = if m.options.is_empty() {
        "-".to_string()
    } else {
        m.options
            .iter()
            .map(|o| o.name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "{} | level: {} | category: {} | fix: {} | puppet-lint: {} | aliases: {} | options: {} | since: {}",
        m.name,
        m.level.as_str(),
        m.category.as_str(),
        fix_name(m.fix),
        match m.plugin {
            Some(p) if m.puppet_lint.is_none() => format!("plugin {}", p.gem),
            _ => lint_name(m).to_string(),
        },
        aliases,
        options,
        m.since
    )
}

/// The header line, a blank line, then the page (or the summary when the page is empty).
pub fn page(m: &RuleMeta) -> String {
    let mut out = header(m);
    out.push_str("\n\n");
    if m.doc.trim().is_empty() {
        out.push_str(m.summary);
        out.push('\n');
    } else {
        out.push_str(m.doc);
        if !m.doc.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// Up to three names of `metas` (names, puppet-lint names, aliases) close to `name`,
/// closest first (see [`close_names`]).
pub fn suggestions(name: &str, metas: &[&'static RuleMeta]) -> Vec<&'static str> {
    close_names(name, metas.iter().map(|m| m.names()))
}

/// The message for an unknown rule name.
pub fn unknown_message(name: &str, metas: &[&'static RuleMeta]) -> String {
    let hint = did_you_mean(&suggestions(name, metas));
    format!("rein: no rule named `{name}`{hint} (`rein rule` lists every rule)")
}

fn json<T: Serialize>(value: &T) -> String {
    match serde_json::to_string_pretty(value) {
        Ok(s) => s + "\n",
        Err(e) => format!("{{\"error\": \"{e}\"}}\n"),
    }
}

/// Runs `rein rule`; returns the exit status.
pub fn run(args: RuleArgs) -> i32 {
    let metas: Vec<&'static RuleMeta> = registry::all().iter().map(|r| r.meta()).collect();
    let out = match &args.name {
        Some(name) => match registry::find(name) {
            Some(rule) => {
                let m = rule.meta();
                match args.format {
                    RuleFormat::Text => page(m),
                    RuleFormat::Json => json(&RuleInfo {
                        doc: Some(m.doc),
                        ..RuleInfo::of(m)
                    }),
                }
            }
            None => {
                eprintln!("{}", unknown_message(name, &metas));
                return EXIT_USAGE;
            }
        },
        None => match args.format {
            RuleFormat::Text => table(&metas),
            RuleFormat::Json => json(&metas.iter().map(|m| RuleInfo::of(m)).collect::<Vec<_>>()),
        },
    };
    super::output::print(out.as_bytes(), EXIT_OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metas() -> Vec<&'static RuleMeta> {
        registry::all().iter().map(|r| r.meta()).collect()
    }

    #[test]
    fn suggests_close_names_and_names_containing_the_query() {
        let m = metas();
        assert_eq!(suggestions("syntx", &m), ["syntax"]);
        assert_eq!(
            suggestions("unrecognised_escape", &m),
            ["unrecognized_escape"]
        );
        assert_eq!(suggestions("Syntax_Eror", &m), ["SYNTAX_ERROR"]);
        assert_eq!(
            suggestions("suppression", &m),
            [
                "suppression_unclosed",
                "suppression_unknown_rule",
                "suppression_unused"
            ]
        );
        assert_eq!(
            suggestions("suppresion", &m),
            [
                "suppression_unclosed",
                "suppression_unknown_rule",
                "suppression_unused"
            ]
        );
        assert_eq!(suggestions("unrecog", &m), ["unrecognized_escape"]);
        assert!(suggestions("zzzzzz", &m).is_empty());
        assert!(suggestions("", &m).is_empty());
    }

    #[test]
    fn unknown_messages() {
        let m = metas();
        assert_eq!(
            unknown_message("syntx", &m),
            "rein: no rule named `syntx`; did you mean `syntax`? (`rein rule` lists every rule)"
        );
        assert_eq!(
            unknown_message("zzzzzz", &m),
            "rein: no rule named `zzzzzz` (`rein rule` lists every rule)"
        );
    }

    static DEMO: RuleMeta = RuleMeta {
        name: "demo_rule",
        level: Level::Off,
        category: Category::Style,
        fix: FixKind::Safe,
        puppet_lint: Some("demo"),
        plugin: None,
        aliases: &["DEMO", "old_demo"],
        since: "0.2.0",
        summary: "A demo.",
        doc: "",
        kinds: &[],
        options: &[RuleOption {
            name: "width",
            kind: crate::rules::OptionKind::Integer,
            default: "140",
            doc: "How wide.",
        }],
    };

    #[test]
    fn table_aligns_columns() {
        let m = registry::find("syntax").unwrap().meta();
        assert_eq!(
            table(&[m, &DEMO]),
            "NAME       LEVEL  CATEGORY  FIX   PUPPET-LINT  SUMMARY\n\
             syntax     error  syntax    none  -            \
             The file is not valid Puppet: it does not parse.\n\
             demo_rule  off    style     safe  demo         A demo.\n"
        );
    }

    #[test]
    fn json_has_options_and_puppet_lint() {
        let v = serde_json::to_value(RuleInfo::of(&DEMO)).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"name": "demo_rule", "level": "off", "category": "style",
                "fixable": "safe", "puppet_lint": "demo", "plugin": null,
                "aliases": ["DEMO", "old_demo"],
                "summary": "A demo.", "since": "0.2.0",
                "options": [{"name": "width", "kind": "integer", "default": "140",
                    "doc": "How wide."}]})
        );
    }

    #[test]
    fn a_page_without_text_shows_the_summary() {
        assert_eq!(
            page(&DEMO),
            "demo_rule | level: off | category: style | fix: safe | puppet-lint: demo | \
             aliases: DEMO, old_demo | options: width | since: 0.2.0\n\nA demo.\n"
        );
    }

    #[test]
    fn header_line() {
        let m = registry::find("unrecognized_escape").unwrap().meta();
        assert_eq!(
            header(m),
            "unrecognized_escape | level: warning | category: validation | fix: none | \
             puppet-lint: - | aliases: UNRECOGNIZED_ESCAPE | options: - | since: 0.1.0"
        );
    }
}
