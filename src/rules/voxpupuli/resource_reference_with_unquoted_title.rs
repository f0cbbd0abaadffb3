//! `resource_reference_with_unquoted_title` (plugin puppet-lint-resource_reference_syntax):
//! a bare-word title in a resource reference of a relationship metaparameter
//! (`require => Package[nginx]`).

use super::resource_references::reference_titles;
use super::resource_references::RESOURCE_REFERENCE_SYNTAX;
use crate::rules::quoting::single_quoted;
use crate::rules::{Category, Context, Diagnostic, Edit, Fix, FixKind, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, StringStyle};

pub struct ResourceReferenceWithUnquotedTitle;

static META: RuleMeta = RuleMeta {
    name: "resource_reference_with_unquoted_title",
    category: Category::Style,
    fix: FixKind::Unsafe,
    summary: "A bare-word title in a resource reference.",
    doc: include_str!("../../../rules/resource_reference_with_unquoted_title.md"),
    kinds: &[NodeKind::Resource],
    ..RESOURCE_REFERENCE_SYNTAX
};

impl Rule for ResourceReferenceWithUnquotedTitle {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        reference_titles(expr, &mut |_, key| {
            if matches!(
                &key.kind,
                ExprKind::QualifiedName(_)
                    | ExprKind::String {
                        style: StringStyle::Bare,
                        ..
                    }
            ) {
                found.push(key.span);
            }
        });
        for span in found {
            // A bare name evaluates to the String of its text: quoting keeps the value.
            let quoted = single_quoted(cx.text(span));
            cx.report(
                Diagnostic::new(span, "unquoted title in resource reference")
                    .with_help(format!("quote the title: {quoted}"))
                    .with_fix(Fix::unsafe_(vec![Edit::replace(span, quoted)])),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "resource_reference_with_unquoted_title";
    const MSG: &str = "unquoted title in resource reference";

    #[test]
    fn flags_bare_titles() {
        let src = "exec { 'a':\n  require   => Package[nginx],\n  subscribe => [File['/b'], Class[foo::bar], Service[$s, c]],\n  tag       => Package[nginx],\n}\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (2, 24, MSG.into()),
                (3, 35, MSG.into()),
                (3, 58, MSG.into())
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "exec { 'a':\n  require   => Package['nginx'],\n  subscribe => [File['/b'], Class['foo::bar'], Service[$s, 'c']],\n  tag       => Package[nginx],\n}\n"
        );
    }
}
