//! `package_ensure` (plugin puppet-lint-package_ensure-check): a `package` resource with
//! `ensure => latest`, which upgrades the package whenever a newer version appears.

use super::ensure_values::check_ensure_word;
use crate::rules::{Category, Context, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta};
use crate::syntax::{Expr, ResourceBody};

pub struct PackageEnsure;

static META: RuleMeta = RuleMeta {
    name: "package_ensure",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-package_ensure-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "A `package` resource with `ensure => latest`.",
    doc: include_str!("../../../rules/package_ensure.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

fn installed(_: &ResourceBody) -> &'static str {
    "installed"
}

impl Rule for PackageEnsure {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        check_ensure_word(
            expr,
            cx,
            "package",
            "latest",
            "ensure set to latest on a package resource",
            installed,
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "package_ensure";
    const MSG: &str = "ensure set to latest on a package resource";

    #[test]
    fn flags_latest_on_packages() {
        let src = "package { 'a':\n  ensure => latest,\n}\npackage { ['b', 'c']: ensure => 'latest' }\npackage { 'd': ensure => installed }\nfile { '/e': ensure => latest }\npackage { 'f': ensure => $v }\n";
        assert_eq!(
            positions(NAME, src),
            vec![(2, 13, MSG.into()), (4, 33, MSG.into())]
        );
        assert_eq!(
            fixed(NAME, src),
            "package { 'a':\n  ensure => installed,\n}\npackage { ['b', 'c']: ensure => 'installed' }\npackage { 'd': ensure => installed }\nfile { '/e': ensure => latest }\npackage { 'f': ensure => $v }\n"
        );
    }
}
