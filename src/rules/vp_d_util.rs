//! Helpers shared by the Vox Pupuli plugin rules of group D (resources, references,
//! values): words written bare or quoted, `ensure` values of one resource type, bare words
//! in case and selector options, resource references in relationship metaparameters and
//! whitespace between a reference's type and its `[`.

use super::style_b_util::{attributes, single_quoted, type_name};
use super::{Context, Diagnostic, Edit, Fix};
use crate::syntax::visit::for_each_child;
use crate::syntax::{Expr, ExprKind, ResourceBody, Span, StringStyle};

/// The capitalised names puppet-lint's lexer reads as `TYPE` tokens (Puppet's built-in data
/// types it knows), not as `CLASSREF`: the plugins treat them apart.
pub const LINT_TYPES: &[&str] = &[
    "Integer",
    "Float",
    "Boolean",
    "Regexp",
    "String",
    "Array",
    "Hash",
    "Resource",
    "Class",
    "Collection",
    "Scalar",
    "Numeric",
    "CatalogEntry",
    "Data",
    "Tuple",
    "Struct",
    "Optional",
    "NotUndef",
    "Variant",
    "Enum",
    "Pattern",
    "Any",
    "Callable",
    "Type",
    "Runtime",
    "Undef",
    "Default",
    "Sensitive",
];

/// Whether `name` is one of puppet-lint's `TYPE` names.
pub fn is_lint_type(name: &str) -> bool {
    LINT_TYPES.contains(&name)
}

/// The metaparameters whose values are resource references.
pub const RELATIONSHIP_PARAMS: &[&str] = &[
    "require",
    "subscribe",
    "notify",
    "before",
    "consume",
    "export",
];

/// The text of a bare word or of a string without interpolation (`present`, `'present'`,
/// `"present"`).
pub fn word(expr: &Expr) -> Option<&str> {
    match &expr.kind {
        ExprKind::QualifiedName(n) => Some(n),
        ExprKind::String { value, .. } => Some(value),
        _ => None,
    }
}

/// `text` written the way `expr` (a bare word or a plain string) is written: bare, in
/// single quotes or in double quotes. `text` must need no escaping.
pub fn same_quoting(expr: &Expr, text: &str) -> String {
    match &expr.kind {
        ExprKind::String {
            style: StringStyle::Single,
            ..
        } => format!("'{text}'"),
        ExprKind::String {
            style: StringStyle::Double,
            ..
        } => format!("\"{text}\""),
        _ => text.to_string(),
    }
}

/// The bodies of resource expression `expr` when its type is `ty` (`file`, `package`).
pub fn bodies_of_type<'a>(expr: &'a Expr, ty: &str) -> &'a [ResourceBody] {
    match &expr.kind {
        ExprKind::Resource(r) if type_name(&r.type_name) == Some(ty) => &r.bodies,
        _ => &[],
    }
}

/// The value of the first attribute `name` of `body`.
pub fn first_attribute<'a>(body: &'a ResourceBody, name: &str) -> Option<&'a Expr> {
    attributes(body)
        .find(|(_, n, _)| n.name == name)
        .map(|(_, _, v)| v)
}

/// Reports an `ensure` of a `ty` resource set to the word `bad` (bare or quoted), with an
/// unsafe fix writing `good(body)` in the same quoting.
pub fn check_ensure_word(
    expr: &Expr,
    cx: &mut Context<'_>,
    ty: &str,
    bad: &str,
    message: &str,
    good: fn(&ResourceBody) -> &'static str,
) {
    for body in bodies_of_type(expr, ty) {
        let Some(value) = first_attribute(body, "ensure") else {
            continue;
        };
        if word(value) != Some(bad) {
            continue;
        }
        let replacement = good(body);
        cx.report(
            Diagnostic::new(value.span, message)
                .with_help(format!("write `ensure => {replacement}`"))
                .with_fix(Fix::unsafe_(vec![Edit::replace(
                    value.span,
                    same_quoting(value, replacement),
                )])),
        );
    }
}

