//! `unfurl_ignored_directive`: a key that looks like a merge directive but is not one to
//! Unfurl (`+incude`, `+*`: kept as an ordinary key), and the parts of a directive Unfurl
//! ignores (text after the directive, dots ending an anchor name, the anchor and path of an
//! include).

use super::findings::{meta, Part, UnfurlRule};
use crate::rules::{Category, Level, RuleMeta};
use crate::syntax::unfurl::Gravity;

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Keys(Gravity::Warning),
};

static META: RuleMeta = meta(
    "unfurl_ignored_directive",
    Level::Warning,
    Category::Correctness,
    "A `+` key Unfurl keeps as an ordinary key, or a part of a directive it ignores.",
    include_str!("../../../rules/unfurl_ignored_directive.md"),
);
