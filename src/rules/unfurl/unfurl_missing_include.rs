//! `unfurl_missing_include`: an include directive whose file does not exist (relative to
//! the including file), does not parse or lacks the `#fragment` named, or whose value is no
//! file name: Unfurl fails to load the document (unless the directive has `?`).

use super::findings::{meta, Part, UnfurlRule};
use crate::eval::unfurl::Issue;
use crate::rules::{Category, Level, RuleMeta};

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Resolved(Issue::Include),
};

static META: RuleMeta = meta(
    "unfurl_missing_include",
    Level::Error,
    Category::Validation,
    "An include whose file is missing or cannot be loaded (without `?`).",
    include_str!("../../../rules/unfurl_missing_include.md"),
);
