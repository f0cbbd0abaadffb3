//! `unfurl_merge_conflict`: A merge directive whose result is not a mapping (a list, a string) in a mapping that
//! has other keys: Unfurl can replace a mapping by such a value, not merge it, and fails
//! to load the document.

use super::findings::report_resolved;
use crate::eval::unfurl::Issue;
use crate::rules::yaml_context::YamlContext;
use crate::rules::{Category, FixKind, Level, Rule, RuleMeta};

pub struct UnfurlMergeConflict;

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

impl Rule for UnfurlMergeConflict {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        report_resolved(cx, Issue::Merge);
    }
}
