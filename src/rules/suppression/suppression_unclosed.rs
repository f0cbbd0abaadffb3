//! `suppression_unclosed`: a `# lint:ignore:` block that no `# lint:endignore` closes, or a
//! `# lint:endignore` without a block.

use super::directive_rule;
use crate::rules::{Rule, RuleMeta};

pub const NAME: &str = "suppression_unclosed";

pub struct SuppressionUnclosed;

static META: RuleMeta = directive_rule(
    NAME,
    "A `# lint:ignore:` block has no `# lint:endignore`, or an endignore has no block.",
    include_str!("../../../rules/suppression_unclosed.md"),
);

impl Rule for SuppressionUnclosed {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }
}
