//! `file_ensure` (plugin puppet-lint-file_ensure-check): a `file` resource with
//! `ensure => present`, which does not say whether a file, a directory or a link is meant.

use super::ensure_values::{check_ensure_word, first_attribute};
use crate::rules::{Category, Context, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta};
use crate::syntax::{Expr, ResourceBody};

pub struct FileEnsure;

static META: RuleMeta = RuleMeta {
    name: "file_ensure",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-file_ensure-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "A `file` resource with `ensure => present`.",
    doc: include_str!("../../../rules/file_ensure.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

/// `link` when the body sets `target`, else `file`.
fn replacement(body: &ResourceBody) -> &'static str {
    if first_attribute(body, "target").is_some() {
        "link"
    } else {
        "file"
    }
}

impl Rule for FileEnsure {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        check_ensure_word(
            expr,
            cx,
            "file",
            "present",
            "ensure set to present on file resource",
            replacement,
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "file_ensure";
    const MSG: &str = "ensure set to present on file resource";

    #[test]
    fn flags_present_on_files() {
        let src = "file { '/a':\n  ensure => present,\n}\nfile { '/b': ensure => 'present', target => '/c' }\nfile { '/d': ensure => \"present\"; '/e': ensure => file }\nservice { 'f': ensure => present }\nfile { '/g': ensure => $x }\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (2, 13, MSG.into()),
                (4, 24, MSG.into()),
                (5, 24, MSG.into())
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "file { '/a':\n  ensure => file,\n}\nfile { '/b': ensure => 'link', target => '/c' }\nfile { '/d': ensure => \"file\"; '/e': ensure => file }\nservice { 'f': ensure => present }\nfile { '/g': ensure => $x }\n"
        );
    }
}
