//! `illegal_expression`: an expression of a kind that Puppet's validator does not accept
//! where it is (ILLEGAL_EXPRESSION): a function name that is not a name or a type
//! (`'f'(1)`, `$f(1)`, `$x[1](2)`), a collector of something that is not a type
//! (`file <| |>`), a type alias, function or lambda return type that is not a type
//! reference (`type A = [Integer]`).

use super::labels::{a_an, a_an_uc, label};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta, Slot};
use crate::syntax::{Expr, ExprKind, Lambda};

pub struct IllegalExpression;

static META: RuleMeta = RuleMeta {
    name: "illegal_expression",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_EXPRESSION"],
    since: "0.1.0",
    summary: "An expression of a kind that cannot be used where it is (a function name that \
              is not a name, a collector of something that is not a type, ...).",
    doc: include_str!("../../../rules/illegal_expression.md"),
    kinds: &[
        NodeKind::Call,
        NodeKind::MethodCall,
        NodeKind::Collect,
        NodeKind::TypeAlias,
        NodeKind::Function,
        NodeKind::Variable,
    ],
    options: &[],
};

fn is_type_ref(e: &Expr) -> bool {
    let target = match &e.kind {
        ExprKind::Access { target, .. } => target,
        _ => e,
    };
    matches!(target.kind, ExprKind::QualifiedReference(_))
}

fn report(cx: &mut Context<'_>, culprit: &Expr, feature: &str, container: &str, help: &str) {
    cx.report(
        Diagnostic::new(
            culprit.span,
            format!(
                "Illegal expression. {} is unacceptable as {feature} in {}",
                a_an_uc(&label(culprit)),
                a_an(container)
            ),
        )
        .with_help(help.to_string()),
    );
}

fn check_lambda(l: &Option<Lambda>, cx: &mut Context<'_>) {
    if let Some(t) = l.as_ref().and_then(|l| l.return_type.as_ref()) {
        if !is_type_ref(t) {
            report(cx, t, "a type reference", "Lambda", "write a type here");
        }
    }
}

impl Rule for IllegalExpression {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        match &expr.kind {
            ExprKind::Call(c) => {
                let ok =
                    matches!(c.functor.kind, ExprKind::QualifiedName(_)) || is_type_ref(&c.functor);
                if !ok {
                    report(
                        cx,
                        &c.functor,
                        "function name",
                        "Function Call",
                        "call a function by its name (`f(1)`); to call a lambda held in a \
                         variable use `$f.call(1)`",
                    );
                }
                check_lambda(&c.lambda, cx);
            }
            ExprKind::MethodCall(m) => check_lambda(&m.lambda, cx),
            ExprKind::Collect(c)
                if !matches!(c.type_expr.kind, ExprKind::QualifiedReference(_)) =>
            {
                let container = label(expr);
                report(
                    cx,
                    &c.type_expr,
                    "type name",
                    &container,
                    "a collector names a resource type with a capital letter (`File <| |>`)",
                );
            }
            ExprKind::TypeAlias(t) if !is_type_ref(&t.value) => {
                report(
                    cx,
                    &t.value,
                    "a type reference",
                    "Type Alias",
                    "the value of a type alias is a type (`Integer[1]`, `Variant[A, B]`)",
                );
            }
            // `"${true}"`: Puppet's parser makes a variable named by the boolean, and its
            // validator then fails ("undefined method `[]' for true:TrueClass").
            ExprKind::Variable(name)
                if (name == "true" || name == "false")
                    && cx.slot() == Some(Slot::Interpolation)
                    && !cx.text(expr.span).starts_with('$') =>
            {
                cx.report(
                    Diagnostic::new(
                        expr.span,
                        format!(
                            "Illegal expression. The Boolean {name} is unacceptable as a variable \
                             name in an interpolation (Puppet fails with \"undefined method `[]' \
                             for {name}:{}Class\")",
                            if name == "true" { "True" } else { "False" }
                        ),
                    )
                    .with_help(format!(
                        "write the text `{name}` itself; `${{{name}}}` names a variable, and \
                         Puppet cannot validate it"
                    )),
                );
            }
            ExprKind::Function(f) => {
                if let Some(t) = f.return_type.as_ref().filter(|t| !is_type_ref(t)) {
                    report(
                        cx,
                        t,
                        "a type reference",
                        "Function Definition",
                        "write a type here",
                    );
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn function_names() {
        let r = |s| positions("illegal_expression", s);
        assert_eq!(
            r("'a'(1)\n"),
            vec![(
                1,
                1,
                "Illegal expression. A String is unacceptable as function name in a Function Call"
                    .to_string()
            )]
        );
        assert_eq!(
            r("$f(1)\n")[0].2,
            "Illegal expression. A Variable is unacceptable as function name in a Function Call"
        );
        assert_eq!(
            r("$x[1](2)\n")[0].2,
            "Illegal expression. A '[]' expression is unacceptable as function name in a \
             Function Call"
        );
        assert_eq!(
            r("private(1)\n")[0].2,
            "Illegal expression. A Reserved Word 'private' is unacceptable as function name in \
             a Function Call"
        );
        assert!(r("Integer('1')\nFoo[1]('1')\na::b(1)\n::a(1)\n$x.foo\n").is_empty());
    }

    #[test]
    fn collectors_and_type_references() {
        let r = |s| positions("illegal_expression", s);
        assert_eq!(
            r("file <| |>\n"),
            vec![(
                1,
                1,
                "Illegal expression. A Name is unacceptable as type name in a Virtual Query"
                    .to_string()
            )]
        );
        assert_eq!(
            r("type A = [Integer]\n"),
            vec![(
                1,
                10,
                "Illegal expression. An Array Expression is unacceptable as a type reference \
                 in a Type Alias"
                    .to_string()
            )]
        );
        assert!(r("type A = Foo::Bar[1]\ntype B = {a => Integer}\nFoo <| |>\n").is_empty());
    }

    #[test]
    fn booleans_in_interpolations() {
        let r = |s| positions("illegal_expression", s);
        assert_eq!(
            r("$x = \"a ${true}\"\n"),
            vec![(
                1,
                11,
                "Illegal expression. The Boolean true is unacceptable as a variable name in an \
                 interpolation (Puppet fails with \"undefined method `[]' for true:TrueClass\")"
                    .to_string()
            )]
        );
        assert_eq!(r("$x = \"${false}\"\n").len(), 1);
        assert!(r("$x = \"${$true} $true ${undef}\"\n").is_empty());
    }
}
