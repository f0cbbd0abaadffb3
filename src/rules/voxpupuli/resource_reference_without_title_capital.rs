//! `resource_reference_without_title_capital` (plugin
//! puppet-lint-resource_reference_syntax): a capitalised bare title in a resource reference
//! of a relationship metaparameter (`require => Service[Apache]`), which Puppet reads as a
//! type, not as the title `apache`.

use super::resource_references::RESOURCE_REFERENCE_SYNTAX;
use super::resource_references::{is_lint_type, reference_titles};
use crate::rules::{Category, Context, Diagnostic, FixKind, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct ResourceReferenceWithoutTitleCapital;

static META: RuleMeta = RuleMeta {
    name: "resource_reference_without_title_capital",
    category: Category::Style,
    fix: FixKind::None,
    summary: "A capitalised bare title in a resource reference.",
    doc: include_str!("../../../rules/resource_reference_without_title_capital.md"),
    kinds: &[NodeKind::Resource],
    ..RESOURCE_REFERENCE_SYNTAX
};

impl Rule for ResourceReferenceWithoutTitleCapital {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let mut found = Vec::new();
        // `Class[Foo]` is fine: Puppet reads a capitalised class title as the class name.
        reference_titles(expr, &mut |ty, key| {
            if ty != "Class"
                && matches!(&key.kind, ExprKind::QualifiedReference(n) if !is_lint_type(n))
            {
                found.push(key.span);
            }
        });
        for span in found {
            cx.report(
                Diagnostic::new(span, "resource reference with title with capital letter")
                    .with_help("quote the title: `Service['apache']`"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    const NAME: &str = "resource_reference_without_title_capital";
    const MSG: &str = "resource reference with title with capital letter";

    #[test]
    fn flags_capitalised_titles() {
        let src = "exec { 'a':\n  require => Service[Apache],\n  before  => [File['/b'], Package[Foo::Bar, 'c']],\n  notify  => [Class[String], Class[Foo]],\n  tag     => Service[Apache],\n}\n";
        assert_eq!(
            positions(NAME, src),
            vec![(2, 22, MSG.into()), (3, 35, MSG.into())]
        );
    }
}
