//! `trailing_whitespace`: whitespace at the end of a line (puppet-lint's
//! `trailing_whitespace`). Like puppet-lint, whitespace inside a comment, a string or a
//! heredoc body is part of that token and not reported; with the option `comments`,
//! whitespace at the end of a comment's lines is reported too.

use crate::rules::lint_tokens::is_ws;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, OptionKind, Rule, RuleMeta,
    RuleOption,
};
use crate::syntax::Span;

pub struct TrailingWhitespace;

static META: RuleMeta = RuleMeta {
    name: "trailing_whitespace",
    level: Level::Error,
    category: Category::Layout,
    fix: FixKind::Safe,
    puppet_lint: Some("trailing_whitespace"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "Whitespace at the end of a line.",
    doc: include_str!("../../../rules/trailing_whitespace.md"),
    kinds: &[],
    options: &[RuleOption {
        name: "comments",
        kind: OptionKind::Bool,
        default: "false",
        doc: "Also report whitespace at the end of a comment's lines (puppet-lint does not).",
    }],
};

impl Rule for TrailingWhitespace {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let mut found: Vec<Span> = cx
            .whitespace_runs()
            .iter()
            .filter(|r| r.at_eol)
            .map(|r| r.span)
            .collect();
        if cx.option_bool("comments").unwrap_or(false) {
            for c in cx.file.comments {
                found.extend(comment_trailing(source, c.span));
            }
            found.sort_by_key(|s| s.start);
        }
        for span in found {
            cx.report(
                Diagnostic::new(span, "trailing whitespace found")
                    .with_fix(Fix::safe(vec![Edit::delete(span)])),
            );
        }
    }
}

/// The whitespace ending a line inside the comment at `span` (or at its end, when a line
/// end follows it).
fn comment_trailing(source: &str, span: Span) -> Vec<Span> {
    let mut out = Vec::new();
    let Some(text) = source.get(span.start()..span.end()) else {
        return out;
    };
    let after = source.get(span.end()..).and_then(|s| s.chars().next());
    let mut line_start = 0;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), '\n')))
    {
        if c != '\n' || (i == text.len() && !matches!(after, None | Some('\n' | '\r'))) {
            continue;
        }
        let line = text.get(line_start..i).unwrap_or("");
        let line = line.strip_suffix('\r').unwrap_or(line);
        let kept = line.trim_end_matches(is_ws);
        if kept.len() < line.len() {
            let start = span.start() + line_start + kept.len();
            out.push(Span::new(start, span.start() + line_start + line.len()));
        }
        line_start = i + 1;
    }
    out
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

    #[test]
    fn comments_with_the_option() {
        let src = "# a  \n$a = 1 #\t\n/* x \n y */ \n";
        let f = crate::syntax::parse(src);
        let mut options = toml::Table::new();
        options.insert("comments".into(), toml::Value::Boolean(true));
        let rules = RuleSet::new(vec![(
            crate::rules::registry::find("trailing_whitespace").unwrap(),
            Level::Error,
            options,
        )]);
        let d = check_file("t.pp", &f, &rules);
        let at: Vec<_> = d
            .iter()
            .map(|d| f.line_index.line_col(src, d.span.start()))
            .collect();
        assert_eq!(at, vec![(1, 4), (2, 9), (3, 5), (4, 6)]);
        assert_eq!(
            fix::apply(src, &d, false).text,
            "# a\n$a = 1 #\n/* x\n y */\n"
        );
    }
}
