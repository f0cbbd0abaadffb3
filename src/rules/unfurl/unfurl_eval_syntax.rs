//! `unfurl_eval_syntax`: an `eval` expression Unfurl fails on (empty, starting with an
//! integer key) or reads differently from what is written (an unclosed `[`, text it drops
//! after `]`).

use super::findings::{Part, UnfurlRule};
use crate::rules::{Category, FixKind, Level, RuleMeta};
use crate::syntax::unfurl::Gravity;

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Evals(Gravity::Error),
};

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
