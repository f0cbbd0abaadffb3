//! `nested_classes_or_defines` (puppet-lint): a class or defined type defined inside the
//! body of a class (at any depth: inside an `if`, a nested class or define...).

use crate::rules::class_or_define::definition;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, Span};

pub struct NestedClassesOrDefines;

static META: RuleMeta = RuleMeta {
    name: "nested_classes_or_defines",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("nested_classes_or_defines"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A class or defined type defined inside a class.",
    doc: include_str!("../../../rules/nested_classes_or_defines.md"),
    kinds: &[NodeKind::Class, NodeKind::Define],
    options: &[],
};

impl Rule for NestedClassesOrDefines {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some(def) = definition(expr) else { return };
        if !cx
            .ancestors()
            .any(|f| matches!(f.expr.kind, ExprKind::Class(_)))
        {
            return;
        }
        let keyword = if def.is_class { "class" } else { "define" };
        let at = Span::new(def.keyword, def.keyword + keyword.len());
        cx.report(
            Diagnostic::new(at, format!("{} defined inside a class", def.what()))
                .with_help("move it to a file of its own in the module's manifests directory"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    #[test]
    fn definitions_inside_classes() {
        let src = "class a {\n  class b {\n    define c {}\n  }\n  if $x {\n    define d {}\n  }\n  class { 'e': }\n}\ndefine f {\n  define g {}\n}\nclass h {}\n";
        assert_eq!(
            findings("nested_classes_or_defines", src),
            vec![
                "2:3 class defined inside a class",
                "3:5 defined type defined inside a class",
                "6:5 defined type defined inside a class"
            ]
        );
    }
}
