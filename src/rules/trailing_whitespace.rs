//! `trailing_whitespace`: whitespace at the end of a line (puppet-lint's
//! `trailing_whitespace`). Like puppet-lint, whitespace inside a comment, a string or a
//! heredoc body is part of that token and not reported.

use super::style_a_util::whitespace_runs;
use super::{Category, Context, Diagnostic, Edit, Fix, FixKind, Level, Rule, RuleMeta};

pub struct TrailingWhitespace;

static META: RuleMeta = RuleMeta {
    name: "trailing_whitespace",
    level: Level::Error,
    category: Category::Layout,
    fix: FixKind::Safe,
    puppet_lint: Some("trailing_whitespace"),
    aliases: &[],
    since: "0.1.0",
    summary: "Whitespace at the end of a line.",
    doc: include_str!("../../rules/trailing_whitespace.md"),
    kinds: &[],
    options: &[],
};

impl Rule for TrailingWhitespace {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let found: Vec<_> = whitespace_runs(cx.source(), cx.tokens())
            .into_iter()
            .filter(|r| r.at_eol)
            .collect();
        for r in found {
            cx.report(
                Diagnostic::new(r.span, "trailing whitespace found")
                    .with_fix(Fix::safe(vec![Edit::delete(r.span)])),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::engine::{check_file, RuleSet};
    use crate::rules::{fix, Level};

    #[test]
    fn trailing_runs_and_fix() {
        let src = "$a = 1  \n  \n$b = \"x  \n\" # c  \n$c = 2\t\r\n$d = 3 ";
        let f = crate::syntax::parse(src);
        let d = check_file(
            "t.pp",
            &f,
            &RuleSet::only("trailing_whitespace", Level::Error),
        );
        let at: Vec<_> = d
            .iter()
            .map(|d| f.line_index.line_col(src, d.span.start()))
            .collect();
        assert_eq!(at, vec![(1, 7), (2, 1), (5, 7), (6, 7)]);
        assert!(d.iter().all(|d| d.message == "trailing whitespace found"));
        assert_eq!(
            fix::apply(src, &d, false).text,
            "$a = 1\n\n$b = \"x  \n\" # c  \n$c = 2\r\n$d = 3"
        );
    }
}
