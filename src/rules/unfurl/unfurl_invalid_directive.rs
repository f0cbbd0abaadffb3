//! `unfurl_invalid_directive`: A merge directive key that Unfurl rejects: a `~` that is not `~0` or `~1` (the
//! key is a JSON pointer). Unfurl fails to load the document.

use super::findings::{is_unfurl, key_problems, report_problems};
use crate::rules::yaml_context::YamlContext;
use crate::rules::{Category, FixKind, Level, Rule, RuleMeta};
use crate::syntax::unfurl::Gravity;

pub struct UnfurlInvalidDirective;

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

impl Rule for UnfurlInvalidDirective {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        if is_unfurl(cx) {
            let problems = key_problems(cx.file);
            report_problems(cx, problems, Gravity::Error);
        }
    }
}
