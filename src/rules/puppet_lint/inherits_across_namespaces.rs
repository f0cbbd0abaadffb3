//! `inherits_across_namespaces` (puppet-lint): a class that inherits from a class of
//! another module (`class a::b inherits c::d`).

use crate::rules::class_or_define::definition;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct InheritsAcrossNamespaces;

static META: RuleMeta = RuleMeta {
    name: "inherits_across_namespaces",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("inherits_across_namespaces"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A class that inherits from a class of another module.",
    doc: include_str!("../../../rules/inherits_across_namespaces.md"),
    kinds: &[NodeKind::Class],
    options: &[],
};

impl Rule for InheritsAcrossNamespaces {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some(def) = definition(expr) else { return };
        let Some(parent) = def.parent else { return };
        if first_segment(&parent.name) == first_segment(def.name) {
            return;
        }
        cx.report(
            Diagnostic::new(parent.span, "class inherits across module namespaces")
                .with_help("inherit only from classes of the same module; use `include` or class parameters otherwise"),
        );
    }
}

/// The first namespace segment of a name, ignoring a leading `::` (`a` for `::a::b`).
fn first_segment(name: &str) -> &str {
    name.split("::").find(|s| !s.is_empty()).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    #[test]
    fn parent_of_another_module() {
        let src = "class a::b inherits c::d {\n}\nclass a::e inherits a {\n}\nclass a::f inherits ::a::params {\n}\nclass a {\n  class g inherits a::params {}\n}\n";
        assert_eq!(
            findings("inherits_across_namespaces", src),
            vec!["1:21 class inherits across module namespaces"]
        );
    }

    #[test]
    fn first_segments() {
        assert_eq!(super::first_segment("a::b"), "a");
        assert_eq!(super::first_segment("::a::b"), "a");
        assert_eq!(super::first_segment("a"), "a");
        assert_eq!(super::first_segment(""), "");
    }
}
