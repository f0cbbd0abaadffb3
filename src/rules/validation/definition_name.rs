//! `definition_name`: a class, define, function or type alias whose name breaks Puppet's
//! naming rule (ILLEGAL_DEFINITION_NAME).

use super::definitions::{definition_span, named_definition};
use super::labels::a_an;
use super::naming::{is_definition_name, is_type_alias_name};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct DefinitionName;

static META: RuleMeta = RuleMeta {
    name: "definition_name",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_DEFINITION_NAME"],
    since: "0.1.0",
    summary: "A class, define, function or type alias name that breaks Puppet's naming rule.",
    doc: include_str!("../../../rules/definition_name.md"),
    kinds: &[
        NodeKind::Class,
        NodeKind::Define,
        NodeKind::Function,
        NodeKind::Plan,
        NodeKind::TypeAlias,
    ],
    options: &[],
};

impl Rule for DefinitionName {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let (name, label, ok, help) = if let ExprKind::TypeAlias(t) = &expr.kind {
            (
                t.name.name.as_str(),
                "Type Alias",
                is_type_alias_name(&t.name.name),
                "each `::`-separated segment of a type alias name starts with an upper case letter, followed by letters, digits or `_`",
            )
        } else if let Some((name, label)) = named_definition(expr) {
            (
                name,
                label,
                is_definition_name(name),
                "each `::`-separated segment of the name starts with a lower case letter, followed by letters, digits or `_`",
            )
        } else {
            return;
        };
        if ok {
            return;
        }
        cx.report(
            Diagnostic::new(
                definition_span(expr),
                format!(
                    "Unacceptable name. The name '{name}' is unacceptable as the name of {}",
                    a_an(label)
                ),
            )
            .with_help(help),
        );
    }
}
