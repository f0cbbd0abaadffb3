//! `unknown_function`: a call of a function that does not exist. Found by the static evaluator
//! ([`crate::eval::evaluator`]); this rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct UnknownFunction;

static META: RuleMeta = RuleMeta {
    name: "unknown_function",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.3.0",
    summary: "A call of a function that does not exist.",
    doc: include_str!("../../../rules/unknown_function.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for UnknownFunction {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
