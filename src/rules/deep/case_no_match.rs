//! `case_no_match`: a case statement whose value matches none of its options. Found by the static evaluator
//! ([`crate::eval::evaluator`]); this rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct CaseNoMatch;

static META: RuleMeta = RuleMeta {
    name: "case_no_match",
    level: Level::Warning,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.3.0",
    summary: "A case statement whose value matches none of its options.",
    doc: include_str!("../../../rules/case_no_match.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for CaseNoMatch {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
