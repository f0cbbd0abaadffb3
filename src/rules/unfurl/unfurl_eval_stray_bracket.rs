//! `unfurl_eval_stray_bracket`: A `]` in an `eval` expression that closes no `[`: the grammar has no place for
//! it, and Unfurl reads it as the end of a segment.

use super::findings::{eval_problems, is_unfurl, report_problems};
use crate::rules::yaml_context::YamlContext;
use crate::rules::{Category, FixKind, Level, Rule, RuleMeta};
use crate::syntax::unfurl::Gravity;

pub struct UnfurlEvalStrayBracket;

static META: RuleMeta = RuleMeta {
    name: "unfurl_eval_stray_bracket",
    level: Level::Warning,
    category: Category::Correctness,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "A `]` in an `eval` expression that closes no `[`.",
    doc: include_str!("../../../rules/unfurl_eval_stray_bracket.md"),
    kinds: &[],
    options: &[],
};

impl Rule for UnfurlEvalStrayBracket {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        if is_unfurl(cx) {
            let problems = eval_problems(cx.file);
            report_problems(cx, problems, Gravity::Warning);
        }
    }
}
