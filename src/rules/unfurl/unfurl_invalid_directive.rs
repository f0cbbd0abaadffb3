//! `unfurl_invalid_directive`: a merge directive key that Unfurl rejects: a `~` that is not
//! `~0` or `~1` (the key is a JSON pointer). Unfurl fails to load the document.

use super::findings::{meta, Part, UnfurlRule};
use crate::rules::{Category, Level, RuleMeta};
use crate::syntax::unfurl::Gravity;

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Keys(Gravity::Error),
};

static META: RuleMeta = meta(
    "unfurl_invalid_directive",
    Level::Error,
    Category::Validation,
    "A merge directive key Unfurl cannot read (a `~` escape other than `~0`, `~1`): loading fails.",
    include_str!("../../../rules/unfurl_invalid_directive.md"),
);
