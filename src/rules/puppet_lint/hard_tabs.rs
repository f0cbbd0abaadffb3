//! `hard_tabs`: a tab character in whitespace between tokens (puppet-lint's `hard_tabs`).
//! Tabs inside strings, heredocs and comments are left alone.

use crate::rules::{Category, Context, Diagnostic, Edit, Fix, FixKind, Level, Rule, RuleMeta};

pub struct HardTabs;

static META: RuleMeta = RuleMeta {
    name: "hard_tabs",
    level: Level::Error,
    category: Category::Layout,
    fix: FixKind::Safe,
    puppet_lint: Some("hard_tabs"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A tab character in indentation or between tokens.",
    doc: include_str!("../../../rules/hard_tabs.md"),
    kinds: &[],
    options: &[],
};

impl Rule for HardTabs {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let found: Vec<_> = cx
            .whitespace_runs()
            .iter()
            .filter(|r| cx.text(r.span).contains('\t'))
            .collect();
        for r in found {
            let fixed = cx.text(r.span).replace('\t', "  ");
            cx.report(
                Diagnostic::new(r.span, "tab character found")
                    .with_fix(Fix::safe(vec![Edit::replace(r.span, fixed)])),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::engine::{check_file, RuleSet};
    use crate::rules::{fix, Level};

    #[test]
    fn tabs_between_tokens_only_and_fix() {
        let src = "class x {\n\t$a =\t\"\t\" # \t\n \t$b = 1\n}\n";
        let f = crate::syntax::parse(src);
        let d = check_file("t.pp", &f, &RuleSet::only("hard_tabs", Level::Error));
        let at: Vec<_> = d
            .iter()
            .map(|d| f.line_index.line_col(src, d.span.start()))
            .collect();
        assert_eq!(at, vec![(2, 1), (2, 6), (3, 1)]);
        assert!(d.iter().all(|d| d.message == "tab character found"));
        assert_eq!(
            fix::apply(src, &d, false).text,
            "class x {\n  $a =  \"\t\" # \t\n   $b = 1\n}\n"
        );
    }
}
