//! `evaluation_error`: evaluation fails for another reason. Found by the static evaluator
//! ([`crate::eval::evaluator`]); this rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct EvaluationError;

static META: RuleMeta = RuleMeta {
    name: "evaluation_error",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.3.0",
    summary: "Evaluation fails for another reason.",
    doc: include_str!("../../../rules/evaluation_error.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for EvaluationError {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
