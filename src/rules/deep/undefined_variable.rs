//! `undefined_variable`: a variable that is not defined where it is used. Found by the static evaluator
//! ([`crate::eval::evaluator`]); this rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct UndefinedVariable;

static META: RuleMeta = RuleMeta {
    name: "undefined_variable",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.3.0",
    summary: "A variable that is not defined where it is used.",
    doc: include_str!("../../../rules/undefined_variable.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for UndefinedVariable {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
