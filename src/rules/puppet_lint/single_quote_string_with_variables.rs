//! `single_quote_string_with_variables` (puppet-lint): a single-quoted string containing
//! `${`, which Puppet does not interpolate.

use crate::rules::Slot;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, StringStyle};

pub struct SingleQuoteStringWithVariables;

static META: RuleMeta = RuleMeta {
    name: "single_quote_string_with_variables",
    level: Level::Error,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("single_quote_string_with_variables"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A single-quoted string that contains `${`, which is not interpolated.",
    doc: include_str!("../../../rules/single_quote_string_with_variables.md"),
    kinds: &[NodeKind::String],
    options: &[],
};

/// Whether the current string is an argument of `inline_epp` or `inline_template`, whose
/// templates hold `${` on purpose.
fn is_template_argument(cx: &Context<'_>) -> bool {
    if cx.slot() != Some(Slot::Argument) {
        return false;
    }
    match cx.parent().map(|f| &f.expr.kind) {
        Some(ExprKind::Call(c)) => matches!(
            &c.functor.kind,
            ExprKind::QualifiedName(n) if n.contains("inline_epp") || n.contains("inline_template")
        ),
        Some(ExprKind::MethodCall(m)) => {
            m.name.name.contains("inline_epp") || m.name.name.contains("inline_template")
        }
        _ => false,
    }
}

impl Rule for SingleQuoteStringWithVariables {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::String {
            style: StringStyle::Single,
            ..
        } = &expr.kind
        else {
            return;
        };
        if !cx.text(expr.span).contains("${") || is_template_argument(cx) {
            return;
        }
        cx.report(
            Diagnostic::new(
                expr.span,
                "single quoted string containing a variable found",
            )
            .with_help("use double quotes to interpolate, or escape the `$` in double quotes"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    const NAME: &str = "single_quote_string_with_variables";

    #[test]
    fn flags_single_quoted_interpolation() {
        let src = "$a = 'x ${y}'\n$b = inline_template('<%= ${x} %>')\n$c = '$y'\n$d = inline_epp('${x}')\n";
        assert_eq!(
            positions(NAME, src),
            vec![(
                1,
                6,
                "single quoted string containing a variable found".into()
            )]
        );
    }
}
