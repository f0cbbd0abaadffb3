//! `splat_context`: `* =>` where Puppet cannot use it (UNSUPPORTED_OPERATOR_IN_CONTEXT).
//! Resource bodies, defaults, overrides and collector blocks accept `* =>`; what remains is
//! a body without a title (`file { * => $h }`, `include { * => $h }`), which Puppet reads as
//! a hash. Puppet 7.23's validator crashes on it ("Visitor Error: ... can't handle instance
//! of: NilClass"); rein reports the `* =>`.

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct SplatContext;

static META: RuleMeta = RuleMeta {
    name: "splat_context",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["UNSUPPORTED_OPERATOR_IN_CONTEXT"],
    since: "0.1.0",
    summary: "`* =>` used outside a resource body, default, override or collector block.",
    doc: include_str!("../../../rules/splat_context.md"),
    kinds: &[NodeKind::Hash],
    options: &[],
};

impl Rule for SplatContext {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Hash { entries, .. } = &expr.kind else {
            return;
        };
        for e in entries {
            // The lowering turns a `* => x` entry of a titleless body into `(nop) => (nop)`.
            let splat = matches!(e.key.kind, ExprKind::Nop)
                && matches!(e.value.kind, ExprKind::Nop)
                && cx.text(e.span).starts_with('*');
            if splat {
                cx.report(
                    Diagnostic::new(
                        e.span,
                        "The operator '* =>' in a Hash Expression is not supported.",
                    )
                    .with_help(
                        "`* =>` unfolds a hash into the attributes of a resource body; this body has \
                         no title, so Puppet reads it as a hash. Give the resource a title.",
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn titleless_bodies_only() {
        let m = "The operator '* =>' in a Hash Expression is not supported.".to_string();
        assert_eq!(
            positions(
                "splat_context",
                "file { * => $h }\ninclude { a => 1, * => $h }\nfile { 'a': * => $h }\nFile { * => $h }\n"
            ),
            vec![(1, 8, m.clone()), (2, 19, m)]
        );
    }
}
