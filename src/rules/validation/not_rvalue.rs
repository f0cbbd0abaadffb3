//! `not_rvalue`: a definition (class, define, node, function, type alias, ...) or a
//! collector (`File <| |>`) used where a value is needed: assigned, in an array or hash,
//! as an operand, attribute value, test or selector/case match. Puppet's validator rejects
//! it (NOT_RVALUE): these expressions produce no value.

use super::labels::{a_an_uc, label};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta, Slot};
use crate::syntax::{AssignOp, Expr, ExprKind, Span};

pub struct NotRvalue;

static META: RuleMeta = RuleMeta {
    name: "not_rvalue",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["NOT_RVALUE"],
    since: "0.1.0",
    summary: "A definition or a collector used where a value is needed.",
    doc: include_str!("../../../rules/not_rvalue.md"),
    kinds: &[
        NodeKind::Collect,
        NodeKind::Class,
        NodeKind::Define,
        NodeKind::Node,
        NodeKind::Function,
        NodeKind::Plan,
        NodeKind::TypeAlias,
        NodeKind::TypeMapping,
        NodeKind::TypeDefinition,
    ],
    options: &[],
};

impl Rule for NotRvalue {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let (Some(slot), Some(parent)) = (cx.slot(), cx.parent()) else {
            return;
        };
        let collect = matches!(expr.kind, ExprKind::Collect(_));
        let needs_value = match slot {
            Slot::Rhs | Slot::Lhs => match &parent.expr.kind {
                ExprKind::Assignment { op, .. } => slot == Slot::Rhs && *op == AssignOp::Assign,
                ExprKind::Binary { .. } => true,
                // A collector is a fine operand of `->`; a definition is not.
                ExprKind::Relationship { .. } => !collect,
                _ => false,
            },
            Slot::Operand
            | Slot::Paren
            | Slot::Interpolation
            | Slot::AttributeValue
            | Slot::Test
            | Slot::CaseValue
            | Slot::HashKey
            | Slot::HashValue
            | Slot::Element
            | Slot::SelectorSubject
            | Slot::SelectorMatch => true,
            _ => false,
        };
        if needs_value {
            // Puppet places a type alias at its name.
            let span = match &expr.kind {
                ExprKind::TypeAlias(t) => Span::new(t.name.span.start(), expr.span.end()),
                _ => expr.span,
            };
            cx.report(
                Diagnostic::new(
                    span,
                    format!(
                        "Invalid use of expression. {} does not produce a value",
                        a_an_uc(&label(expr))
                    ),
                )
                .with_help(if collect {
                    "a collector only realizes resources; write it as a statement of its own"
                } else {
                    "a definition is a statement of its own: move it out of this expression"
                }),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn definitions_and_collectors_as_values() {
        let r = |s| positions("not_rvalue", s);
        let vq = "Invalid use of expression. A Virtual Query does not produce a value";
        assert_eq!(r("$x = File <| |>\n"), vec![(1, 6, vq.to_string())]);
        assert_eq!(r("$x = [File <| |>]\n"), vec![(1, 7, vq.to_string())]);
        assert_eq!(r("$x = !File <| |>\n"), vec![(1, 7, vq.to_string())]);
        assert_eq!(r("$x = \"${File <| |>}\"\n"), vec![(1, 9, vq.to_string())]);
        assert_eq!(
            r("file{'a': x => File <| |>}\n"),
            vec![(1, 16, vq.to_string())]
        );
        assert_eq!(
            r("$x = File <<| |>>\n"),
            vec![(
                1,
                6,
                "Invalid use of expression. An Exported Query does not produce a value".to_string()
            )]
        );
        assert_eq!(
            r("$x = class foo {}\n"),
            vec![(
                1,
                6,
                "Invalid use of expression. A Host Class Definition does not produce a value"
                    .to_string()
            )]
        );
        assert_eq!(
            r("$x = define foo {}\n")[0].2,
            "Invalid use of expression. A 'define' expression does not produce a value"
        );
        assert!(r("notice(File <| |>)\n").is_empty());
        assert!(r("File <| |> -> File['a']\n").is_empty());
        assert!(r("File <| |>\n").is_empty());
    }
}
