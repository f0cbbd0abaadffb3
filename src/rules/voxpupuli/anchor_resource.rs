//! `anchor_resource` (plugin puppet-lint-anchor-check): an `anchor` resource (from stdlib),
//! a workaround for class containment that `contain` replaces.

use crate::rules::{
    Category, Context, Diagnostic, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind};

pub struct AnchorResource;

static META: RuleMeta = RuleMeta {
    name: "anchor_resource",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-anchor-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "An `anchor` resource.",
    doc: include_str!("../../../rules/anchor_resource.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

impl Rule for AnchorResource {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Resource(r) = &expr.kind else {
            return;
        };
        if crate::rules::resources::type_name(&r.type_name) == Some("anchor") {
            cx.report(
                Diagnostic::new(r.type_name.span, "manifest includes anchor resource")
                    .with_help("use `contain` to keep a class's resources inside it"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    const NAME: &str = "anchor_resource";
    const MSG: &str = "manifest includes anchor resource";

    #[test]
    fn flags_anchor_declarations() {
        let src = "anchor { 'a::begin': }\n@anchor { ['b', 'c']: }\nAnchor['a::begin'] -> Class['x']\nfile { '/anchor': }\n";
        assert_eq!(
            positions(NAME, src),
            vec![(1, 1, MSG.into()), (2, 2, MSG.into())]
        );
    }
}
