//! `unknown_resource_type`: a resource of a type that does not exist. Found by the static evaluator
//! ([`crate::eval::evaluator`]); this rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct UnknownResourceType;

static META: RuleMeta = RuleMeta {
    name: "unknown_resource_type",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.3.0",
    summary: "A resource of a type that does not exist.",
    doc: include_str!("../../../rules/unknown_resource_type.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for UnknownResourceType {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
