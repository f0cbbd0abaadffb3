//! `relative_classname_inclusion` (plugin puppet-lint-absolute_classname-check): a class
//! included, contained, required, declared or inherited by its absolute name (`::foo`).

use super::absolute_class_names::ABSOLUTE_CLASSNAME;
use super::absolute_class_names::{is_absolute_name, report_absolute_name};
use crate::rules::{Context, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, Span};

pub struct RelativeClassnameInclusion;

static META: RuleMeta = RuleMeta {
    name: "relative_classname_inclusion",
    summary: "A class included, declared or inherited by its absolute name (`::foo`).",
    doc: include_str!("../../../rules/relative_classname_inclusion.md"),
    kinds: &[NodeKind::Call, NodeKind::Resource, NodeKind::Class],
    ..ABSOLUTE_CLASSNAME
};

const MESSAGE: &str = "class included by absolute name (::$class)";

/// The spans of the class names starting with `::` that `e` gives: a name or a plain
/// string, or an array of them.
fn absolute_names(e: &Expr, out: &mut Vec<Span>) {
    match &e.kind {
        ExprKind::Array(items) => {
            for i in items {
                absolute_names(i, out);
            }
        }
        _ if is_absolute_name(e) => out.push(e.span),
        _ => {}
    }
}

impl Rule for RelativeClassnameInclusion {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let mut spans = Vec::new();
        match &expr.kind {
            ExprKind::Call(c) => {
                let ExprKind::QualifiedName(f) = &c.functor.kind else {
                    return;
                };
                if !matches!(f.as_str(), "include" | "contain" | "require") {
                    return;
                }
                for a in &c.args {
                    absolute_names(a, &mut spans);
                }
            }
            ExprKind::Resource(r) => {
                if !matches!(&r.type_name.kind, ExprKind::QualifiedName(n) if n == "class") {
                    return;
                }
                for b in &r.bodies {
                    absolute_names(&b.title, &mut spans);
                }
            }
            ExprKind::Class(c) => {
                if let Some(p) = c.parent.as_ref().filter(|p| p.name.starts_with("::")) {
                    spans.push(p.span);
                }
            }
            _ => return,
        }
        for span in spans {
            report_absolute_name(cx, span, MESSAGE);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const NAME: &str = "relative_classname_inclusion";
    const MSG: &str = "class included by absolute name (::$class)";

    #[test]
    fn absolute_names() {
        let src = "include ::foo\ninclude('::foo', bar)\ninclude ::a, ::b\ncontain(::c)\nrequire ::d\ninclude(foo('::x'))\nclass { '::e': }\nclass f inherits ::g {}\nclass { ['::h', 'i']: }\nfile { '/x': require => Class['::j'] }\ninclude \"::k\"\n";
        assert_eq!(
            findings(NAME, src),
            vec![
                format!("1:9 {MSG}"),
                format!("2:9 {MSG}"),
                format!("3:9 {MSG}"),
                format!("3:14 {MSG}"),
                format!("4:9 {MSG}"),
                format!("5:9 {MSG}"),
                format!("7:9 {MSG}"),
                format!("8:18 {MSG}"),
                format!("9:10 {MSG}"),
                format!("11:9 {MSG}"),
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "include foo\ninclude('foo', bar)\ninclude a, b\ncontain(c)\nrequire d\ninclude(foo('::x'))\nclass { 'e': }\nclass f inherits g {}\nclass { ['h', 'i']: }\nfile { '/x': require => Class['::j'] }\ninclude \"k\"\n"
        );
    }

    #[test]
    fn more_than_two_leading_colons_get_no_fix() {
        // Dropping `::` from `':::foo'` left `':foo'`, flagged again at every round.
        let src = "class { ':::::deepmod': }\ninclude ::foo\n";
        assert_eq!(findings(NAME, src).len(), 2);
        assert_eq!(fixed(NAME, src), "class { ':::::deepmod': }\ninclude foo\n");
    }

    #[test]
    fn relative_names_are_fine() {
        let src = "include foo\ncontain foo::bar\nclass { 'baz': }\nclass a inherits b {}\n$h = { require => Exec['x'] }\n";
        assert!(findings(NAME, src).is_empty());
    }
}
