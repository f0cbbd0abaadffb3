//! `parameter_name`: a parameter name that is not lower case letters, digits and
//! underscores (`$Foo`, `$a::b`) (Puppet's ILLEGAL_PARAM_NAME).

use super::parameter_lists::{param_span, params_of, PARAM_OWNER_KINDS};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct ParameterName;

static META: RuleMeta = RuleMeta {
    name: "parameter_name",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_PARAM_NAME"],
    since: "0.1.0",
    summary:
        "A parameter name that is not lower case letters, digits and underscores (`$Foo`, `$a::b`).",
    doc: include_str!("../../../rules/parameter_name.md"),
    kinds: PARAM_OWNER_KINDS,
    options: &[],
};

impl Rule for ParameterName {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((_, params)) = params_of(expr) else {
            return;
        };
        for p in params
            .iter()
            .filter(|p| !super::naming::is_param_name(&p.name.name))
        {
            cx.report(
                Diagnostic::new(
                    param_span(p, cx.source()),
                    format!(
                        "Illegal parameter name. The given name '{}' does not conform to the naming rule /^[a-z_]\\w*$/",
                        p.name.name
                    ),
                )
                .with_help("a parameter name starts with a lower case letter or `_`, followed by letters, digits or `_`"),
            );
        }
    }
}
