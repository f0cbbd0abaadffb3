//! `attribute_name`: an attribute name that is not a simple name. The parser already
//! rejects `true`, `false`, names starting with a digit or an upper-case letter; what gets
//! through is a qualified name such as `a::b`, which Puppet's validator accepts and no
//! resource type can have (evaluation fails: "no parameter named 'a::b'").

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{AttributeOp, Expr};

pub struct AttributeName;

static META: RuleMeta = RuleMeta {
    name: "attribute_name",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "An attribute name that is not a simple name (`a::b`, `true`, `1x`).",
    doc: include_str!("../../../rules/attribute_name.md"),
    kinds: &[
        NodeKind::Resource,
        NodeKind::ResourceDefaults,
        NodeKind::ResourceOverride,
        NodeKind::Collect,
    ],
    options: &[],
};

/// Why `name` is not a valid attribute name, if it is not.
fn problem(name: &str) -> Option<&'static str> {
    if name.contains("::") {
        Some("an attribute name may not contain '::'")
    } else if name == "true" || name == "false" {
        Some("'true' and 'false' cannot be attribute names")
    } else if name.starts_with(|c: char| c.is_ascii_digit()) {
        Some("an attribute name may not start with a digit")
    } else {
        None
    }
}

impl Rule for AttributeName {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        for (ops, _) in super::catalog_expressions::op_lists(expr) {
            for op in ops {
                let AttributeOp::Attribute { name, .. } = op else {
                    continue;
                };
                if let Some(why) = problem(&name.name) {
                    cx.report(
                        Diagnostic::new(
                            name.span,
                            format!("Illegal attribute name '{}': {why}", name.name),
                        )
                        .with_help(format!(
                            "no resource type has such a parameter; Puppet fails at run time \
                             (\"no parameter named '{}'\")",
                            name.name
                        )),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::problem;
    use crate::rules::testing::positions;

    #[test]
    fn qualified_names() {
        assert_eq!(
            positions(
                "attribute_name",
                "file { 'a': a::b => 1, mode => 2 }\nFile { x::y => 1 }\n"
            ),
            vec![
                (
                    1,
                    13,
                    "Illegal attribute name 'a::b': an attribute name may not contain '::'"
                        .to_string()
                ),
                (
                    2,
                    8,
                    "Illegal attribute name 'x::y': an attribute name may not contain '::'"
                        .to_string()
                ),
            ]
        );
        assert_eq!(
            positions("attribute_name", "file { 'a': unless => 1, class => 2 }\n"),
            vec![]
        );
    }

    #[test]
    fn names_the_parser_rejects() {
        assert!(problem("true").is_some());
        assert!(problem("1x").is_some());
        assert!(problem("x1").is_none());
    }
}
