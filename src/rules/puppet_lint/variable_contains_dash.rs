//! `variable_contains_dash` (puppet-lint): a variable whose name is followed by a dash and a
//! word (`$foo-bar`), which Puppet reads as `$foo` minus `bar` (or as `$foo` then the text
//! `-bar` in a string).

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct VariableContainsDash;

static META: RuleMeta = RuleMeta {
    name: "variable_contains_dash",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("variable_contains_dash"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A variable name written with a dash.",
    doc: include_str!("../../../rules/variable_contains_dash.md"),
    kinds: &[NodeKind::Variable],
    options: &[],
};

impl Rule for VariableContainsDash {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Variable(name) = &expr.kind else {
            return;
        };
        // `${my-var}` really names a variable with a dash; `$my-var` is `$my` and `-var`.
        let dashed = name.contains('-')
            || cx
                .source()
                .get(expr.span.end()..)
                .and_then(|rest| rest.strip_prefix('-'))
                .and_then(|rest| rest.chars().next())
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
        if dashed {
            cx.report(
                Diagnostic::new(expr.span, "variable contains a dash")
                    .with_help("use `_` in variable names; write `${name}-text` in strings"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    const MSG: &str = "variable contains a dash";

    #[test]
    fn flags_dashes_after_variable_names() {
        let src = "$a = \"${my-var} $dash-var ${ok}-x\"\n$b = $count-1\n$c = $x-y\n$d = $x - y\n";
        assert_eq!(
            positions("variable_contains_dash", src),
            vec![(1, 9, MSG.into()), (1, 17, MSG.into()), (3, 6, MSG.into())]
        );
    }
}
