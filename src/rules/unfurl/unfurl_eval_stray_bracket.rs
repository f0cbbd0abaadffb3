//! `unfurl_eval_stray_bracket`: a `]` in an `eval` expression that closes no `[`: the
//! grammar has no place for it, and Unfurl reads it as the end of a segment.

use super::findings::{Part, UnfurlRule};
use crate::rules::{Category, FixKind, Level, RuleMeta};
use crate::syntax::unfurl::Gravity;

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Evals(Gravity::Warning),
};

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
