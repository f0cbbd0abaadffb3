//! `unfurl_unresolved_path`: A merge directive path (`+/a/b`, `+../a`, `+*anchor/a`) that is not in its target,
//! or that names the mapping holding the directive or one above it (a recursive
//! include): Unfurl fails to load the document (unless the directive has `?`, which
//! allows a missing path but not a recursive one).

use super::findings::report_resolved;
use crate::eval::unfurl::Issue;
use crate::rules::yaml_context::YamlContext;
use crate::rules::{Category, FixKind, Level, Rule, RuleMeta};

pub struct UnfurlUnresolvedPath;

static META: RuleMeta = RuleMeta {
    name: "unfurl_unresolved_path",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "A directive path not found in its target, or pointing at a mapping that holds it.",
    doc: include_str!("../../../rules/unfurl_unresolved_path.md"),
    kinds: &[],
    options: &[],
};

impl Rule for UnfurlUnresolvedPath {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        report_resolved(cx, Issue::Path);
    }
}
