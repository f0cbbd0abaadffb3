//! `type_mismatch`: a value that does not match the type it must have. Found by the static evaluator
//! ([`crate::eval::evaluator`]); this rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct TypeMismatch;

static META: RuleMeta = RuleMeta {
    name: "type_mismatch",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.3.0",
    summary: "A value that does not match the type it must have.",
    doc: include_str!("../../../rules/type_mismatch.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for TypeMismatch {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
