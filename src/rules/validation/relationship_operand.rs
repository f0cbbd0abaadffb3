//! `relationship_operand`: an operand of `->`, `~>`, `<-`, `<~` that cannot take part in a
//! relationship: a literal that is not a reference or a string (an integer, float, boolean,
//! `undef`, `default`, regular expression or hash). Puppet's validator accepts these;
//! evaluation fails with ILLEGAL_RELATIONSHIP_OPERAND_TYPE. Arrays are looked into, as
//! Puppet flattens them. (A collector inside an array operand is Puppet's NOT_RVALUE, which
//! the `not_rvalue` rule reports wherever a collector is used as a value.)

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct RelationshipOperand;

static META: RuleMeta = RuleMeta {
    name: "relationship_operand",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_RELATIONSHIP_OPERAND_TYPE"],
    since: "0.1.0",
    summary:
        "A literal relationship operand that is not a reference or a string (`1 -> File['a']`).",
    doc: include_str!("../../../rules/relationship_operand.md"),
    kinds: &[NodeKind::Relationship],
    options: &[],
};

/// The runtime type name Puppet prints for a literal operand it cannot use.
fn bad_literal(e: &Expr) -> Option<&'static str> {
    Some(match &e.kind {
        ExprKind::Integer { .. } => "an Integer",
        ExprKind::Float(_) => "a Float",
        ExprKind::Boolean(_) => "a Boolean",
        ExprKind::Undef => "an Undef Value",
        ExprKind::Regex { .. } => "a Regexp",
        ExprKind::Hash { .. } => "a Hash",
        // Puppet 7.23 prints the type of `default` as "Object".
        ExprKind::Default => "an Object",
        _ => return None,
    })
}

fn operand(e: &Expr, cx: &mut Context<'_>) {
    match &e.kind {
        ExprKind::Paren(inner) => operand(inner, cx),
        ExprKind::Array(items) => items.iter().for_each(|i| operand(i, cx)),
        _ => {
            if let Some(what) = bad_literal(e) {
                cx.report(
                    Diagnostic::new(
                        e.span,
                        format!(
                            "Illegal relationship operand, can not form a relationship with {what}. A Catalog type is required."
                        ),
                    )
                    .with_help(
                        "Puppet fails at run time; an operand is a resource reference (`File['a']`), a \
                         class name string, an array of these, or a collector",
                    ),
                );
            }
        }
    }
}

impl Rule for RelationshipOperand {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Relationship { lhs, rhs, .. } = &expr.kind else {
            return;
        };
        for side in [lhs, rhs] {
            // The left side of a chain is checked when that relationship is visited.
            if !matches!(side.kind, ExprKind::Relationship { .. }) {
                operand(side, cx);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    fn run(src: &str) -> Vec<(usize, usize, String)> {
        positions("relationship_operand", src)
    }

    #[test]
    fn collectors_are_left_to_not_rvalue() {
        assert_eq!(
            run("[File <| |>, File['a']] -> File['b']\nFile <| |> -> File['b'] -> [[File <<| |>>]]\n"),
            vec![]
        );
    }

    #[test]
    fn literals() {
        let m = |w: &str| {
            format!("Illegal relationship operand, can not form a relationship with {w}. A Catalog type is required.")
        };
        assert_eq!(
            run("1 -> Notify['a'] -> true\nNotify['a'] -> [undef, 'x']\n'a' -> $x -> Class['b'] -> []\n"),
            vec![(1, 1, m("an Integer")), (1, 21, m("a Boolean")), (2, 17, m("an Undef Value"))]
        );
    }
}
