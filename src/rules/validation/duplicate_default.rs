//! `duplicate_default`: a `case` or selector with more than one `default` entry. Puppet's
//! validator rejects it (DUPLICATE_DEFAULT). Only a bare `default` counts: `[default]` in
//! a case option is an array that matches the value `default`, not the default entry.

use super::labels::label;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct DuplicateDefault;

static META: RuleMeta = RuleMeta {
    name: "duplicate_default",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["DUPLICATE_DEFAULT"],
    since: "0.1.0",
    summary: "A `case` or selector has more than one `default` entry.",
    doc: include_str!("../../../rules/duplicate_default.md"),
    kinds: &[NodeKind::Case, NodeKind::Selector],
    options: &[],
};

impl Rule for DuplicateDefault {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let is_default = |e: &&Expr| matches!(e.kind, ExprKind::Default);
        let duplicates: Vec<&Expr> = match &expr.kind {
            // Puppet reports every `default` after the first one of a case...
            ExprKind::Case(c) => c
                .options
                .iter()
                .flat_map(|o| o.values.iter())
                .filter(is_default)
                .skip(1)
                .collect(),
            // ... but only the second one of a selector.
            ExprKind::Selector { entries, .. } => entries
                .iter()
                .map(|e| &e.matching)
                .filter(is_default)
                .skip(1)
                .take(1)
                .collect(),
            _ => return,
        };
        for d in duplicates {
            cx.report(
                Diagnostic::new(
                    d.span,
                    format!(
                        "This {} already has a 'default' entry - this is a duplicate",
                        label(expr)
                    ),
                )
                .with_help("remove this entry: it can never be reached"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn second_defaults() {
        let case = "This 'case' statement already has a 'default' entry - this is a duplicate";
        assert_eq!(
            positions(
                "duplicate_default",
                "case $x {\n  default: {}\n  1, default: {}\n  default: {}\n}\n"
            ),
            vec![(3, 6, case.to_string()), (4, 3, case.to_string())]
        );
        let sel = "This Selector Expression already has a 'default' entry - this is a duplicate";
        assert_eq!(
            positions(
                "duplicate_default",
                "$y = $x ? {\n  default => 1,\n  default => 2,\n  default => 3,\n}\n"
            ),
            vec![(3, 3, sel.to_string())]
        );
        assert!(positions(
            "duplicate_default",
            "case $x {\n  [default]: {}\n  default: {}\n}\n"
        )
        .is_empty());
    }
}
