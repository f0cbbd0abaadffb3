//! `yaml_syntax`: the pseudo-rule under which YAML parse errors are reported. Always on;
//! the YAML front end finds these errors (the parser stops at the first one).

use crate::rules::{Category, FixKind, Level, Rule, RuleMeta};

/// The rule name of YAML parse errors.
pub const NAME: &str = "yaml_syntax";

pub struct YamlSyntax;

static META: RuleMeta = RuleMeta {
    name: NAME,
    level: Level::Error,
    category: Category::Syntax,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "The file is not valid YAML: it does not parse.",
    doc: include_str!("../../../rules/yaml_syntax.md"),
    kinds: &[],
    options: &[],
};

impl Rule for YamlSyntax {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }
}
