//! `epp_missing_parameter`: an EPP template is rendered without a parameter its header declares without a default.
//! Found by the static evaluator ([`crate::eval::evaluator`], its template calls); this
//! rule reports its share of the evaluation's findings.

use crate::rules::{Category, Context, FixKind, Level, NodeKind, Rule, RuleMeta};

pub struct EppMissingParameter;

static META: RuleMeta = RuleMeta {
    name: "epp_missing_parameter",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.4.0",
    summary: "An EPP template is rendered without a parameter it requires.",
    doc: include_str!("../../../rules/epp_missing_parameter.md"),
    kinds: &[] as &[NodeKind],
    options: &[],
};

impl Rule for EppMissingParameter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        cx.report_evaluation();
    }
}
