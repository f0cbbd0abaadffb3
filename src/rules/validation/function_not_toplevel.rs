//! `function_not_toplevel`: a function, type alias or type definition that is not at the
//! top level of the file (NOT_ABSOLUTE_TOP_LEVEL).

use super::definitions::{definition_span, top_level_problem, TopLevelProblem};
use super::labels::{a_an, label};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct FunctionNotToplevel;

static META: RuleMeta = RuleMeta {
    name: "function_not_toplevel",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["NOT_ABSOLUTE_TOP_LEVEL"],
    since: "0.1.0",
    summary: "A function or type alias defined inside a class, define, lambda or other block.",
    doc: include_str!("../../../rules/function_not_toplevel.md"),
    kinds: super::definitions::DEFINITION_KINDS,
    options: &[],
};

impl Rule for FunctionNotToplevel {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        if top_level_problem(expr, cx.slot()) != Some(TopLevelProblem::NotAbsoluteTopLevel) {
            return;
        }
        let l = a_an(&label(expr));
        let mut chars = l.chars();
        let message = match chars.next() {
            Some(c) => format!(
                "{}{} may only appear at toplevel",
                c.to_ascii_uppercase(),
                chars.as_str()
            ),
            None => return,
        };
        cx.report(
            Diagnostic::new(definition_span(expr), message)
                .with_help("move it to the top level of its own file (`<module>/functions/<name>.pp`, `<module>/types/<name>.pp`)"),
        );
    }
}
