//! `unfurl_missing_include`: An include directive whose file does not exist (relative to the including file),
//! does not parse or lacks the `#fragment` named, or whose value is no file name: Unfurl
//! fails to load the document (unless the directive has `?`).

use super::findings::report_resolved;
use crate::eval::unfurl::Issue;
use crate::rules::yaml_context::YamlContext;
use crate::rules::{Category, FixKind, Level, Rule, RuleMeta};

pub struct UnfurlMissingInclude;

static META: RuleMeta = RuleMeta {
    name: "unfurl_missing_include",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "An include whose file is missing or cannot be loaded (without `?`).",
    doc: include_str!("../../../rules/unfurl_missing_include.md"),
    kinds: &[],
    options: &[],
};

impl Rule for UnfurlMissingInclude {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        report_resolved(cx, Issue::Include);
    }
}
