//! `ends_with_value`: a class, define or node body whose last statement only produces a
//! value. Puppet's validator rejects it (IDEM_NOT_ALLOWED_LAST): such a body has no value
//! to give, so the expression has no effect.

use super::idem::{idem, is_resource_without_title};
use super::labels::{a_an_uc, label};
use super::positions::operator_line_span;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct EndsWithValue;

static META: RuleMeta = RuleMeta {
    name: "ends_with_value",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["IDEM_NOT_ALLOWED_LAST"],
    since: "0.1.0",
    summary: "A class, define or node body ends with an expression that only produces a value.",
    doc: include_str!("../../../rules/ends_with_value.md"),
    kinds: &[NodeKind::Class, NodeKind::Define, NodeKind::Node],
    options: &[],
};

impl Rule for EndsWithValue {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let body = match &expr.kind {
            ExprKind::Class(c) => &c.body,
            ExprKind::Define(d) => &d.body,
            ExprKind::Node(n) => &n.body,
            _ => return,
        };
        let Some(last) = body.statements.last() else {
            return;
        };
        if !idem(last) || is_resource_without_title(last) {
            return;
        }
        let span = operator_line_span(cx.source(), last);
        cx.report(
            Diagnostic::new(
                span,
                format!(
                    "This {} has no effect. {} can not end with a value-producing expression \
                     without other effect",
                    label(last),
                    a_an_uc(&label(expr))
                ),
            )
            .with_help("remove the expression, or use its value"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn bodies_ending_with_a_value() {
        let r = |s| positions("ends_with_value", s);
        assert_eq!(
            r("class a { notice(1) 2 }\n"),
            vec![(
                1,
                21,
                "This Literal Integer has no effect. A Host Class Definition can not end with \
                 a value-producing expression without other effect"
                    .to_string()
            )]
        );
        assert_eq!(
            r("define a { $x }\n"),
            vec![(
                1,
                12,
                "This Variable has no effect. A 'define' expression can not end with a \
                 value-producing expression without other effect"
                    .to_string()
            )]
        );
        assert_eq!(
            r("node a { \"x\" }\n"),
            vec![(
                1,
                10,
                "This String has no effect. A Node Definition can not end with a \
                 value-producing expression without other effect"
                    .to_string()
            )]
        );
        assert_eq!(r("class a { notice(1)\n $x\n - 1 }\n")[0].0, 3);
        assert!(r("class a { }\n").is_empty());
        assert!(r("function f() { 1 }\n").is_empty());
        assert!(r("class a { file { ensure => present } }\n").is_empty());
        assert!(r("class a { $x =~ /a/ }\n").is_empty());
    }
}
