//! `hostname_interpolation`: a node name with an interpolated expression
//! (`node "web-${x}" {}`). Puppet's validator rejects it (ILLEGAL_HOSTNAME_INTERPOLATION):
//! node names are matched before any variable exists.

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, StringPart};

pub struct HostnameInterpolation;

static META: RuleMeta = RuleMeta {
    name: "hostname_interpolation",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_HOSTNAME_INTERPOLATION"],
    since: "0.1.0",
    summary: "A node name with an interpolated expression.",
    doc: include_str!("../../../rules/hostname_interpolation.md"),
    kinds: &[NodeKind::Node],
    options: &[],
};

impl Rule for HostnameInterpolation {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Node(n) = &expr.kind else {
            return;
        };
        for m in &n.matches {
            let ExprKind::Concat(parts) = &m.kind else {
                continue;
            };
            // Puppet reports the first interpolated expression of the name.
            let first = parts.iter().find_map(|p| match p {
                StringPart::Interpolation { expr, .. } => Some(expr),
                StringPart::Text { .. } => None,
            });
            if let Some(e) = first {
                cx.report(
                    Diagnostic::new(
                        e.span,
                        "An interpolated expression is not allowed in a hostname of a node",
                    )
                    .with_help(
                        "write the node name literally, or match several names with a regular \
                         expression (`node /^web-\\d+$/ { }`)",
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
    fn interpolated_names() {
        let r = |s| positions("hostname_interpolation", s);
        let m = "An interpolated expression is not allowed in a hostname of a node".to_string();
        assert_eq!(r("node \"a${b}\" {}\n"), vec![(1, 10, m.clone())]);
        assert_eq!(r("node \"${b}\" {}\n"), vec![(1, 9, m.clone())]);
        assert_eq!(r("node \"a$b.c\" {}\n"), vec![(1, 8, m.clone())]);
        assert_eq!(r("node 'x', \"${b}x${c}\" {}\n"), vec![(1, 14, m)]);
        assert!(r("node \"a\\${b}\" {}\n").is_empty());
    }
}
