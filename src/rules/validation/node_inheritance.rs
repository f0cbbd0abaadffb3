//! `node_inheritance`: `node 'a' inherits 'b' { }`. Node inheritance was removed in
//! Puppet 4; the validator rejects it (ILLEGAL_NODE_INHERITANCE).

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct NodeInheritance;

static META: RuleMeta = RuleMeta {
    name: "node_inheritance",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_NODE_INHERITANCE"],
    since: "0.1.0",
    summary: "A node definition that inherits another node (removed in Puppet 4).",
    doc: include_str!("../../../rules/node_inheritance.md"),
    kinds: &[NodeKind::Node],
    options: &[],
};

impl Rule for NodeInheritance {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Node(n) = &expr.kind else {
            return;
        };
        if let Some(parent) = &n.parent {
            cx.report(
                Diagnostic::new(
                    parent.span,
                    "Node inheritance is not supported in Puppet >= 4.0.0. See \
                     http://links.puppet.com/puppet-node-inheritance-deprecation",
                )
                .with_help(
                    "put what the nodes share in a class (or in Hiera data) and include it in \
                     each node",
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn inherits() {
        let r = |s| positions("node_inheritance", s);
        assert_eq!(r("node a inherits b {}\n")[0].1, 17);
        assert_eq!(r("node 'a' inherits default {}\n")[0].1, 19);
        assert!(r("node a {}\n").is_empty());
    }
}
