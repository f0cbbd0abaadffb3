//! `unquoted_string_in_selector` (plugin puppet-lint-unquoted_string-check): a selector
//! match written as a bare word (`foo => 1`) instead of a quoted string.

use super::unquoted_words::unquoted_word;
use super::unquoted_words::UNQUOTED_STRING;
use crate::rules::{Context, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct UnquotedStringInSelector;

static META: RuleMeta = RuleMeta {
    name: "unquoted_string_in_selector",
    summary: "A selector match written as a bare word.",
    doc: include_str!("../../../rules/unquoted_string_in_selector.md"),
    kinds: &[NodeKind::Selector],
    ..UNQUOTED_STRING
};

impl Rule for UnquotedStringInSelector {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Selector { entries, .. } = &expr.kind else {
            return;
        };
        for entry in entries {
            if let Some(d) = unquoted_word(cx, &entry.matching, "unquoted string in selector") {
                cx.report(d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "unquoted_string_in_selector";
    const MSG: &str = "unquoted string in selector";

    #[test]
    fn flags_bare_matches_only() {
        let src = "$a = $x ? { foo => bar, 'b' => c, RedHat => 1, Integer => 2, default => d }\n$b = $y ? {\n  x::y  => 1,\n  /re/  => 2,\n}\n";
        assert_eq!(
            positions(NAME, src),
            vec![(1, 13, MSG.into()), (1, 35, MSG.into()), (3, 3, MSG.into())]
        );
        assert_eq!(
            fixed(NAME, src),
            "$a = $x ? { 'foo' => bar, 'b' => c, 'RedHat' => 1, Integer => 2, default => d }\n$b = $y ? {\n  'x::y'  => 1,\n  /re/  => 2,\n}\n"
        );
    }

    #[test]
    fn leaves_types_and_values_alone() {
        let src = "$a = $x ? {\n  Undef                   => undef,\n  Stdlib::IP::Address::V6 => \"[${x}]\",\n  'relay'                 => { relayhost => 'a', satellite => true },\n  default                 => $x,\n}\n";
        assert!(positions(NAME, src).is_empty());
    }
}
