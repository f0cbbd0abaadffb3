//! `unfurl_unresolved_path`: a merge directive path (`+/a/b`, `+../a`, `+*anchor/a`) that
//! is not in its target, or that names the mapping holding the directive or one above it (a
//! recursive include): Unfurl fails to load the document (unless the directive has `?`,
//! which allows a missing path but not a recursive one).

use super::findings::{meta, Part, UnfurlRule};
use crate::eval::unfurl::Issue;
use crate::rules::{Category, Level, RuleMeta};

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Resolved(Issue::Path),
};

static META: RuleMeta = meta(
    "unfurl_unresolved_path",
    Level::Error,
    Category::Validation,
    "A directive path not found in its target, or pointing at a mapping that holds it.",
    include_str!("../../../rules/unfurl_unresolved_path.md"),
);
