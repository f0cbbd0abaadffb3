//! `undeclared_resource`: a relationship or dependency on a resource the catalog does not have. Found by the static evaluator
//! ([`crate::eval::evaluator`]); this rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct UndeclaredResource;

static META: RuleMeta = RuleMeta {
    name: "undeclared_resource",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.3.0",
    summary: "A relationship or dependency on a resource the catalog does not have.",
    doc: include_str!("../../../rules/undeclared_resource.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for UndeclaredResource {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
