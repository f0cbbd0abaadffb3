//! `quoted_booleans` (puppet-lint, off by default): the string `'true'` or `'false'` where a
//! Boolean may have been meant.

use crate::rules::Slot;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind, StringStyle};

pub struct QuotedBooleans;

static META: RuleMeta = RuleMeta {
    name: "quoted_booleans",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("quoted_booleans"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A quoted `'true'` or `'false'`.",
    doc: include_str!("../../../rules/quoted_booleans.md"),
    kinds: &[NodeKind::String],
    options: &[],
};

impl Rule for QuotedBooleans {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::String { value, style } = &expr.kind else {
            return;
        };
        if *style == StringStyle::Bare
            || cx.slot() == Some(Slot::HeredocText)
            || !(value == "true" || value == "false")
        {
            return;
        }
        cx.report(
            Diagnostic::new(expr.span, "quoted boolean value found")
                .with_help(
                    "a non-empty String is always true; write `true` or `false` for a Boolean",
                )
                .with_fix(Fix::unsafe_(vec![Edit::replace(expr.span, value.clone())])),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "quoted_booleans";

    #[test]
    fn flags_quoted_booleans() {
        let src = "$a = 'true'\n$b = \"false\"\n$c = true\n$d = 'True'\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (1, 6, "quoted boolean value found".into()),
                (2, 6, "quoted boolean value found".into())
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "$a = true\n$b = false\n$c = true\n$d = 'True'\n"
        );
    }
}
