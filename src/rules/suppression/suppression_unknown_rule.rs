//! `suppression_unknown_rule`: a `# lint:ignore:` directive names a rule that does not exist
//! (and that is not a puppet-lint check rein does not implement).

use super::DIRECTIVE_RULE;
use crate::rules::{Rule, RuleMeta};

pub const NAME: &str = "suppression_unknown_rule";

pub struct SuppressionUnknownRule;

static META: RuleMeta = RuleMeta {
    name: NAME,
    summary: "A `# lint:ignore:` directive names a rule that does not exist.",
    doc: include_str!("../../../rules/suppression_unknown_rule.md"),
    ..DIRECTIVE_RULE
};

impl Rule for SuppressionUnknownRule {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }
}
