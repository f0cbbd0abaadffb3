//! `epp_default_type_mismatch`: a template parameter's default value that its type rejects
//! (`<%- | Integer $port = 'http' | -%>`). Puppet fails when it renders the template without
//! that parameter. Found by the static evaluator, which checks each default of a header.

use crate::rules::{Context, Level, Rule, RuleMeta};

pub struct EppDefaultTypeMismatch;

static META: RuleMeta = RuleMeta {
    name: "epp_default_type_mismatch",
    level: Level::Error,
    summary: "A template parameter's default value that its type rejects.",
    doc: include_str!("../../../rules/epp_default_type_mismatch.md"),
    ..super::TEMPLATE_RULE
};

impl Rule for EppDefaultTypeMismatch {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        if crate::syntax::epp::template(cx.file.program).is_some() {
            cx.report_evaluation();
        }
    }
}
