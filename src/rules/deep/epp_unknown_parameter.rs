//! `epp_unknown_parameter`: an EPP template is rendered with a parameter its header does not declare.
//! Found by the static evaluator ([`crate::eval::evaluator`], its template calls); this
//! rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct EppUnknownParameter;

static META: RuleMeta = RuleMeta {
    name: "epp_unknown_parameter",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.4.0",
    summary: "An EPP template is rendered with a parameter it does not declare.",
    doc: include_str!("../../../rules/epp_unknown_parameter.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for EppUnknownParameter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