/// A finding for a case option or selector match written as a bare word: a lower-case name
/// (`foo`, `foo::bar`, `foo-bar`), or a capitalised name without `::` that is not one of
/// puppet-lint's type names (`RedHat`). The fix quotes it. It is safe only where Puppet's
/// syntax tree stays the same (a bare word Puppet already reads as a String, `foo-bar`);
/// quoting a name (`foo`: a name that evaluates to the String of its text) changes the tree,
/// and quoting a capitalised word (a resource type, matched as a type) changes the meaning:
/// both unsafe.
pub fn unquoted_word(cx: &Context<'_>, expr: &Expr, message: &str) -> Option<Diagnostic> {
    let (safe, name) = match &expr.kind {
        ExprKind::String {
            style: StringStyle::Bare,
            ..
        } => (true, true),
        ExprKind::QualifiedName(_) => (false, true),
        ExprKind::QualifiedReference(n) if !n.contains("::") && !is_lint_type(n) => (false, false),
        _ => return None,
    };
    let text = cx.text(expr.span);
    let quoted = single_quoted(text);
    let help = if name {
        format!("quote it: {quoted}")
    } else {
        format!(
            "`{text}` is a type here and matches only values of that type; quote it ({quoted}) to match the string"
        )
    };
    let edits = vec![Edit::replace(expr.span, quoted)];
    Some(
        Diagnostic::new(expr.span, message)
            .with_help(help)
            .with_fix(if safe {
                Fix::safe(edits)
            } else {
                Fix::unsafe_(edits)
            }),
    )
}

/// Calls `f` with the type and each key of each resource reference (`Type[key, ...]`, the
/// type a capitalised name other than puppet-lint's type names, or `Class`) in the values of
/// the relationship metaparameters of resource `expr`, at any depth (arrays, chains).
pub fn reference_titles<'a>(expr: &'a Expr, f: &mut dyn FnMut(&'a str, &'a Expr)) {
    let ExprKind::Resource(r) = &expr.kind else {
        return;
    };
    for body in &r.bodies {
        for (_, name, value) in attributes(body) {
            if RELATIONSHIP_PARAMS.contains(&name.name.as_str()) {
                references_in(value, f);
            }
        }
    }
}

fn references_in<'a>(expr: &'a Expr, f: &mut dyn FnMut(&'a str, &'a Expr)) {
    if let ExprKind::Access { target, keys } = &expr.kind {
        if let ExprKind::QualifiedReference(t) = &target.kind {
            if t == "Class" || !is_lint_type(t) {
                for k in keys {
                    f(t, k);
                }
            }
        }
    }
    for_each_child(expr, &mut |c, _| references_in(c, f));
}

/// Whether `text` is a capitalised name (`Foo`, `Foo::Bar`, `::Foo`).
fn is_reference_name(text: &str) -> bool {
    let body = text.strip_prefix("::").unwrap_or(text);
    body.split("::").all(|seg| {
        seg.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            && seg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Reports each capitalised name followed by blanks (spaces or tabs, no newline) and `[`:
/// the names in puppet-lint's type list when `lint_types` is set, the others otherwise.
/// The unsafe fix removes the blanks (Puppet reads `Foo ['x']` as the name `Foo` followed
/// by an array, `Foo['x']` as a reference).
pub fn reference_whitespace(cx: &mut Context<'_>, lint_types: bool) {
    let source = cx.source();
    let mut found: Vec<(Span, Span)> = Vec::new();
    for pair in cx.tokens().windows(2) {
        let [name, bracket] = pair else {
            continue;
        };
        if bracket.named || bracket.kind != "[" {
            continue;
        }
        let Some(text) = source.get(name.span.start()..name.span.end()) else {
            continue;
        };
        let Some(gap) = source.get(name.span.end()..bracket.span.start()) else {
            continue;
        };
        if gap.is_empty()
            || !gap.chars().all(|c| c == ' ' || c == '\t')
            || !is_reference_name(text)
            || is_lint_type(text) != lint_types
        {
            continue;
        }
        found.push((name.span, Span::new(name.span.end(), bracket.span.start())));
    }
    for (name, gap) in found {
        cx.report(
            Diagnostic::new(name, "whitespace between reference type and title")
                .with_help("write the `[` right after the type: `Type['title']`")
                .with_fix(Fix::unsafe_(vec![Edit::delete(gap)])),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_names() {
        assert!(is_reference_name("Foo"));
        assert!(is_reference_name("Foo::Bar_2"));
        assert!(is_reference_name("::Foo"));
        assert!(!is_reference_name("foo"));
        assert!(!is_reference_name("Foo::bar"));
        assert!(!is_reference_name("'Foo'"));
        assert!(!is_reference_name(""));
    }
}
