//! `epp_undeclared_variable`: a variable used in a template with a parameter header that is
//! neither one of its parameters, nor set in the template, nor a fact or other top-scope
//! variable every catalog has. `epp()` renders a template in the top scope (Puppet 6+): the
//! caller's local variables are not visible there, so such a variable is undefined.

use crate::rules::{Context, Diagnostic, NodeKind, Rule, RuleMeta};
use crate::rules::{OptionKind, RuleOption};
use crate::syntax::{Expr, ExprKind};

pub struct EppUndeclaredVariable;

static META: RuleMeta = RuleMeta {
    name: "epp_undeclared_variable",
    summary:
        "A template variable that is not a parameter of the template, not set in it and not a fact.",
    doc: include_str!("../../../rules/epp_undeclared_variable.md"),
    kinds: &[NodeKind::Variable],
    options: &[RuleOption {
        name: "top_scope_variables",
        kind: OptionKind::StringList,
        default: "[]",
        doc: "Top-scope variables set by `site.pp` or an ENC that templates may use unqualified.",
    }],
    ..super::TEMPLATE_RULE
};

/// Variables Puppet sets at top scope in every catalog, besides the facts.
const TOP_SCOPE: &[&str] = &[
    "facts",
    "trusted",
    "server_facts",
    "environment",
    "servername",
    "serverip",
    "serverversion",
    "clientcert",
    "clientversion",
    "clientnoop",
    "agent_specified_environment",
    "module_name",
];

impl Rule for EppUndeclaredVariable {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Variable(name) = &expr.kind else {
            return;
        };
        // Only a template with a header: one without takes any parameter by name.
        let Some(params) = crate::syntax::epp::parameters(cx.file.program) else {
            return;
        };
        if name.is_empty()
            || name.contains("::")
            || name.bytes().all(|b| b.is_ascii_digit())
            || params.iter().any(|p| &p.name.name == name)
            || TOP_SCOPE.contains(&name.as_str())
            || crate::rules::facter::is_fact(name)
        {
            return;
        }
        let offset = expr.span.start();
        let scopes = cx.scopes();
        let scope = scopes.at(offset);
        let assigned_here = scopes.scopes.iter().any(|s| {
            s.assigned
                .iter()
                .any(|(n, sp)| n == name && *sp == expr.span)
        });
        if assigned_here || scopes.is_local(scope, name, offset) {
            return;
        }
        if cx.option_list("top_scope_variables").contains(name) {
            return;
        }
        cx.report(
            Diagnostic::new(
                expr.span,
                format!(
                    "Variable ${name} is not a parameter of this template, not set in it and \
                     not a fact: epp() renders it in the top scope, where ${name} is undefined"
                ),
            )
            .with_help(format!(
                "declare it in the template's header (`<%- | ${name} | -%>`) and pass it in \
                 the epp() call, or use its qualified name (`$class::{name}`)"
            )),
        );
    }
}
