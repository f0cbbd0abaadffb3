//! `suppression_unclosed`: a `# lint:ignore:` block that no `# lint:endignore` closes, or a
//! `# lint:endignore` without a block.

use super::DIRECTIVE_RULE;
use crate::rules::{Rule, RuleMeta};

pub const NAME: &str = "suppression_unclosed";

pub struct SuppressionUnclosed;

static META: RuleMeta = RuleMeta {
    name: NAME,
    summary: "A `# lint:ignore:` block has no `# lint:endignore`, or an endignore has no block.",
    doc: include_str!("../../../rules/suppression_unclosed.md"),
    ..DIRECTIVE_RULE
};

impl Rule for SuppressionUnclosed {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }
}
