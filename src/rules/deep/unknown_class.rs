//! `unknown_class`: a class that does not exist is declared. Found by the static evaluator
//! ([`crate::eval::evaluator`]); this rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct UnknownClass;

static META: RuleMeta = RuleMeta {
    name: "unknown_class",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.3.0",
    summary: "A class that does not exist is declared.",
    doc: include_str!("../../../rules/unknown_class.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for UnknownClass {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
