//! `numeric_parameter`: a numeric parameter name (`$1`), which would clash with the match
//! variables (Puppet's ILLEGAL_NUMERIC_PARAMETER).

use super::parameter_lists::{param_span, params_of, PARAM_OWNER_KINDS};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct NumericParameter;

static META: RuleMeta = RuleMeta {
    name: "numeric_parameter",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_NUMERIC_PARAMETER"],
    since: "0.1.0",
    summary: "A numeric parameter name (`$1`), which would clash with the match variables.",
    doc: include_str!("../../../rules/numeric_parameter.md"),
    kinds: PARAM_OWNER_KINDS,
    options: &[],
};

impl Rule for NumericParameter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((_, params)) = params_of(expr) else {
            return;
        };
        for p in params
            .iter()
            .filter(|p| super::naming::is_numeric_param_name(&p.name.name))
        {
            cx.report(
                Diagnostic::new(
                    param_span(p, cx.source()),
                    format!(
                        "The numeric parameter name '${}' cannot be used (clashes with numeric match result variables)",
                        p.name.name
                    ),
                )
                .with_help("give the parameter a name that starts with a letter"),
            );
        }
    }
}
