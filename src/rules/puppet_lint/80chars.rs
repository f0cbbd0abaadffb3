//! `80chars`: a line longer than 80 characters (puppet-lint's `80chars`, off by default).

use crate::rules::{Category, Context, FixKind, Level, Rule, RuleMeta};

pub struct Chars80;

static META: RuleMeta = RuleMeta {
    name: "80chars",
    level: Level::Off,
    category: Category::Layout,
    fix: FixKind::None,
    puppet_lint: Some("80chars"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A line longer than 80 characters (lines with a URL or `template(` are exempt).",
    doc: include_str!("../../../rules/80chars.md"),
    kinds: &[],
    options: &[],
};

impl Rule for Chars80 {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        super::line_length::check_line_length(cx, 80);
    }
}
