//! `suppression_unused`: a `# lint:ignore:` directive for an enabled rule that suppressed
//! nothing.

use super::directive_rule;
use crate::rules::{Rule, RuleMeta};

pub const NAME: &str = "suppression_unused";

pub struct SuppressionUnused;

static META: RuleMeta = directive_rule(
    NAME,
    "A `# lint:ignore:` directive suppressed nothing.",
    include_str!("../../../rules/suppression_unused.md"),
);

impl Rule for SuppressionUnused {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }
}
