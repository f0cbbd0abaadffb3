//! `captures_rest_not_last`: a lambda parameter with `*` (captures rest) that is not the
//! last parameter (Puppet's CAPTURES_REST_NOT_LAST).

use super::parameter_lists::{param_span, params_of, ParamOwner, PARAM_OWNER_KINDS};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct CapturesRestNotLast;

static META: RuleMeta = RuleMeta {
    name: "captures_rest_not_last",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["CAPTURES_REST_NOT_LAST"],
    since: "0.1.0",
    summary: "A lambda parameter with `*` (captures rest) that is not the last parameter.",
    doc: include_str!("../../../rules/captures_rest_not_last.md"),
    kinds: PARAM_OWNER_KINDS,
    options: &[],
};

impl Rule for CapturesRestNotLast {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((owner, params)) = params_of(expr) else {
            return;
        };
        if owner != ParamOwner::Lambda {
            return;
        }
        let last = params.len().saturating_sub(1);
        for (i, p) in params.iter().enumerate() {
            if p.captures_rest && i != last {
                cx.report(
                    Diagnostic::new(
                        param_span(p, cx.source()),
                        format!(
                            "Parameter ${} is not last, and has 'captures rest'",
                            p.name.name
                        ),
                    )
                    .with_help("move the `*` parameter to the end of the list"),
                );
            }
        }
    }
}
