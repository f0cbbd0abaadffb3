//! `2sp_soft_tabs`: an indentation of an odd number of characters (puppet-lint's
//! `2sp_soft_tabs`; like puppet-lint it does not check the nesting depth).

use crate::rules::lint_tokens::chars;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};

pub struct TwoSpSoftTabs;

static META: RuleMeta = RuleMeta {
    name: "2sp_soft_tabs",
    level: Level::Error,
    category: Category::Layout,
    fix: FixKind::None,
    puppet_lint: Some("2sp_soft_tabs"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "An indentation whose width is not a multiple of two characters.",
    doc: include_str!("../../../rules/2sp_soft_tabs.md"),
    kinds: &[],
    options: &[],
};

impl Rule for TwoSpSoftTabs {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let found: Vec<_> = cx
            .whitespace_runs()
            .iter()
            .filter(|r| r.indent && chars(cx.text(r.span)) % 2 == 1)
            .collect();
        for r in found {
            cx.report(Diagnostic::new(r.span, "two-space soft tabs not used"));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::engine::{check_file, RuleSet};
    use crate::rules::Level;

    fn found(src: &str) -> Vec<(usize, usize, String)> {
        let f = crate::syntax::parse(src);
        check_file("t.pp", &f, &RuleSet::only("2sp_soft_tabs", Level::Error))
            .into_iter()
            .map(|d| {
                let (l, c) = f.line_index.line_col(src, d.span.start());
                (l, c, d.message.into_owned())
            })
            .collect()
    }

    #[test]
    fn odd_indents_outside_strings_and_heredocs() {
        let src = "   $a = 1\nclass x {\n   $b = \"x\n   y\"\n  $c = @(E)\n   text\n   | E\n     $d = 1\n}\n";
        assert_eq!(
            found(src),
            vec![
                (3, 1, "two-space soft tabs not used".to_string()),
                (8, 1, "two-space soft tabs not used".to_string()),
            ]
        );
    }
}
