//! `variable_is_lowercase` (puppet-lint): a variable or parameter name with an uppercase
//! letter.

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, Parameter};

pub struct VariableIsLowercase;

static META: RuleMeta = RuleMeta {
    name: "variable_is_lowercase",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("variable_is_lowercase"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A variable name with an uppercase letter.",
    doc: include_str!("../../../rules/variable_is_lowercase.md"),
    kinds: &[
        NodeKind::Variable,
        NodeKind::Class,
        NodeKind::Define,
        NodeKind::Function,
        NodeKind::Plan,
        NodeKind::Call,
        NodeKind::MethodCall,
    ],
    options: &[],
};

const MESSAGE: &str = "variable contains an uppercase letter";
const HELP: &str = "use lowercase letters, digits and `_` in variable names";

fn has_upper(name: &str) -> bool {
    name.bytes().any(|b| b.is_ascii_uppercase())
}

impl Rule for VariableIsLowercase {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let params: &[Parameter] = match &expr.kind {
            ExprKind::Variable(name) => {
                if has_upper(name) {
                    cx.report(Diagnostic::new(expr.span, MESSAGE).with_help(HELP));
                }
                return;
            }
            ExprKind::Class(c) => &c.params,
            ExprKind::Define(d) => &d.params,
            ExprKind::Function(f) => &f.params,
            ExprKind::Plan(p) => &p.params,
            ExprKind::Call(c) => c.lambda.as_ref().map_or(&[], |l| &l.params),
            ExprKind::MethodCall(m) => m.lambda.as_ref().map_or(&[], |l| &l.params),
            _ => return,
        };
        for p in params.iter().filter(|p| has_upper(&p.name.name)) {
            cx.report(Diagnostic::new(p.name.span, MESSAGE).with_help(HELP));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    const MSG: &str = "variable contains an uppercase letter";

    #[test]
    fn flags_uppercase_names() {
        let src = "class foo($Param = 1, $ok = 2) {\n  $a = \"${Type} $Lower\"\n  [1].each |$Item| { notice($Item) }\n  $d = $::Foo::bar\n  $e = $facts['Key']\n}\n";
        assert_eq!(
            positions("variable_is_lowercase", src),
            vec![
                (1, 11, MSG.into()),
                (2, 17, MSG.into()),
                (3, 13, MSG.into()),
                (3, 29, MSG.into()),
                (4, 8, MSG.into())
            ]
        );
    }
}
