//! `resource_reference_chain_without_whitespace` (plugin
//! puppet-lint-resource_reference_syntax): blanks between a built-in type name and its `[`
//! (`Class ['x'] -> ...`); other types are `resource_reference_without_whitespace`'s.

use super::resource_references::reference_whitespace;
use super::resource_references::RESOURCE_REFERENCE_SYNTAX;
use crate::rules::{Category, Context, FixKind, Rule, RuleMeta};

pub struct ResourceReferenceChainWithoutWhitespace;

static META: RuleMeta = RuleMeta {
    name: "resource_reference_chain_without_whitespace",
    category: Category::Layout,
    fix: FixKind::Unsafe,
    summary: "Whitespace between a built-in type name (`Class`) and its `[`.",
    doc: include_str!("../../../rules/resource_reference_chain_without_whitespace.md"),
    kinds: &[],
    ..RESOURCE_REFERENCE_SYNTAX
};

impl Rule for ResourceReferenceChainWithoutWhitespace {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        reference_whitespace(cx, true);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "resource_reference_chain_without_whitespace";
    const MSG: &str = "whitespace between reference type and title";

    #[test]
    fn flags_blanks_after_builtin_types() {
        let src = "Class ['a'] -> Class['b'] ~> Package ['c']\n";
        assert_eq!(positions(NAME, src), vec![(1, 1, MSG.into())]);
        assert_eq!(
            fixed(NAME, src),
            "Class['a'] -> Class['b'] ~> Package ['c']\n"
        );
    }
}
