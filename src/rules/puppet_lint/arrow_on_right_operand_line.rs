//! `arrow_on_right_operand_line`: a chaining arrow `->` or `~>` at the end of a line, whose
//! right operand starts on a later line (puppet-lint's `arrow_on_right_operand_line`). The
//! fix moves the arrow to the start of the right operand.

use crate::rules::lint_tokens::{is_ws, next_code};
use crate::rules::{Category, Context, Diagnostic, Edit, Fix, FixKind, Level, Rule, RuleMeta};
use crate::syntax::Span;

pub struct ArrowOnRightOperandLine;

static META: RuleMeta = RuleMeta {
    name: "arrow_on_right_operand_line",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Safe,
    puppet_lint: Some("arrow_on_right_operand_line"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A chaining arrow (`->`, `~>`) on the left operand's line instead of the right one's.",
    doc: include_str!("../../../rules/arrow_on_right_operand_line.md"),
    kinds: &[],
    options: &[],
};

impl Rule for ArrowOnRightOperandLine {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let li = cx.file.line_index;
        let tokens = cx.tokens();
        let mut found = Vec::new();
        for (i, t) in tokens.iter().enumerate() {
            if t.kind() != "->" && t.kind() != "~>" {
                continue;
            }
            let Some(next) = next_code(tokens, i).and_then(|n| tokens.get(n)) else {
                continue;
            };
            if li.line(next.span.start()) == li.line(t.span.start()) {
                continue;
            }
            found.push((t.span, next.span.start()));
        }
        for (arrow, right) in found {
            let arrow_text = cx.text(arrow).to_string();
            let d = Diagnostic::new(arrow, "arrow should be on the right operand's line").with_fix(
                Fix::safe(vec![
                    Edit::delete(removal(source, arrow)),
                    Edit::insert(right, format!("{arrow_text} ")),
                ]),
            );
            cx.report(d);
        }
    }
}

/// What to delete to take the arrow off its line: the arrow with the whitespace before it
/// and, when nothing but whitespace follows it on its line, that whitespace too; when the
/// arrow is alone on its line, the line.
fn removal(source: &str, arrow: Span) -> Span {
    let before = source.get(..arrow.start()).unwrap_or("");
    let ws_before = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_ws(*c))
        .last()
        .map_or(arrow.start(), |(i, _)| i);
    let after = source.get(arrow.end()..).unwrap_or("");
    let ws_after = after
        .char_indices()
        .find(|(_, c)| !is_ws(*c))
        .map_or(after.len(), |(i, _)| i);
    let eol = matches!(
        after.get(ws_after..).and_then(|s| s.chars().next()),
        None | Some('\n' | '\r')
    );
    let mut start = ws_before;
    let line_start = ws_before == 0 || before.get(..ws_before).is_some_and(|b| b.ends_with('\n'));
    if line_start && eol && ws_before > 0 {
        // The arrow is alone on its line: remove the line break before it as well.
        start = ws_before - 1;
        if before.get(..start).is_some_and(|b| b.ends_with('\r')) {
            start -= 1;
        }
    }
    let end = if eol {
        arrow.end() + ws_after
    } else {
        arrow.end()
    };
    Span::new(start, end)
}

#[cfg(test)]
mod tests {
    use crate::rules::engine::{check_file, RuleSet};
    use crate::rules::{fix, Level};

    fn run(src: &str) -> (Vec<(usize, usize)>, String) {
        let f = crate::syntax::parse(src);
        assert!(!f.has_errors(), "{src}");
        let d = check_file(
            "t.pp",
            &f,
            &RuleSet::only("arrow_on_right_operand_line", Level::Warning),
        );
        assert!(d
            .iter()
            .all(|d| d.message == "arrow should be on the right operand's line"));
        let at = d
            .iter()
            .map(|d| f.line_index.line_col(src, d.span.start()))
            .collect();
        (at, fix::apply(src, &d, false).text)
    }

    #[test]
    fn arrows_move_to_the_right_operand() {
        let src = "Package['a'] -> \n  Service['a'] ~> # why\n  Exec['b']\nFile['x']\n  -> File['y']\nFile['p'] ->\n# c\nFile['q']\n";
        let (at, fixed) = run(src);
        assert_eq!(at, vec![(1, 14), (2, 16), (6, 11)]);
        assert_eq!(
            fixed,
            "Package['a']\n  -> Service['a'] # why\n  ~> Exec['b']\nFile['x']\n  -> File['y']\nFile['p']\n# c\n-> File['q']\n"
        );
    }

    #[test]
    fn arrow_alone_on_its_line() {
        let (at, fixed) = run("File['x']\n  ->\n  File['y']\n");
        assert_eq!(at, vec![(2, 3)]);
        assert_eq!(fixed, "File['x']\n  -> File['y']\n");
    }
}
