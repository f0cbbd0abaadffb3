//! `reserved_word`: a reserved word (`private`, `attr`) used as a bare value. Puppet's
//! validator rejects it (RESERVED_WORD); quote it to get the string.

use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta, Slot,
};
use crate::syntax::{Expr, ExprKind};

pub struct ReservedWord;

static META: RuleMeta = RuleMeta {
    name: "reserved_word",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::Safe,
    puppet_lint: None,
    plugin: None,
    aliases: &["RESERVED_WORD"],
    since: "0.1.0",
    summary: "A reserved word (`private`, `attr`) used as a bare value.",
    doc: include_str!("../../../rules/reserved_word.md"),
    kinds: &[NodeKind::Reserved],
    options: &[],
};

impl Rule for ReservedWord {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Reserved(word) = &expr.kind else {
            return;
        };
        let mut d = Diagnostic::new(
            expr.span,
            format!(
                "Use of reserved word: {word}, must be quoted if intended to be a String value"
            ),
        )
        .with_help(format!("write '{word}'"));
        // Quoting gives the string the author meant where a value is expected; elsewhere
        // (a function name, a resource type) a string would be an error too.
        let value_slot = matches!(
            cx.slot(),
            Some(
                Slot::Element
                    | Slot::HashKey
                    | Slot::HashValue
                    | Slot::Rhs
                    | Slot::Argument
                    | Slot::AttributeValue
                    | Slot::Title
                    | Slot::SelectorValue
                    | Slot::ParamDefault
            )
        );
        // Before a `/`, the word makes it a regex's start (`attr //`), a string would make
        // it a division: no fix there.
        let slash_after = cx
            .source()
            .get(expr.span.end()..)
            .is_some_and(|rest| rest.trim_start().starts_with('/'));
        if value_slot && cx.text(expr.span) == word && !slash_after {
            d = d.with_fix(Fix::safe(vec![Edit::replace(
                expr.span,
                format!("'{word}'"),
            )]));
        }
        cx.report(d);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    #[test]
    fn bare_reserved_words() {
        let m = |w: &str| {
            format!("Use of reserved word: {w}, must be quoted if intended to be a String value")
        };
        assert_eq!(
            positions("reserved_word", "$x = [private, attr]\n"),
            vec![(1, 7, m("private")), (1, 16, m("attr"))]
        );
        assert_eq!(
            positions("reserved_word", "$x = {private => 1}\n"),
            vec![(1, 7, m("private"))]
        );
        assert!(positions("reserved_word", "$x = ['private', attr_x]\n").is_empty());
    }

    #[test]
    fn no_fix_before_a_slash() {
        // `attr //` is `attr` and a regex; `'attr' //` would be a division without operand.
        let src = "$x = 2/attr//\n$y = private\n";
        assert_eq!(
            fixed("reserved_word", src),
            "$x = 2/attr//\n$y = 'private'\n"
        );
    }
}
