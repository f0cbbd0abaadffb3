//! `class_defaults`: `Class { ... }` resource defaults. Puppet's validator accepts them;
//! evaluation fails ("Illegal Resource Type expression, expected result to be a type name,
//! or untitled Resource, got Type[Class]").

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct ClassDefaults;

static META: RuleMeta = RuleMeta {
    name: "class_defaults",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "Resource defaults for classes (`Class { ... }`), which Puppet rejects at run time.",
    doc: include_str!("../../../rules/class_defaults.md"),
    kinds: &[NodeKind::ResourceDefaults],
    options: &[],
};

impl Rule for ClassDefaults {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::ResourceDefaults(d) = &expr.kind else {
            return;
        };
        let ExprKind::QualifiedReference(name) = &d.type_ref.kind else {
            return;
        };
        if !name.eq_ignore_ascii_case("class") {
            return;
        }
        cx.report(
            Diagnostic::new(d.type_ref.span, "Resource defaults cannot be set for classes")
                .with_help(
                    "Puppet fails at run time (\"Illegal Resource Type expression, expected result to be a \
                     type name, or untitled Resource, got Type[Class]\"); pass the values as class \
                     parameters or set them in Hiera",
                ),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn class_type_only() {
        assert_eq!(
            positions(
                "class_defaults",
                "Class { x => 1 }\nFile { mode => '1' }\nClass['a'] { x => 1 }\n"
            ),
            vec![(
                1,
                1,
                "Resource defaults cannot be set for classes".to_string()
            )]
        );
    }
}
