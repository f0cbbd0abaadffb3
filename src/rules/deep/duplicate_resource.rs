//! `duplicate_resource`: a resource (or class) declared twice in one catalog. Found by the static evaluator
//! ([`crate::eval::evaluator`]); this rule reports its share of the evaluation's findings,
//! naming the first declaration as Puppet does ("is already declared at
//! manifests/init.pp:12; cannot redeclare"), which is also the finding's related place.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct DuplicateResource;

static META: RuleMeta = RuleMeta {
    name: "duplicate_resource",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.3.0",
    summary: "A resource (or class) declared twice in one catalog.",
    doc: include_str!("../../../rules/duplicate_resource.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for DuplicateResource {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation_with(|cx, d| {
            if let Some(first) = d.related().first() {
                let at = format!("is already declared at {}", cx.place_of(&first.at));
                d.message = d.message.replacen("is already declared", &at, 1).into();
            }
        });
    }
}
