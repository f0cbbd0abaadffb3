//! `syntax`: the pseudo-rule under which parse errors are reported. It is always on,
//! cannot be suppressed, and has no check of its own: the parser finds these errors.

use super::{Category, FixKind, Level, Rule, RuleMeta};

/// The rule name of parse errors.
pub const NAME: &str = "syntax";

pub struct Syntax;

static META: RuleMeta = RuleMeta {
    name: NAME,
    level: Level::Error,
    category: Category::Syntax,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["SYNTAX_ERROR"],
    since: "0.1.0",
    summary: "The file is not valid Puppet: it does not parse.",
    doc: include_str!("../../rules/syntax.md"),
    kinds: &[],
    options: &[],
};

impl Rule for Syntax {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }
}
