//! `unfurl_ignored_directive`: A key that looks like a merge directive but is not one to Unfurl (`+incude`,
//! `+*`: kept as an ordinary key), and the parts of a directive Unfurl ignores (text after
//! the directive, dots ending an anchor name, the anchor and path of an include).

use super::findings::{is_unfurl, key_problems, report_problems};
use crate::rules::yaml_context::YamlContext;
use crate::rules::{Category, FixKind, Level, Rule, RuleMeta};
use crate::syntax::unfurl::Gravity;

pub struct UnfurlIgnoredDirective;

static META: RuleMeta = RuleMeta {
    name: "unfurl_ignored_directive",
    level: Level::Warning,
    category: Category::Correctness,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "A `+` key Unfurl keeps as an ordinary key, or a part of a directive it ignores.",
    doc: include_str!("../../../rules/unfurl_ignored_directive.md"),
    kinds: &[],
    options: &[],
};

impl Rule for UnfurlIgnoredDirective {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        if is_unfurl(cx) {
            let problems = key_problems(cx.file);
            report_problems(cx, problems, Gravity::Warning);
        }
    }
}
