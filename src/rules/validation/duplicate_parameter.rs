//! `duplicate_parameter`: the same parameter name twice in a class, define or function
//! parameter list (Puppet's DUPLICATE_PARAMETER).

use super::parameter_lists::{param_span, params_of, ParamOwner, PARAM_OWNER_KINDS};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct DuplicateParameter;

static META: RuleMeta = RuleMeta {
    name: "duplicate_parameter",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["DUPLICATE_PARAMETER"],
    since: "0.1.0",
    summary: "The same parameter name twice in a class, define or function parameter list.",
    doc: include_str!("../../../rules/duplicate_parameter.md"),
    kinds: PARAM_OWNER_KINDS,
    options: &[],
};

impl Rule for DuplicateParameter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((owner, params)) = params_of(expr) else {
            return;
        };
        if owner == ParamOwner::Lambda {
            return;
        }
        let mut seen = std::collections::HashSet::new();
        for p in params {
            if !seen.insert(p.name.name.as_str()) {
                cx.report(
                    Diagnostic::new(
                        param_span(p, cx.source()),
                        format!(
                            "The parameter '{}' is declared more than once in the parameter list",
                            p.name.name
                        ),
                    )
                    .with_help("remove or rename one of the parameters"),
                );
            }
        }
    }
}
