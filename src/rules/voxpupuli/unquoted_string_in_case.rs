//! `unquoted_string_in_case` (plugin puppet-lint-unquoted_string-check): a case option
//! written as a bare word (`foo:`, `RedHat:`) instead of a quoted string.

use super::unquoted_words::unquoted_word;
use super::unquoted_words::UNQUOTED_STRING;
use crate::rules::{Context, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct UnquotedStringInCase;

static META: RuleMeta = RuleMeta {
    name: "unquoted_string_in_case",
    summary: "A case option written as a bare word.",
    doc: include_str!("../../../rules/unquoted_string_in_case.md"),
    kinds: &[NodeKind::Case],
    ..UNQUOTED_STRING
};

impl Rule for UnquotedStringInCase {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Case(case) = &expr.kind else {
            return;
        };
        for option in &case.options {
            for value in &option.values {
                if let Some(d) = unquoted_word(cx, value, "unquoted string in case") {
                    cx.report(d);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions, run};
    use crate::rules::Applicability;

    const NAME: &str = "unquoted_string_in_case";
    const MSG: &str = "unquoted string in case";

    #[test]
    fn flags_bare_words() {
        let src = "case $x {\n  foo, 'bar': {}\n  RedHat, Debian::Foo: {}\n  String, /re/, 1, $y: {}\n  a::b: {}\n  default: {}\n}\n";
        assert_eq!(
            positions(NAME, src),
            vec![(2, 3, MSG.into()), (3, 3, MSG.into()), (5, 3, MSG.into())]
        );
        assert_eq!(
            fixed(NAME, src),
            "case $x {\n  'foo', 'bar': {}\n  'RedHat', Debian::Foo: {}\n  String, /re/, 1, $y: {}\n  'a::b': {}\n  default: {}\n}\n"
        );
    }

    #[test]
    fn capitalised_words_are_unsafe() {
        let d = run(
            NAME,
            "case $x {\n  foo-bar: {}\n  foo: {}\n  RedHat: {}\n}\n",
        );
        let a: Vec<_> = d
            .iter()
            .filter_map(|d| d.fix.as_ref().map(|f| f.applicability))
            .collect();
        assert_eq!(
            a,
            vec![
                Applicability::Safe,
                Applicability::Unsafe,
                Applicability::Unsafe
            ]
        );
    }

    #[test]
    fn quoting_keeps_the_value() {
        use crate::rules::testing::ast;
        let src = "case $x {\n  foo-bar: {}\n}\n";
        assert_eq!(ast(src), ast(&fixed(NAME, src)));
    }
}
