//! `relative_classname_reference` (plugin puppet-lint-absolute_classname-check): a class
//! reference written with the absolute class name (`Class['::foo']`).

use super::absolute_class_names::ABSOLUTE_CLASSNAME;
use super::absolute_class_names::{is_absolute_name, report_absolute_name};
use crate::rules::{Context, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct RelativeClassnameReference;

static META: RuleMeta = RuleMeta {
    name: "relative_classname_reference",
    summary: "A class reference with an absolute class name (`Class['::foo']`).",
    doc: include_str!("../../../rules/relative_classname_reference.md"),
    kinds: &[NodeKind::Access],
    ..ABSOLUTE_CLASSNAME
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
        for k in keys.iter().filter(|k| is_absolute_name(k)) {
            report_absolute_name(cx, k.span, "absolute class name reference");
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

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
