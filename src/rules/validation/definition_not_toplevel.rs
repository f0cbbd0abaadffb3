//! `definition_not_toplevel`: a class, define, node or type mapping that is not at the top
//! level of the file or directly in a class body (NOT_TOP_LEVEL). Functions and type aliases
//! get this finding too where Puppet gives it (alone in an `if`, `unless` or `else` body);
//! elsewhere `function_not_toplevel` reports them.

use super::definitions::{definition_span, top_level_problem, TopLevelProblem};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct DefinitionNotToplevel;

static META: RuleMeta = RuleMeta {
    name: "definition_not_toplevel",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["NOT_TOP_LEVEL"],
    since: "0.1.0",
    summary: "A class, define or node inside a conditional, lambda, define or node.",
    doc: include_str!("../../../rules/definition_not_toplevel.md"),
    kinds: super::definitions::DEFINITION_KINDS,
    options: &[],
};

impl Rule for DefinitionNotToplevel {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        if top_level_problem(expr, cx.slot()) != Some(TopLevelProblem::NotTopLevel) {
            return;
        }
        cx.report(
            Diagnostic::new(
                definition_span(expr),
                "Classes, definitions, and nodes may only appear at toplevel or inside other classes",
            )
            .with_help("move the definition to the top level of the file (or into a class body); use conditionals inside it, or around `include`/resource declarations"),
        );
    }
}
