//! `exec_idempotency` (plugin puppet-lint-exec_idempotency-check): an `exec` with none of
//! `onlyif`, `unless`, `creates`, `refreshonly`, which runs its command on every Puppet run.

use super::ensure_values::bodies_of_type;
use crate::rules::{
    Category, Context, Diagnostic, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta,
};
use crate::syntax::{AttributeOp, Expr};

pub struct ExecIdempotency;

static META: RuleMeta = RuleMeta {
    name: "exec_idempotency",
    level: Level::Off,
    category: Category::Correctness,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-exec_idempotency-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "An `exec` without `onlyif`, `unless`, `creates` or `refreshonly`.",
    doc: include_str!("../../../rules/exec_idempotency.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

const GUARDS: &[&str] = &["onlyif", "unless", "creates", "refreshonly"];

impl Rule for ExecIdempotency {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        for body in bodies_of_type(expr, "exec") {
            // A splat may set any attribute: nothing can be said.
            let guarded = body.ops.iter().any(|op| match op {
                AttributeOp::Attribute { name, .. } => GUARDS.contains(&name.name.as_str()),
                AttributeOp::Splat { .. } => true,
            });
            if !guarded {
                cx.report(
                    Diagnostic::new(
                        body.title.span,
                        "exec without idempotency. set at least one of the attributes: onlyif, unless, creates, refreshonly",
                    )
                    .with_help("without a guard the command runs on every Puppet run"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    const NAME: &str = "exec_idempotency";
    const MSG: &str = "exec without idempotency. set at least one of the attributes: onlyif, unless, creates, refreshonly";

    #[test]
    fn flags_unguarded_execs() {
        let src = "exec { 'a':\n  command => '/bin/a',\n}\nexec { 'b': command => 'b', unless => 'c' }\nexec { 'd': refreshonly => true; 'e': path => '/bin' }\nexec { 'f': * => $opts }\nservice { 'g': }\n";
        assert_eq!(
            positions(NAME, src),
            vec![(1, 8, MSG.into()), (5, 34, MSG.into())]
        );
    }
}
