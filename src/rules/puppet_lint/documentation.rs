//! `documentation` (puppet-lint): a class or defined type without a comment directly above
//! it (on the line before its keyword, or before it on the same line).

use crate::rules::class_or_define::definition;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, Span};

pub struct Documentation;

static META: RuleMeta = RuleMeta {
    name: "documentation",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("documentation"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A class or defined type without a comment directly above it.",
    doc: include_str!("../../../rules/documentation.md"),
    kinds: &[NodeKind::Class, NodeKind::Define],
    options: &[],
};

/// Whether a comment ends right before `at`: only blanks and at most one line break
/// between them.
fn documented(cx: &Context<'_>, at: usize) -> bool {
    let tokens = cx.tokens();
    let i = tokens.partition_point(|t| t.span.start() < at);
    let Some(prev) = i.checked_sub(1).and_then(|p| tokens.get(p)) else {
        return false;
    };
    if prev.kind() != "comment" {
        return false;
    }
    let between = cx.text(Span::new(prev.span.end(), at));
    between.chars().all(char::is_whitespace) && between.matches('\n').count() <= 1
}

impl Rule for Documentation {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some(def) = definition(expr) else { return };
        if documented(cx, def.keyword) {
            return;
        }
        let keyword = if def.is_class { "class" } else { "define" };
        cx.report(
            Diagnostic::new(
                Span::new(def.keyword, def.keyword + keyword.len()),
                format!("{} not documented", def.what()),
            )
            .with_help("describe it in a comment right above it (puppet-strings format)"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    #[test]
    fn comment_directly_above() {
        let src = "# a\nclass a {\n  # b\n\n  class b {}\n  # c\n  define c {}\n}\n/* d */ define d {}\ndefine e {}\n";
        assert_eq!(
            findings("documentation", src),
            vec![
                "5:3 class not documented",
                "10:1 defined type not documented"
            ]
        );
    }

    #[test]
    fn first_definition_without_comment() {
        assert_eq!(
            findings("documentation", "class a {}\n"),
            vec!["1:1 class not documented"]
        );
    }
}
