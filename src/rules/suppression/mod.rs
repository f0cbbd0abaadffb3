//! The `suppression` family: the rules that report problems with `# lint:ignore:`
//! directives (an unknown rule name, a block without `# lint:endignore`, a directive that
//! suppressed nothing). They have no check of their own: [`directives`](super::directives)
//! finds what they report while it applies a file's directives, and reports it under
//! their names.

pub mod suppression_unclosed;
pub mod suppression_unknown_rule;
pub mod suppression_unused;

use crate::rules::{Category, FixKind, Level, RuleMeta};

/// The metadata the directive rules share (each sets its `name`, `summary` and `doc`): on at
/// warning level, no fix, no options.
const DIRECTIVE_RULE: RuleMeta = RuleMeta {
    name: "",
    level: Level::Warning,
    category: Category::Suppression,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "",
    doc: "",
    kinds: &[],
    options: &[],
};
