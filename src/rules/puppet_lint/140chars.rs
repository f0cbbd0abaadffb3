//! `140chars`: a line longer than 140 characters (puppet-lint's `140chars`).

use crate::rules::{Category, Context, FixKind, Level, Rule, RuleMeta};

pub struct Chars140;

static META: RuleMeta = RuleMeta {
    name: "140chars",
    level: Level::Warning,
    category: Category::Layout,
    fix: FixKind::None,
    puppet_lint: Some("140chars"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A line longer than 140 characters (lines with a URL or `template(` are exempt).",
    doc: include_str!("../../../rules/140chars.md"),
    kinds: &[],
    options: &[],
};

impl Rule for Chars140 {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        super::line_length::check_line_length(cx, 140);
    }
}
