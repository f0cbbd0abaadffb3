//! `space_before_arrow`: in a resource body whose `=>` arrows are all on one line, an arrow
//! not preceded by exactly one space (puppet-lint 4's `space_before_arrow`; bodies with
//! arrows on several lines are `arrow_alignment`'s). The fix makes it one space.

use crate::rules::lint_tokens::{resource_ranges, ResourceRange};
use crate::rules::{Category, Context, Diagnostic, Edit, Fix, FixKind, Level, Rule, RuleMeta};
use crate::syntax::Span;

pub struct SpaceBeforeArrow;

static META: RuleMeta = RuleMeta {
    name: "space_before_arrow",
    level: Level::Warning,
    category: Category::Layout,
    fix: FixKind::Safe,
    puppet_lint: Some("space_before_arrow"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "Not exactly one space before `=>` in a resource body written on one line.",
    doc: include_str!("../../../rules/space_before_arrow.md"),
    kinds: &[],
    options: &[],
};

impl Rule for SpaceBeforeArrow {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let li = cx.file.line_index;
        let tokens = cx.tokens();
        let mut found = Vec::new();
        for ResourceRange { colon, end } in resource_ranges(tokens) {
            let arrows: Vec<usize> = (colon..=end)
                .filter(|&i| tokens.get(i).is_some_and(|t| t.kind() == "=>"))
                .collect();
            let line_of = |i: &usize| tokens.get(*i).map(|t| li.line(t.span.start()));
            if arrows.first().map(line_of) != arrows.last().map(line_of) {
                continue;
            }
            for i in arrows {
                let (Some(arrow), Some(prev)) =
                    (tokens.get(i), i.checked_sub(1).and_then(|p| tokens.get(p)))
                else {
                    continue;
                };
                let gap = Span::new(prev.span.end(), arrow.span.start());
                let gap_text = source.get(gap.start()..gap.end()).unwrap_or("");
                if gap_text == " " {
                    continue;
                }
                // Where puppet-lint's token before the arrow starts: the whitespace (the
                // indentation when the arrow starts a line, else the line break), or the
                // previous token itself.
                let at = if gap_text.is_empty() {
                    prev.span.start()
                } else if let Some(nl) = gap_text.rfind('\n') {
                    if nl + 1 < gap_text.len() {
                        gap.start() + nl + 1
                    } else {
                        gap.start() + gap_text.rfind(['\r', '\n']).unwrap_or(nl)
                    }
                } else {
                    gap.start()
                };
                let line_comment_before = prev.kind() == "comment"
                    && source
                        .get(prev.span.start()..prev.span.end())
                        .is_some_and(|t| t.starts_with('#'));
                let fixable = !gap_text.contains('\n') || !line_comment_before;
                found.push((at, gap, arrow.span.end(), fixable));
            }
        }
        for (at, gap, arrow_end, fixable) in found {
            // puppet-lint 4.3's message ends in "on line L, column C", which every output
            // format (puppet-lint's own too) then repeats: the position is the finding's.
            let mut d = Diagnostic::new(
                Span::new(at, arrow_end),
                "there should be a single space before '=>'",
            );
            if fixable {
                d = d.with_fix(Fix::safe(vec![Edit::replace(gap, " ")]));
            }
            cx.report(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::engine::{check_file, RuleSet};
    use crate::rules::{fix, Level};

    fn run(src: &str) -> (Vec<String>, String) {
        let f = crate::syntax::parse(src);
        assert!(!f.has_errors(), "{src}");
        let d = check_file(
            "t.pp",
            &f,
            &RuleSet::only("space_before_arrow", Level::Warning),
        );
        let msgs = d
            .iter()
            .map(|d| {
                let (line, column) = f.line_index.line_col(src, d.span.start());
                format!("{} at {line}:{column}", d.message)
            })
            .collect();
        (msgs, fix::apply(src, &d, false).text)
    }

    #[test]
    fn one_line_bodies_only() {
        let src = "file { 'a': ensure  => file, mode=>'0644' }\nfile { 'b':\n  ensure  => file,\n}\nfile { 'c':\n  ensure => file,\n  mode  => '0644',\n}\n";
        let (msgs, fixed) = run(src);
        assert_eq!(
            msgs,
            vec![
                "there should be a single space before '=>' at 1:19",
                "there should be a single space before '=>' at 1:30",
                "there should be a single space before '=>' at 3:9",
            ]
        );
        assert_eq!(
            fixed,
            "file { 'a': ensure => file, mode =>'0644' }\nfile { 'b':\n  ensure => file,\n}\nfile { 'c':\n  ensure => file,\n  mode  => '0644',\n}\n"
        );
    }
}
