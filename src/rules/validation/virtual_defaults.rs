//! `virtual_defaults`: `@File { ... }` resource defaults and `@File['x'] { ... }`
//! overrides (NOT_VIRTUALIZEABLE). Puppet's validator reports both with the same message.

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, ResourceForm, Span};

pub struct VirtualDefaults;

static META: RuleMeta = RuleMeta {
    name: "virtual_defaults",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["NOT_VIRTUALIZEABLE"],
    since: "0.1.0",
    summary: "`@` or `@@` in front of a resource default or a resource override.",
    doc: include_str!("../../../rules/virtual_defaults.md"),
    kinds: &[NodeKind::ResourceDefaults, NodeKind::ResourceOverride],
    options: &[],
};

impl Rule for VirtualDefaults {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let (form, target, what) = match &expr.kind {
            ExprKind::ResourceDefaults(d) => (d.form, &d.type_ref, "a resource default"),
            ExprKind::ResourceOverride(o) => (o.form, &o.resources, "a resource override"),
            _ => return,
        };
        if form == ResourceForm::Regular {
            return;
        }
        cx.report(
            Diagnostic::new(
                Span::new(expr.span.start(), target.span.end()),
                "Resource Defaults are not virtualizable",
            )
            .with_help(format!(
                "this is {what}; only resource declarations (`@file {{ 'x': }}`) can be virtual or exported: remove the `@`"
            )),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn defaults_and_overrides() {
        let m = "Resource Defaults are not virtualizable".to_string();
        assert_eq!(
            positions(
                "virtual_defaults",
                "@File { mode => '1' }\n@@File['a'] { mode => '1' }\nFile { mode => '1' }\n@file { 'a': }\n"
            ),
            vec![(1, 1, m.clone()), (2, 1, m)]
        );
    }
}
