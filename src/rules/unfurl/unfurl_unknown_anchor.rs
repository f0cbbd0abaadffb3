//! `unfurl_unknown_anchor`: A `+*name` directive whose anchor neither the document nor the files it includes
//! define: Unfurl fails to load the document (unless the directive has `?`).

use super::findings::report_resolved;
use crate::eval::unfurl::Issue;
use crate::rules::yaml_context::YamlContext;
use crate::rules::{Category, FixKind, Level, Rule, RuleMeta};

pub struct UnfurlUnknownAnchor;

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

impl Rule for UnfurlUnknownAnchor {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        report_resolved(cx, Issue::Anchor);
    }
}
