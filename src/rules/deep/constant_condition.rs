//! `constant_condition`: a condition that is always true or always false. Found by the static evaluator
//! ([`crate::eval::evaluator`]); this rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct ConstantCondition;

static META: RuleMeta = RuleMeta {
    name: "constant_condition",
    level: Level::Warning,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.3.0",
    summary: "A condition that is always true or always false.",
    doc: include_str!("../../../rules/constant_condition.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for ConstantCondition {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
