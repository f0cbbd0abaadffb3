//! `unfurl_unknown_anchor`: a `+*name` directive whose anchor neither the document nor the
//! files it includes define: Unfurl fails to load the document (unless the directive has
//! `?`).

use super::findings::{meta, Part, UnfurlRule};
use crate::eval::unfurl::Issue;
use crate::rules::{Category, Level, RuleMeta};

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Resolved(Issue::Anchor),
};

static META: RuleMeta = meta(
    "unfurl_unknown_anchor",
    Level::Error,
    Category::Validation,
    "A `+*anchor` directive naming an anchor defined nowhere (without `?`).",
    include_str!("../../../rules/unfurl_unknown_anchor.md"),
);
