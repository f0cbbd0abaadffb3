//! `duplicate_title`: the same literal title twice in one resource expression (in one
//! title array, in two bodies, or two `default:` bodies). Puppet's validator accepts it;
//! evaluation fails with DUPLICATE_TITLE. Only literal strings, bare names and `default`
//! are compared: the value of a variable or an interpolation is not guessed.

use super::catalog_expressions::{literal_titles, Title};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct DuplicateTitle;

static META: RuleMeta = RuleMeta {
    name: "duplicate_title",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["DUPLICATE_TITLE"],
    since: "0.1.0",
    summary: "The same title is given twice in one resource expression.",
    doc: include_str!("../../../rules/duplicate_title.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

impl Rule for DuplicateTitle {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Resource(r) = &expr.kind else {
            return;
        };
        let mut titles = Vec::new();
        for b in &r.bodies {
            literal_titles(&b.title, &mut titles);
        }
        for (i, (title, at)) in titles.iter().enumerate() {
            let Some((_, first)) = titles
                .get(..i)
                .and_then(|s| s.iter().find(|(t, _)| t == title))
            else {
                continue;
            };
            let shown = match title {
                Title::Name(s) => *s,
                Title::Default => "default",
            };
            let line = cx.file.line_index.line(first.span.start());
            cx.report(
                Diagnostic::new(
                    at.span,
                    format!(
                        "The title '{shown}' has already been used in this resource expression"
                    ),
                )
                .with_help(format!(
                    "the first use is on line {line}; Puppet fails at run time. Remove one of them."
                )),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    fn run(src: &str) -> Vec<(usize, usize, String)> {
        positions("duplicate_title", src)
    }

    fn m(t: &str) -> String {
        format!("The title '{t}' has already been used in this resource expression")
    }

    #[test]
    fn arrays_bodies_and_defaults() {
        assert_eq!(
            run("file { ['/a', '/b', '/a']: }\n"),
            vec![(1, 21, m("/a"))]
        );
        assert_eq!(run("file { '/a': ;\n  \"/a\": }\n"), vec![(2, 3, m("/a"))]);
        assert_eq!(
            run("notify { a: ; [['b'], 'a']: }\n"),
            vec![(1, 23, m("a"))]
        );
        assert_eq!(
            run("notify { default: ; 'x': ; default: }\n"),
            vec![(1, 28, m("default"))]
        );
    }

    #[test]
    fn unknown_values_are_not_guessed() {
        assert_eq!(run("notify { $a: ; $a: }\n"), vec![]);
        assert_eq!(run("notify { \"${a}\": ; \"${a}\": }\n"), vec![]);
        assert_eq!(run("notify { 'a': }\nnotify { 'a': }\n"), vec![]);
        assert_eq!(run("notify { 'a': ; 'A': }\n"), vec![]);
    }
}
