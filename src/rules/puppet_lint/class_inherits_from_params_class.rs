//! `class_inherits_from_params_class` (puppet-lint, off by default): a class that inherits
//! from a `params` class (`class a inherits a::params`), the pattern that module data
//! (Hiera in modules) replaced.

use crate::rules::class_or_define::definition;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct ClassInheritsFromParamsClass;

static META: RuleMeta = RuleMeta {
    name: "class_inherits_from_params_class",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("class_inherits_from_params_class"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A class that inherits from a `::params` class.",
    doc: include_str!("../../../rules/class_inherits_from_params_class.md"),
    kinds: &[NodeKind::Class],
    options: &[],
};

impl Rule for ClassInheritsFromParamsClass {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some(def) = definition(expr) else { return };
        let Some(parent) = def.parent else { return };
        if !parent.name.ends_with("::params") {
            return;
        }
        cx.report(
            Diagnostic::new(parent.span, "class inheriting from params class")
                .with_help("put the defaults in the module's Hiera data (data/common.yaml)"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    #[test]
    fn params_parents() {
        let src = "class a inherits a::params {\n}\nclass b inherits b::base {\n}\nclass c inherits params {\n}\n";
        assert_eq!(
            findings("class_inherits_from_params_class", src),
            vec!["1:18 class inheriting from params class"]
        );
    }

    #[test]
    fn each_class_has_its_own_parent() {
        let src = "class a inherits a::base {\n  class c inherits a::params {}\n}\n";
        assert_eq!(
            findings("class_inherits_from_params_class", src),
            vec!["2:20 class inheriting from params class"]
        );
    }
}
