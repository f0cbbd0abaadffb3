//! `unfurl_merge_conflict`: a merge directive whose result is not a mapping (a list, a
//! string) in a mapping that has other keys: Unfurl can replace a mapping by such a value,
//! not merge it, and fails to load the document.

use super::findings::{meta, Part, UnfurlRule};
use crate::eval::unfurl::Issue;
use crate::rules::{Category, Level, RuleMeta};

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Resolved(Issue::Merge),
};

static META: RuleMeta = meta(
    "unfurl_merge_conflict",
    Level::Error,
    Category::Validation,
    "A directive giving a non-mapping value in a mapping with other keys.",
    include_str!("../../../rules/unfurl_merge_conflict.md"),
);
