//! `quoted_booleans` (puppet-lint, off by default): the string `'true'` or `'false'` where a
//! Boolean may have been meant.

use super::name_joins::joins_name;
use crate::rules::Slot;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind, StringStyle};

pub struct QuotedBooleans;

static META: RuleMeta = RuleMeta {
    name: "quoted_booleans",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("quoted_booleans"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A quoted `'true'` or `'false'`.",
    doc: include_str!("../../../rules/quoted_booleans.md"),
    kinds: &[NodeKind::String],
    options: &[],
};

impl Rule for QuotedBooleans {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::String { value, style } = &expr.kind else {
            return;
        };
        if *style == StringStyle::Bare
            || cx.slot() == Some(Slot::HeredocText)
            || !(value == "true" || value == "false")
        {
            return;
        }
        let source = cx.source();
        let before = source
            .get(..expr.span.start())
            .and_then(|t| t.chars().last());
        let after = source.get(expr.span.end()..).and_then(|t| t.chars().next());
        cx.report(
            Diagnostic::new(expr.span, "quoted boolean value found")
                .with_help(
                    "a non-empty String is always true; write `true` or `false` for a Boolean",
                )
                .with_fix(Fix::unsafe_(vec![Edit::replace(
                    expr.span,
                    apart(value, before, after),
                )])),
        );
    }
}

/// The bare `word` to put between the characters `before` and `after`, with a space on a
/// side where the quote kept it apart from a name, number or variable it would otherwise
/// join (`5'false'` into the bad number `5false`, `'false'-1` into the word `false-1`).
fn apart(word: &str, before: Option<char>, after: Option<char>) -> String {
    let mut out = String::with_capacity(word.len() + 2);
    if joins_name(before, &['-', '$', '@']) {
        out.push(' ');
    }
    out.push_str(word);
    if joins_name(after, &['-']) {
        out.push(' ');
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "quoted_booleans";

    #[test]
    fn flags_quoted_booleans() {
        let src = "$a = 'true'\n$b = \"false\"\n$c = true\n$d = 'True'\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (1, 6, "quoted boolean value found".into()),
                (2, 6, "quoted boolean value found".into())
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "$a = true\n$b = false\n$c = true\n$d = 'True'\n"
        );
    }

    #[test]
    fn the_word_stays_apart_from_its_neighbours() {
        let src = "undefined_'false' 5'false'\n$a = 'true'-1\n$b = ['true','false']\n";
        assert_eq!(
            fixed(NAME, src),
            "undefined_ false 5 false\n$a = true -1\n$b = [true,false]\n"
        );
    }
}
