//! `double_quoted_strings` (puppet-lint): a double-quoted string with nothing in it that
//! needs double quotes (no interpolation, no escape, no single quote, no tab or newline).

use crate::rules::quoting::single_quoted;
use crate::rules::Slot;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind, StringStyle};

pub struct DoubleQuotedStrings;

static META: RuleMeta = RuleMeta {
    name: "double_quoted_strings",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Safe,
    puppet_lint: Some("double_quoted_strings"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A double-quoted string that needs no double quotes.",
    doc: include_str!("../../../rules/double_quoted_strings.md"),
    kinds: &[NodeKind::String],
    options: &[],
};

/// What makes double quotes worth keeping (puppet-lint's list): an escape it knows, a
/// single quote, a tab or a line break.
const KEEPS_QUOTES: &[&str] = &[
    "\\$", "\\\"", "\\'", "'", "\r", "\t", "\\t", "\\s", "\n", "\\n", "\\\\",
];

impl Rule for DoubleQuotedStrings {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::String {
            value,
            style: StringStyle::Double,
        } = &expr.kind
        else {
            return;
        };
        if cx.slot() == Some(Slot::HeredocText) {
            return;
        }
        let text = cx.text(expr.span);
        let Some(raw) = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) else {
            return;
        };
        if KEEPS_QUOTES.iter().any(|k| raw.contains(k)) {
            return;
        }
        let replacement = if raw.contains('\\') {
            single_quoted(value)
        } else {
            format!("'{raw}'")
        };
        cx.report(
            Diagnostic::new(expr.span, "double quoted string containing no variables")
                .with_help("use single quotes")
                .with_fix(Fix::safe(vec![Edit::replace(expr.span, replacement)])),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{ast, fixed, positions};

    const NAME: &str = "double_quoted_strings";

    #[test]
    fn flags_plain_double_quoted_strings() {
        let src = "$a = \"plain\"\n$b = \"esc\\n\"\n$c = \"it's\"\n$d = \"${x}\"\n$e = 'x'\n$f = { \"k\" => 1 }\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (1, 6, "double quoted string containing no variables".into()),
                (6, 8, "double quoted string containing no variables".into()),
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "$a = 'plain'\n$b = \"esc\\n\"\n$c = \"it's\"\n$d = \"${x}\"\n$e = 'x'\n$f = { 'k' => 1 }\n"
        );
    }

    #[test]
    fn fix_keeps_the_value_of_other_escapes() {
        assert_eq!(fixed(NAME, "$a = \"\\u{e9}\\q\"\n"), "$a = 'é\\q'\n");
    }

    #[test]
    fn fix_keeps_the_ast() {
        let src = "$a = [\"plain\", \"\\u{e9}\", \"a\\qb\", \"\\e\", \"C:\\temp\", \"%{x}\"]\n";
        let out = fixed(NAME, src);
        assert_ne!(out, src);
        assert_eq!(ast(&out), ast(src));
    }

    #[test]
    fn heredocs_are_not_strings() {
        assert!(positions(NAME, "$a = @(\"E\")\n  text\n  | E\n").is_empty());
    }
}
