//! `unfurl_eval_stray_bracket`: a `]` in an `eval` expression that closes no `[`: the
//! grammar has no place for it, and Unfurl reads it as the end of a segment.

use super::findings::{meta, Part, UnfurlRule};
use crate::rules::{Category, Level, RuleMeta};
use crate::syntax::unfurl::Gravity;

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Evals(Gravity::Warning),
};

static META: RuleMeta = meta(
    "unfurl_eval_stray_bracket",
    Level::Warning,
    Category::Correctness,
    "A `]` in an `eval` expression that closes no `[`.",
    include_str!("../../../rules/unfurl_eval_stray_bracket.md"),
);
