//! `type_mapping`: a `type Runtime[...] = ...` type mapping that Puppet's validator
//! rejects: a mapping of anything but `Runtime[...]` (UNSUPPORTED_EXPRESSION), a
//! `Runtime[ruby, 'Name']` mapped to something that is not a type, or a
//! `Runtime[ruby, [/regexp/, 'replacement']]` mapped to something that is not a
//! `[/regexp/, 'replacement']` pair (ILLEGAL_TYPE_MAPPING).

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct TypeMapping;

static META: RuleMeta = RuleMeta {
    name: "type_mapping",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_TYPE_MAPPING"],
    since: "0.1.0",
    summary: "A `type Runtime[...] = ...` type mapping that Puppet rejects.",
    doc: include_str!("../../../rules/type_mapping.md"),
    kinds: &[NodeKind::TypeMapping],
    options: &[],
};

/// `[/regexp/, 'replacement']`.
fn pattern_with_replacement(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Array(items) => {
            items.len() == 2
                && matches!(items.first().map(|e| &e.kind), Some(ExprKind::Regex { .. }))
                && matches!(items.get(1).map(|e| &e.kind), Some(ExprKind::String { .. }))
        }
        _ => false,
    }
}

fn is_type_ref(e: &Expr) -> bool {
    let target = match &e.kind {
        ExprKind::Access { target, .. } => target,
        _ => e,
    };
    matches!(target.kind, ExprKind::QualifiedReference(_))
}

impl Rule for TypeMapping {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::TypeMapping { mapping, value } = &expr.kind else {
            return;
        };
        // What is mapped: `Runtime[...]`, and with a `[/re/, 'repl']` second key it maps
        // a whole family of names.
        let is_runtime =
            |t: &Expr| matches!(&t.kind, ExprKind::QualifiedReference(n) if n == "Runtime");
        let (regexp, key_count) = match &mapping.kind {
            ExprKind::Access { target, keys } if is_runtime(target) => (
                keys.len() == 2 && keys.get(1).is_some_and(pattern_with_replacement),
                keys.len(),
            ),
            _ => {
                cx.report(
                    Diagnostic::new(
                        mapping.span,
                        "Expressions of type a Type Mapping are not supported in this version of \
                         Puppet",
                    )
                    .with_help("only `Runtime[...]` types can be mapped"),
                );
                return;
            }
        };
        let ok = if regexp {
            pattern_with_replacement(value)
        } else {
            is_type_ref(value)
        };
        if ok {
            // The validator accepts it, but loading the mapping fails (Puppet prints this
            // without a position and stops).
            if key_count != 2 {
                cx.report(
                    Diagnostic::new(
                        mapping.span,
                        format!(
                            "Invalid number of type parameters specified: Runtime requires 2, \
                             {key_count} provided"
                        ),
                    )
                    .with_help("write `Runtime[ruby, 'Name']` or `Runtime[ruby, [/re/, 'repl']]`"),
                );
            }
            return;
        }
        // Puppet's message says "left side" but the right side is the one that is checked.
        let (message, help) = if regexp {
            (
                "Illegal type mapping. Expected a Tuple[Regexp,String] on the left side, got A \
                 Type Mapping",
                "a `Runtime[ruby, [/regexp/, 'replacement']]` mapping needs a \
                 `[/regexp/, 'replacement']` pair on the right side",
            )
        } else {
            (
                "Illegal type mapping. Expected a Type on the left side, got A Type Mapping",
                "a `Runtime[ruby, 'Name']` mapping needs a type on the right side",
            )
        };
        cx.report(Diagnostic::new(mapping.span, message).with_help(help));
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    #[test]
    fn mappings() {
        let r = |s| positions("type_mapping", s);
        assert!(r("type Runtime[ruby, 'Foo'] = Bar\n").is_empty());
        assert!(r("type Runtime[ruby, [/a/, 'b']] = [/x/, 'y']\n").is_empty());
        assert_eq!(
            r("type Runtime[ruby, [/a/, 'b']] = Foo\n"),
            vec![(
                1,
                6,
                "Illegal type mapping. Expected a Tuple[Regexp,String] on the left side, got A \
                 Type Mapping"
                    .to_string()
            )]
        );
        assert_eq!(
            r("type Runtime[ruby, 'a'] = [/x/, 'y']\n"),
            vec![(
                1,
                6,
                "Illegal type mapping. Expected a Type on the left side, got A Type Mapping"
                    .to_string()
            )]
        );
        assert_eq!(
            r("type Runtime[ruby] = Foo\n"),
            vec![(
                1,
                6,
                "Invalid number of type parameters specified: Runtime requires 2, 1 provided"
                    .to_string()
            )]
        );
        assert_eq!(
            r("type Runtime[ruby] = [/a/, 'b']\n")[0].2,
            "Illegal type mapping. Expected a Type on the left side, got A Type Mapping"
        );
        assert_eq!(
            r("type Foo[1] = Bar\n"),
            vec![(
                1,
                6,
                "Expressions of type a Type Mapping are not supported in this version of Puppet"
                    .to_string()
            )]
        );
    }
}
