//! `duplicate_params`: the same attribute set twice in one resource body, resource default,
//! override or collector block (also through the literal keys of a `* => { ... }` hash).
//! Puppet's validator accepts it; evaluation fails (DUPLICATE_ATTRIBUTE, code spelled
//! `DUPLICATE_ATTRIBUE`).
//!
//! Also: two resource defaults for the same type in one statement list that set the same
//! attribute (Puppet fails: "Default already defined for File { mode }; cannot redefine").
//! Only statements of one list are compared, which are surely in the same scope.

use std::collections::HashMap;

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{AttributeOp, Expr, ExprKind, Span};

pub struct DuplicateParams;

static META: RuleMeta = RuleMeta {
    name: "duplicate_params",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: Some("duplicate_params"),
    plugin: None,
    aliases: &["DUPLICATE_ATTRIBUTE", "DUPLICATE_ATTRIBUE"],
    since: "0.1.0",
    summary:
        "The same attribute is set twice in one resource body, default, override or collector.",
    doc: include_str!("../../../rules/duplicate_params.md"),
    kinds: &[
        NodeKind::Resource,
        NodeKind::ResourceDefaults,
        NodeKind::ResourceOverride,
        NodeKind::Collect,
    ],
    options: &[],
};

/// The attribute names an operation sets, each with the span to point at.
fn names(op: &AttributeOp) -> Vec<(&str, Span)> {
    match op {
        AttributeOp::Attribute { name, .. } => vec![(name.name.as_str(), name.span)],
        AttributeOp::Splat { value, .. } => {
            let ExprKind::Hash { entries, .. } = &value.kind else {
                return Vec::new();
            };
            let mut out: Vec<(&str, Span)> = Vec::new();
            for e in entries {
                if let Some(k) = super::catalog_expressions::literal_string(&e.key) {
                    // A key repeated inside the hash is the hash's own problem (duplicate_key).
                    if !out.iter().any(|(n, _)| *n == k) {
                        out.push((k, e.key.span));
                    }
                }
            }
            out
        }
    }
}

/// Reports the attributes the resource defaults `current` sets that an earlier default for
/// the same type in the same statement list already set.
fn repeated_defaults(current: &Expr, cx: &mut Context<'_>) {
    if !matches!(current.kind, ExprKind::ResourceDefaults(_)) {
        return;
    }
    // (type, attribute) → where an earlier default of this list set it first.
    let mut seen: HashMap<(String, &str), Span> = HashMap::new();
    for stmt in cx.statement_list() {
        let ExprKind::ResourceDefaults(d) = &stmt.kind else {
            continue;
        };
        let ExprKind::QualifiedReference(type_name) = &d.type_ref.kind else {
            continue;
        };
        let key = type_name.to_ascii_lowercase();
        let attributes = d.ops.iter().filter_map(|op| match op {
            AttributeOp::Attribute { name, .. } => Some(name),
            AttributeOp::Splat { .. } => None,
        });
        if !std::ptr::eq(stmt, current) {
            for name in attributes {
                seen.entry((key.clone(), name.name.as_str()))
                    .or_insert(name.span);
            }
            continue;
        }
        for name in attributes {
            let Some(first) = seen.get(&(key.clone(), name.name.as_str())) else {
                continue;
            };
            let line = cx.file.line_index.line(first.start());
            cx.report(
                Diagnostic::new(
                    name.span,
                    format!(
                        "Default already defined for {type_name} {{ {} }}; cannot redefine",
                        name.name
                    ),
                )
                .with_help(format!(
                    "a default for '{}' is already set on line {line} in this scope; Puppet fails at \
                     run time. Set each default once.",
                    name.name
                )),
            );
        }
        return;
    }
}

impl Rule for DuplicateParams {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        repeated_defaults(expr, cx);
        for (ops, _) in super::catalog_expressions::op_lists(expr) {
            let mut seen: HashMap<&str, Span> = HashMap::new();
            for op in ops {
                for (name, span) in names(op) {
                    if let Some(first) = seen.get(name) {
                        let line = cx.file.line_index.line(first.start());
                        cx.report(
                            Diagnostic::new(span, format!("duplicate parameter '{name}' found in resource"))
                                .with_help(format!(
                                    "'{name}' is already set on line {line}; Puppet fails at run time \
                                     (\"The attribute '{name}' has already been set\"). Keep one of them."
                                )),
                        );
                    } else {
                        seen.insert(name, span);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    fn run(src: &str) -> Vec<(usize, usize, String)> {
        positions("duplicate_params", src)
    }

    #[test]
    fn body_default_override_collector() {
        let m = |p: &str| format!("duplicate parameter '{p}' found in resource");
        assert_eq!(
            run("file { 'a':\n  mode => '1',\n  owner => 'x',\n  mode => '2',\n}\n"),
            vec![(4, 3, m("mode"))]
        );
        assert_eq!(
            run("File { mode => '1', mode => '2' }\n"),
            vec![(1, 21, m("mode"))]
        );
        assert_eq!(run("File['a'] { x => 1, x +> 2 }\n"), vec![(1, 21, m("x"))]);
        assert_eq!(
            run("File <| |> { x => 1, x => 2 }\n"),
            vec![(1, 22, m("x"))]
        );
    }

    #[test]
    fn repeated_defaults_in_one_statement_list() {
        let src = "class a {\n  File { mode => '1', mode => '3' }\n  notify { 'x': }\n  File { mode => '2', owner => 'a' }\n  Package { mode => '2' }\n}\nFile { mode => '4' }\nif true { File { mode => '5' } }\ncase $x { 'a': { File { mode => '6' } } default: { File { mode => '7' } } }\n";
        assert_eq!(
            run(src),
            vec![
                (
                    2,
                    23,
                    "duplicate parameter 'mode' found in resource".to_string()
                ),
                (
                    4,
                    10,
                    "Default already defined for File { mode }; cannot redefine".to_string()
                ),
            ]
        );
    }

    #[test]
    fn hash_keys_inside_a_resource_are_duplicate_key() {
        // puppet-lint reports `x` here under duplicate_params; rein under duplicate_key.
        let src = "file { 'a':\n  content => { x => 1, x => 2 },\n}\n";
        assert_eq!(run(src), vec![]);
        assert_eq!(
            positions("duplicate_key", src),
            vec![(2, 26, "The key 'x' is declared more than once".to_string())]
        );
    }

    #[test]
    fn bodies_are_separate_and_splat_keys_count() {
        assert_eq!(run("file { 'a': mode => '1'; 'b': mode => '2' }\n"), vec![]);
        assert_eq!(
            run("file { 'a': mode => '1', * => { 'mode' => '2', owner => 'x' } }\n"),
            vec![(
                1,
                33,
                "duplicate parameter 'mode' found in resource".to_string()
            )]
        );
        assert_eq!(
            run("file { 'a': * => { mode => '1', mode => '2' } }\n"),
            vec![]
        );
        assert_eq!(run("file { 'a': mode => '1', * => $h }\n"), vec![]);
    }
}
