//! `relative_classname_reference` (plugin puppet-lint-absolute_classname-check): a class
//! reference written with the absolute class name (`Class['::foo']`).

use super::vp_c_util::strip_leading_colons;
use super::{Category, Context, Diagnostic, Fix, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct RelativeClassnameReference;

static META: RuleMeta = RuleMeta {
    name: "relative_classname_reference",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-absolute_classname-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "A class reference with an absolute class name (`Class['::foo']`).",
    doc: include_str!("../../rules/relative_classname_reference.md"),
    kinds: &[NodeKind::Access],
    options: &[],
};

impl Rule for RelativeClassnameReference {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Access { target, keys } = &expr.kind else {
            return;
        };
        if !matches!(&target.kind, ExprKind::QualifiedReference(n) if n == "Class") {
            return;
        }
        for k in keys {
            let absolute = match &k.kind {
                ExprKind::QualifiedName(n) => n.starts_with("::"),
                ExprKind::String { value, .. } => value.starts_with("::"),
                _ => false,
            };
            if !absolute {
                continue;
            }
            let mut d = Diagnostic::new(k.span, "absolute class name reference")
                .with_help("class names are always absolute: drop the leading `::`");
            if let Some(edit) = strip_leading_colons(cx, k.span) {
                d = d.with_fix(Fix::unsafe_(vec![edit]));
            }
            cx.report(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::style_c_util::testing::{findings, fixed};

    const NAME: &str = "relative_classname_reference";
    const MSG: &str = "absolute class name reference";

    #[test]
    fn absolute_references() {
        let src = "Class[::foo] -> Class['::bar']\nfile { '/x': require => [Class['::a', 'b'], Class['c']] }\n$r = Foo['::x']\n";
        assert_eq!(
            findings(NAME, src),
            vec![
                format!("1:7 {MSG}"),
                format!("1:23 {MSG}"),
                format!("2:32 {MSG}")
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "Class[foo] -> Class['bar']\nfile { '/x': require => [Class['a', 'b'], Class['c']] }\n$r = Foo['::x']\n"
        );
    }
}
