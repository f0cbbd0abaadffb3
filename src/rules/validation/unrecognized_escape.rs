//! `unrecognized_escape`: a backslash escape that Puppet does not know in a double-quoted
//! string (`"\q"`). The lexer finds these; this rule gives them a name so they can be
//! configured and suppressed like any other rule.

use crate::rules::{Category, FixKind, Level, Rule, RuleMeta};

pub struct UnrecognizedEscape;

static META: RuleMeta = RuleMeta {
    name: "unrecognized_escape",
    level: Level::Warning,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["UNRECOGNIZED_ESCAPE"],
    since: "0.1.0",
    summary: "A backslash escape that Puppet does not recognise; the backslash is kept.",
    doc: include_str!("../../../rules/unrecognized_escape.md"),
    kinds: &[],
    options: &[],
};

impl Rule for UnrecognizedEscape {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }
}
