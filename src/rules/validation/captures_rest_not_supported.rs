//! `captures_rest_not_supported`: a class or define parameter with `*` (captures rest),
//! which only functions and lambdas support (Puppet's CAPTURES_REST_NOT_SUPPORTED).

use super::parameter_lists::{param_span, params_of, ParamOwner, PARAM_OWNER_KINDS};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct CapturesRestNotSupported;

static META: RuleMeta = RuleMeta {
    name: "captures_rest_not_supported",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["CAPTURES_REST_NOT_SUPPORTED"],
    since: "0.1.0",
    summary: "A class or define parameter with `*` (captures rest), which only functions and lambdas support.",
    doc: include_str!("../../../rules/captures_rest_not_supported.md"),
    kinds: PARAM_OWNER_KINDS,
    options: &[],
};

impl Rule for CapturesRestNotSupported {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((owner, params)) = params_of(expr) else {
            return;
        };
        if !matches!(
            owner,
            ParamOwner::Class | ParamOwner::Define | ParamOwner::Epp
        ) {
            return;
        }
        for p in params.iter().filter(|p| p.captures_rest) {
            cx.report(
                Diagnostic::new(
                    param_span(p, cx.source()),
                    format!(
                        "Parameter ${} has 'captures rest' - not supported in {}",
                        p.name.name,
                        super::labels::a_an(owner.label())
                    ),
                )
                .with_help("classes, defines and templates take named parameters only: remove the `*` and give the parameter an `Array` type"),
            );
        }
    }
}
