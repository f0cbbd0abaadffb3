//! `unfurl_merge_conflict`: a merge directive whose result is not a mapping (a list, a
//! string) in a mapping that has other keys: Unfurl can replace a mapping by such a value,
//! not merge it, and fails to load the document.

use super::findings::{Part, UnfurlRule};
use crate::eval::unfurl::Issue;
use crate::rules::{Category, FixKind, Level, RuleMeta};

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Resolved(Issue::Merge),
};

static META: RuleMeta = RuleMeta {
    name: "unfurl_merge_conflict",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "A directive giving a non-mapping value in a mapping with other keys.",
    doc: include_str!("../../../rules/unfurl_merge_conflict.md"),
    kinds: &[],
    options: &[],
};
