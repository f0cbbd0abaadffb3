//! `yaml_tab`: a tab in the indentation of a YAML line. YAML indents with spaces only; a
//! parser stops at such a tab. Always on, reported by the YAML engine for every line
//! (the parser itself reports only the first).

use crate::rules::{Category, FixKind, Level, Rule, RuleMeta};

/// The rule name of tabs in YAML indentation.
pub const NAME: &str = "yaml_tab";

pub struct YamlTab;

static META: RuleMeta = RuleMeta {
    name: NAME,
    level: Level::Error,
    category: Category::Syntax,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "A tab in the indentation of a YAML line.",
    doc: include_str!("../../../rules/yaml_tab.md"),
    kinds: &[],
    options: &[],
};

impl Rule for YamlTab {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }
}
