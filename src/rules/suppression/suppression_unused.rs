//! `suppression_unused`: a `# lint:ignore:` directive for an enabled rule that suppressed
//! nothing.

use super::DIRECTIVE_RULE;
use crate::rules::{Rule, RuleMeta};

pub const NAME: &str = "suppression_unused";

pub struct SuppressionUnused;

static META: RuleMeta = RuleMeta {
    name: NAME,
    summary: "A `# lint:ignore:` directive suppressed nothing.",
    doc: include_str!("../../../rules/suppression_unused.md"),
    ..DIRECTIVE_RULE
};

impl Rule for SuppressionUnused {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }
}
