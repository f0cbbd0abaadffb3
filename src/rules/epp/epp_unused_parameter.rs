//! `epp_unused_parameter`: a parameter declared in a template's header that the template
//! never reads (neither in its body nor in another parameter's default).

use crate::rules::{Context, Diagnostic, NodeKind, Rule, RuleMeta};
use crate::syntax::visit::for_each_child;
use crate::syntax::{Expr, ExprKind};

pub struct EppUnusedParameter;

static META: RuleMeta = RuleMeta {
    name: "epp_unused_parameter",
    summary: "A parameter in a template's header that the template never uses.",
    doc: include_str!("../../../rules/epp_unused_parameter.md"),
    kinds: &[NodeKind::Epp],
    ..super::TEMPLATE_RULE
};

/// Adds the unqualified names of the variables read in `e` (and below) to `out`.
fn variables<'a>(e: &'a Expr, out: &mut std::collections::HashSet<&'a str>) {
    if let ExprKind::Variable(name) = &e.kind {
        out.insert(name.as_str());
    }
    for_each_child(e, &mut |child, _| variables(child, out));
}

impl Rule for EppUnusedParameter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Epp(template) = &expr.kind else {
            return;
        };
        let Some(params) = &template.params else {
            return;
        };
        let mut used = std::collections::HashSet::new();
        for s in &template.body {
            variables(s, &mut used);
        }
        for p in params {
            if let Some(d) = &p.default {
                variables(d, &mut used);
            }
        }
        for p in params {
            if used.contains(p.name.name.as_str()) {
                continue;
            }
            let span = crate::rules::validation::parameter_lists::param_span(p, cx.source());
            cx.report(
                Diagnostic::new(
                    span,
                    format!("The template parameter ${} is never used", p.name.name),
                )
                .with_help(
                    "remove it from the header (and from the epp() calls that pass it), or use it",
                ),
            );
        }
    }
}
