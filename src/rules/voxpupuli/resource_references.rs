//! Resource references as the `resource_reference_syntax` plugin checks read them: the
//! capitalised names puppet-lint's lexer reads as types, the references in the values of
//! relationship metaparameters, and whitespace between a reference's type and its `[`.

use crate::rules::lint_tokens::next_code;
use crate::rules::resources::attributes;
use crate::rules::{Category, Context, Diagnostic, Edit, Fix, FixKind, Level, Plugin, RuleMeta};
use crate::syntax::visit::for_each_child;
use crate::syntax::{Expr, ExprKind, Span};

/// The metadata the four `resource_reference_*` rules share (each sets its `name`,
/// `category`, `fix`, `summary`, `doc` and `kinds`): off by default, error in the plugin.
pub const RESOURCE_REFERENCE_SYNTAX: RuleMeta = RuleMeta {
    name: "",
    level: Level::Off,
    category: Category::Layout,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-resource_reference_syntax",
        level: Level::Error,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "",
    doc: "",
    kinds: &[],
    options: &[],
};

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
    let tokens = cx.tokens();
    for (i, pair) in tokens.windows(2).enumerate() {
        let [name, bracket] = pair else {
            continue;
        };
        if bracket.named || bracket.kind() != "[" {
            continue;
        }
        // `Foo [ ]` is a type and an empty array (comments in it or not): `Foo[]` does not
        // parse; nor does `Foo[a = 1]`, an assignment in the array (`Foo [a = 1]`), nor
        // `Foo[$a -> []]`.
        let first_inside = next_code(tokens, i + 1).and_then(|j| tokens.get(j));
        if first_inside.is_some_and(|t| !t.named && t.kind() == "]")
            || statement_operator_inside(tokens.get(i + 1..).unwrap_or_default())
        {
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

/// Whether the brackets that `tokens` start with (`[` first) hold an assignment, a
/// relationship or a resource body after a name (`[t {...}]`), which an array may hold and
/// an access's keys may not, outside any nested brackets, braces or parentheses.
fn statement_operator_inside(tokens: &[crate::syntax::tokens::Token]) -> bool {
    let mut depth = 0usize;
    // Whether the last token before this one (comments aside) is a named one (a word).
    let mut after_name = false;
    for t in tokens {
        if t.named {
            if t.kind() != "comment" {
                after_name = true;
            }
            continue;
        }
        let was_after_name = std::mem::replace(&mut after_name, false);
        match t.kind() {
            "{" if depth == 1 && was_after_name => return true,
            "[" | "{" | "(" | "${" => depth += 1,
            "]" | "}" | ")" => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return false;
                }
            }
            "=" | "+=" | "-=" | "->" | "~>" | "<-" | "<~" if depth == 1 => return true,
            _ => {}
        }
    }
    false
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
