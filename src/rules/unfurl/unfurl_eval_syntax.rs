//! `unfurl_eval_syntax`: An `eval` expression Unfurl fails on (empty, starting with an integer key) or
//! reads differently from what is written (an unclosed `[`, text it drops after `]`).

use super::findings::{eval_problems, is_unfurl, report_problems};
use crate::rules::yaml_context::YamlContext;
use crate::rules::{Category, FixKind, Level, Rule, RuleMeta};
use crate::syntax::unfurl::Gravity;

pub struct UnfurlEvalSyntax;

static META: RuleMeta = RuleMeta {
    name: "unfurl_eval_syntax",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "An `eval` expression that Unfurl fails on or reads differently from what is written.",
    doc: include_str!("../../../rules/unfurl_eval_syntax.md"),
    kinds: &[],
    options: &[],
};

impl Rule for UnfurlEvalSyntax {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        if is_unfurl(cx) {
            let problems = eval_problems(cx.file);
            report_problems(cx, problems, Gravity::Error);
        }
    }
}
