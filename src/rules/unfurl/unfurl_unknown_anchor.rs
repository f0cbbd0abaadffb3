//! `unfurl_unknown_anchor`: a `+*name` directive whose anchor neither the document nor the
//! files it includes define: Unfurl fails to load the document (unless the directive has
//! `?`).

use super::findings::{Part, UnfurlRule};
use crate::eval::unfurl::Issue;
use crate::rules::{Category, FixKind, Level, RuleMeta};

/// The rule, for the registry.
pub static RULE: UnfurlRule = UnfurlRule {
    meta: &META,
    part: Part::Resolved(Issue::Anchor),
};

static META: RuleMeta = RuleMeta {
    name: "unfurl_unknown_anchor",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "A `+*anchor` directive naming an anchor defined nowhere (without `?`).",
    doc: include_str!("../../../rules/unfurl_unknown_anchor.md"),
    kinds: &[],
    options: &[],
};
