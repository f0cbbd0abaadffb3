//! `default_title`: a `default` title in a resource expression that has only one body
//! (`notify { default: message => 'x' }`, `notify { [default, 'a']: }`). A `default` title
//! sets defaults for the other bodies of the same resource expression only; with no other
//! body it does nothing.
//! Puppet accepts it (also at run time), so this is a warning.

use super::catalog_expressions::{literal_titles, Title};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct DefaultTitle;

static META: RuleMeta = RuleMeta {
    name: "default_title",
    level: Level::Warning,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary:
        "A `default` title in a one-body resource expression: there is nothing for it to apply to.",
    doc: include_str!("../../../rules/default_title.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

impl Rule for DefaultTitle {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Resource(r) = &expr.kind else {
            return;
        };
        // With two or more bodies a `default` title gives defaults to the others (two
        // `default` titles are reported by `duplicate_title`).
        let [body] = r.bodies.as_slice() else {
            return;
        };
        let mut titles = Vec::new();
        literal_titles(&body.title, &mut titles);
        if let Some((_, at)) = titles.iter().find(|(t, _)| *t == Title::Default) {
            cx.report(
                Diagnostic::new(
                    at.span,
                    "This 'default' title has no effect: there is no other body in this resource expression to give defaults to",
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
    use crate::rules::testing::positions;

    #[test]
    fn lonely_defaults() {
        let m = "This 'default' title has no effect: there is no other body in this resource expression to give defaults to".to_string();
        assert_eq!(
            positions(
                "default_title",
                "notify { default: message => 'x' }\nnotify { [default]: ; default: }\nnotify { default: ; 'a': }\nnotify { ['b', default]: }\nnotify { $x: }\n"
            ),
            vec![(1, 10, m.clone()), (4, 16, m)]
        );
    }
}
