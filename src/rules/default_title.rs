//! `default_title`: a resource expression whose only titles are `default`
//! (`notify { default: message => 'x' }`). A `default:` body sets defaults for the other
//! bodies of the same resource expression only; with no other body it does nothing.
//! Puppet accepts it (also at run time), so this is a warning.

use super::catalog_util::{literal_titles, Title};
use super::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct DefaultTitle;

static META: RuleMeta = RuleMeta {
    name: "default_title",
    level: Level::Warning,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A `default:` resource body with no other body to apply to.",
    doc: include_str!("../../rules/default_title.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

/// Whether a title expression is `default` only (`default`, `[default]`, `[[default]]`).
fn only_default(e: &Expr) -> bool {
    let mut titles = Vec::new();
    literal_titles(e, &mut titles);
    let literal_count = count_leaves(e);
    !titles.is_empty()
        && titles.len() == literal_count
        && titles.iter().all(|(t, _)| *t == Title::Default)
}

/// The number of non-array leaves of a title expression.
fn count_leaves(e: &Expr) -> usize {
    match &e.kind {
        ExprKind::Array(items) => items.iter().map(count_leaves).sum(),
        _ => 1,
    }
}

impl Rule for DefaultTitle {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Resource(r) = &expr.kind else {
            return;
        };
        if !r.bodies.iter().all(|b| only_default(&b.title)) {
            return;
        }
        if let Some(b) = r.bodies.first() {
            cx.report(
                Diagnostic::new(
                    b.title.span,
                    "This 'default' body has no effect: no other body of this resource expression uses its defaults",
                )
                .with_help(
                    "a `default:` body only applies to the other bodies of the same resource expression; \
                     add the titled bodies to it (`notify { default: ...; 'a': ...; }`) or use a resource \
                     default (`Notify { ... }`)",
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::catalog_util::findings;

    #[test]
    fn lonely_defaults() {
        let m = "This 'default' body has no effect: no other body of this resource expression uses its defaults".to_string();
        assert_eq!(
            findings(
                "default_title",
                "notify { default: message => 'x' }\nnotify { [default]: ; default: }\nnotify { default: ; 'a': }\nnotify { [default, 'b']: }\nnotify { [default, $x]: }\n"
            ),
            vec![(1, 10, m.clone()), (2, 10, m)]
        );
    }
}
