//! `duplicate_params`: the same attribute set twice in one resource body, resource default,
//! override or collector block (also through the literal keys of a `* => { ... }` hash).
//! Puppet's validator accepts it; evaluation fails (DUPLICATE_ATTRIBUTE, code spelled
//! `DUPLICATE_ATTRIBUE`).

use std::collections::HashMap;

use super::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{AttributeOp, Expr, ExprKind, Span};

pub struct DuplicateParams;

static META: RuleMeta = RuleMeta {
    name: "duplicate_params",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    aliases: &["DUPLICATE_ATTRIBUTE", "DUPLICATE_ATTRIBUE"],
    since: "0.1.0",
    summary:
        "The same attribute is set twice in one resource body, default, override or collector.",
    doc: include_str!("../../rules/duplicate_params.md"),
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
                if let Some(k) = super::catalog_util::literal_string(&e.key) {
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

impl Rule for DuplicateParams {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        for (ops, _) in super::catalog_util::op_lists(expr) {
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
    use crate::rules::catalog_util::findings;

    fn run(src: &str) -> Vec<(usize, usize, String)> {
        findings("duplicate_params", src)
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
