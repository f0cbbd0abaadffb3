//! `future_reserved_word`: the word `plan` used as the name of a class, define or function,
//! or as a type (`Plan`, `Plan[...]`) in a type alias or a return type. Puppet warns
//! (FUTURE_RESERVED_WORD, a deprecation): `plan` is a keyword when Puppet runs tasks
//! (`--tasks`, Bolt), where such code no longer parses.

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, Lambda};

pub struct FutureReservedWord;

static META: RuleMeta = RuleMeta {
    name: "future_reserved_word",
    level: Level::Warning,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["FUTURE_RESERVED_WORD"],
    since: "0.1.0",
    summary: "The future reserved word `plan` used as a definition name or a type.",
    doc: include_str!("../../../rules/future_reserved_word.md"),
    kinds: &[
        NodeKind::Class,
        NodeKind::Define,
        NodeKind::Function,
        NodeKind::TypeAlias,
        NodeKind::Call,
        NodeKind::MethodCall,
    ],
    options: &[],
};

const MESSAGE: &str = "Use of future reserved word: 'plan'";

/// Reports `t` when it is the type `Plan` or `Plan[...]` (Puppet compares lower case).
fn check_type(t: &Expr, cx: &mut Context<'_>) {
    let target = match &t.kind {
        ExprKind::Access { target, .. } => target,
        _ => t,
    };
    if let ExprKind::QualifiedReference(name) = &target.kind {
        if name.eq_ignore_ascii_case("plan") {
            cx.report(
                Diagnostic::new(t.span, MESSAGE)
                    .with_help("`Plan` is a type only when Puppet runs tasks; rename the type"),
            );
        }
    }
}

fn check_lambda(l: &Option<Lambda>, cx: &mut Context<'_>) {
    if let Some(t) = l.as_ref().and_then(|l| l.return_type.as_ref()) {
        check_type(t, cx);
    }
}

impl Rule for FutureReservedWord {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let name = match &expr.kind {
            ExprKind::Class(c) => &c.name,
            ExprKind::Define(d) => &d.name,
            ExprKind::Function(f) => {
                if let Some(t) = &f.return_type {
                    check_type(t, cx);
                }
                &f.name
            }
            ExprKind::TypeAlias(t) => return check_type(&t.value, cx),
            ExprKind::Call(c) => return check_lambda(&c.lambda, cx),
            ExprKind::MethodCall(m) => return check_lambda(&m.lambda, cx),
            _ => return,
        };
        if name == "plan" {
            cx.report(Diagnostic::new(expr.span, MESSAGE).with_help(
                "`plan` is a keyword when Puppet runs tasks (Bolt); choose another name",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn plan_as_name_or_type() {
        let r = |s| positions("future_reserved_word", s);
        let m = "Use of future reserved word: 'plan'".to_string();
        assert_eq!(r("class plan {}\n"), vec![(1, 1, m.clone())]);
        assert_eq!(r("define plan {}\n"), vec![(1, 1, m.clone())]);
        assert_eq!(r("function plan() {}\n"), vec![(1, 1, m.clone())]);
        assert_eq!(r("type A = Plan\n"), vec![(1, 10, m.clone())]);
        assert_eq!(r("function f() >> Plan {}\n"), vec![(1, 17, m.clone())]);
        assert_eq!(r("$x.each |$a| >> Plan { }\n"), vec![(1, 17, m)]);
        assert!(r("class a { class plan {} }\n$x = Plan\ntype A = Plan {}\n").is_empty());
    }
}
