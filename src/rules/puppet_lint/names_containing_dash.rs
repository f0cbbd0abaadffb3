//! `names_containing_dash` (puppet-lint): a class or defined type whose name contains a
//! dash (`class foo-bar`).

use crate::rules::class_or_define::definition;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct NamesContainingDash;

static META: RuleMeta = RuleMeta {
    name: "names_containing_dash",
    level: Level::Error,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("names_containing_dash"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A class or defined type whose name contains a dash.",
    doc: include_str!("../../../rules/names_containing_dash.md"),
    kinds: &[NodeKind::Class, NodeKind::Define],
    options: &[],
};

impl Rule for NamesContainingDash {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some(def) = definition(expr) else { return };
        if !cx.text(def.name_span).contains('-') {
            return;
        }
        cx.report(
            Diagnostic::new(
                def.name_span,
                format!("{} name containing a dash", def.what()),
            )
            .with_help("use an underscore instead of the dash"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    #[test]
    fn dashes_in_class_and_define_names() {
        let src = "class foo-bar {\n}\ndefine foo::b-c ($x) {\n}\nclass foo_bar {\n}\n";
        assert_eq!(
            findings("names_containing_dash", src),
            vec![
                "1:7 class name containing a dash",
                "3:8 defined type name containing a dash"
            ]
        );
    }
}
