//! `unfurl_invalid_directive`: a merge directive key that Unfurl rejects: a `~` that is not
//! `~0` or `~1` (the key is a JSON pointer). Unfurl fails to load the document.

use super::findings::{Part, UnfurlRule};
use crate::rules::{Category, FixKind, Level, RuleMeta};
use crate::syntax::unfurl::Gravity;

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Keys(Gravity::Error),
};

static META: RuleMeta = RuleMeta {
    name: "unfurl_invalid_directive",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "A merge directive key Unfurl cannot read (a `~` escape other than `~0`, `~1`): loading fails.",
    doc: include_str!("../../../rules/unfurl_invalid_directive.md"),
    kinds: &[],
    options: &[],
};
