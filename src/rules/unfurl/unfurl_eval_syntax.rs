//! `unfurl_eval_syntax`: an `eval` expression Unfurl fails on (empty, starting with an
//! integer key) or reads differently from what is written (an unclosed `[`, text it drops
//! after `]`).

use super::findings::{meta, Part, UnfurlRule};
use crate::rules::{Category, Level, RuleMeta};
use crate::syntax::unfurl::Gravity;

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Evals(Gravity::Error),
};

static META: RuleMeta = meta(
    "unfurl_eval_syntax",
    Level::Error,
    Category::Validation,
    "An `eval` expression that Unfurl fails on or reads differently from what is written.",
    include_str!("../../../rules/unfurl_eval_syntax.md"),
);
