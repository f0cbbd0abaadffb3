//! `invalid_operand`: an operator applied to values it does not accept. Found by the static evaluator
//! ([`crate::eval::evaluator`]); this rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct InvalidOperand;

static META: RuleMeta = RuleMeta {
    name: "invalid_operand",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.3.0",
    summary: "An operator applied to values it does not accept.",
    doc: include_str!("../../../rules/invalid_operand.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for InvalidOperand {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
