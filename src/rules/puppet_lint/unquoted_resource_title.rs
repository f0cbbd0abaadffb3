//! `unquoted_resource_title` (puppet-lint): a resource title written as a bare word.

use crate::rules::quoting::single_quoted;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind, StringStyle};

pub struct UnquotedResourceTitle;

static META: RuleMeta = RuleMeta {
    name: "unquoted_resource_title",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("unquoted_resource_title"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A resource title that is not quoted.",
    doc: include_str!("../../../rules/unquoted_resource_title.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

fn is_bare_word(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::QualifiedName(_)
            | ExprKind::String {
                style: StringStyle::Bare,
                ..
            }
    )
}

impl Rule for UnquotedResourceTitle {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Resource(r) = &expr.kind else {
            return;
        };
        for body in &r.bodies {
            let titles: Vec<&Expr> = match &body.title.kind {
                ExprKind::Array(items) => items.iter().collect(),
                _ => vec![&body.title],
            };
            for t in titles.into_iter().filter(|t| is_bare_word(t)) {
                let edits = vec![Edit::replace(t.span, single_quoted(cx.text(t.span)))];
                // A name (`(qn foo)` in Puppet's AST) evaluates to the same String as
                // `'foo'`, but the AST differs; a bare word that is not a name already is
                // a String.
                let fix = match t.kind {
                    ExprKind::QualifiedName(_) => Fix::unsafe_(edits),
                    _ => Fix::safe(edits),
                };
                cx.report(
                    Diagnostic::new(t.span, "unquoted resource title")
                        .with_help("quote the title")
                        .with_fix(fix),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "unquoted_resource_title";
    const MSG: &str = "unquoted resource title";

    #[test]
    fn flags_bare_titles() {
        let src = "package { git: }\nfile { 'a': }\nservice { [ntp, 'b', foo-bar]: }\nclass { apache: }\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (1, 11, MSG.into()),
                (3, 12, MSG.into()),
                (3, 22, MSG.into()),
                (4, 9, MSG.into())
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "package { 'git': }\nfile { 'a': }\nservice { ['ntp', 'b', 'foo-bar']: }\nclass { 'apache': }\n"
        );
    }

    #[test]
    fn quoting_a_name_is_unsafe_and_a_bare_string_safe() {
        use crate::rules::Applicability;
        let d = crate::rules::testing::run(NAME, "service { [ntp, foo-bar]: }\n");
        let kinds: Vec<Applicability> = d
            .iter()
            .map(|d| d.fix.as_ref().unwrap().applicability)
            .collect();
        assert_eq!(kinds, vec![Applicability::Unsafe, Applicability::Safe]);
    }
}
