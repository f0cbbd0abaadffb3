//! `division_by_zero`: division or modulo by zero. Found by the static evaluator
//! ([`crate::eval::evaluator`]); this rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct DivisionByZero;

static META: RuleMeta = RuleMeta {
    name: "division_by_zero",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.3.0",
    summary: "Division or modulo by zero.",
    doc: include_str!("../../../rules/division_by_zero.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for DivisionByZero {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
