//! `unknown_template`: a template that Puppet cannot find is rendered (`epp('m/x.epp')`,
//! `template('m/x.erb')`).
//! Found by the static evaluator ([`crate::eval::evaluator`], its template calls); this
//! rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct UnknownTemplate;

static META: RuleMeta = RuleMeta {
    name: "unknown_template",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.4.0",
    summary: "A template that does not exist in its module is rendered.",
    doc: include_str!("../../../rules/unknown_template.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for UnknownTemplate {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
