//! `ensure_not_symlink_target` (puppet-lint): a `file` whose `ensure` is a path (a symlink
//! target) instead of `link` plus `target`.

use super::indentation::indent_before;
use crate::rules::resources::{attributes, type_name};
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind, StringPart, StringStyle};

pub struct EnsureNotSymlinkTarget;

static META: RuleMeta = RuleMeta {
    name: "ensure_not_symlink_target",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("ensure_not_symlink_target"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A file whose `ensure` is a symlink target path.",
    doc: include_str!("../../../rules/ensure_not_symlink_target.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

/// Whether `value` is a string starting with `/`.
fn is_path(value: &Expr) -> bool {
    match &value.kind {
        ExprKind::String { value, style } => *style != StringStyle::Bare && value.starts_with('/'),
        ExprKind::Concat(parts) => {
            matches!(parts.first(), Some(StringPart::Text { value, .. }) if value.starts_with('/'))
        }
        _ => false,
    }
}

impl Rule for EnsureNotSymlinkTarget {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Resource(r) = &expr.kind else {
            return;
        };
        if type_name(&r.type_name) != Some("file") {
            return;
        }
        for body in &r.bodies {
            let has_target = attributes(body).any(|(_, n, _)| n.name == "target");
            for (_, name, value) in attributes(body) {
                if name.name != "ensure" || !is_path(value) {
                    continue;
                }
                let mut d = Diagnostic::new(value.span, "symlink target specified in ensure attr")
                    .with_help("use `ensure => link` and `target => <path>`");
                if !has_target {
                    let insert = match indent_before(cx.source(), name.span.start()) {
                        Some(indent) => format!("symlink,\n{indent}target => "),
                        None => "symlink, target => ".to_string(),
                    };
                    d = d.with_fix(Fix::unsafe_(vec![Edit::insert(value.span.start(), insert)]));
                }
                cx.report(d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "ensure_not_symlink_target";
    const MSG: &str = "symlink target specified in ensure attr";

    #[test]
    fn flags_paths_in_ensure() {
        let src = "file { '/a':\n  ensure => '/b',\n}\nfile { '/c': ensure => \"/d/${x}\" }\nfile { '/e': ensure => link, target => '/f' }\nservice { 'g': ensure => '/h' }\n";
        assert_eq!(
            positions(NAME, src),
            vec![(2, 13, MSG.into()), (4, 24, MSG.into())]
        );
        assert_eq!(
            fixed(NAME, src),
            "file { '/a':\n  ensure => symlink,\n  target => '/b',\n}\nfile { '/c': ensure => symlink, target => \"/d/${x}\" }\nfile { '/e': ensure => link, target => '/f' }\nservice { 'g': ensure => '/h' }\n"
        );
    }

    #[test]
    fn no_fix_when_target_is_set() {
        let d = crate::rules::testing::run(NAME, "file { '/a': ensure => '/b', target => '/c' }\n");
        assert_eq!(d.len(), 1);
        assert!(d[0].fix.is_none());
    }
}
