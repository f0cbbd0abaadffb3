//! `reserved_parameter`: a class or define parameter named `$name` or `$title`, which
//! Puppet sets itself (Puppet's RESERVED_PARAMETER).

use super::parameter_lists::{param_span, params_of, ParamOwner, PARAM_OWNER_KINDS};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct ReservedParameter;

static META: RuleMeta = RuleMeta {
    name: "reserved_parameter",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["RESERVED_PARAMETER"],
    since: "0.1.0",
    summary: "A class or define parameter named `$name` or `$title`, which Puppet sets itself.",
    doc: include_str!("../../../rules/reserved_parameter.md"),
    kinds: PARAM_OWNER_KINDS,
    options: &[],
};

impl Rule for ReservedParameter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((owner, params)) = params_of(expr) else {
            return;
        };
        if !matches!(owner, ParamOwner::Class | ParamOwner::Define) {
            return;
        }
        for p in params
            .iter()
            .filter(|p| matches!(p.name.name.as_str(), "name" | "title"))
        {
            cx.report(
                Diagnostic::new(
                    param_span(p, cx.source()),
                    format!(
                        "The parameter ${} redefines a built in parameter in the {}",
                        p.name.name,
                        owner.label()
                    ),
                )
                .with_help("`$name` and `$title` are always available in a class or define body; rename the parameter"),
            );
        }
    }
}
