//! `code_on_top_scope` (puppet-lint, off by default): code outside every class and defined
//! type. Like puppet-lint, every token outside them is reported (comments excepted).

use crate::rules::scopes::ScopeKind;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::Span;

pub struct CodeOnTopScope;

static META: RuleMeta = RuleMeta {
    name: "code_on_top_scope",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("code_on_top_scope"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "Code outside of a class or defined type.",
    doc: include_str!("../../../rules/code_on_top_scope.md"),
    kinds: &[],
    options: &[],
};

/// Where puppet-lint places the token and the value it prints: variables without `$`,
/// strings without their quotes, regexes without their slashes, a heredoc opening as what is inside `@( )`, a heredoc body from its
/// first line up to the end tag (without that tag).
fn located(kind: &str, span: Span, text: &str) -> (Span, String) {
    match kind {
        "variable" => (span, text.strip_prefix('$').unwrap_or(text).to_string()),
        "single_quoted_string" | "double_quoted_string" | "regex" => {
            let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or(text);
            (span, inner.to_string())
        }
        "heredoc" => {
            let inner = text.strip_prefix("@(").unwrap_or(text);
            let inner = inner.strip_suffix(')').unwrap_or(inner);
            (span, inner.to_string())
        }
        "heredoc_body" => {
            let skip = text.find('\n').map_or(0, |i| i + 1);
            let body = text.get(skip..).unwrap_or("");
            let trimmed = body.trim_end_matches(['\n', '\r']);
            let last = trimmed.rfind('\n').map_or(0, |i| i + 1);
            let indent = trimmed
                .get(last..)
                .map_or(0, |l| l.len() - l.trim_start().len());
            let value = trimmed.get(..last + indent).unwrap_or(trimmed);
            (
                Span::new(span.start() + skip, span.end()),
                value.to_string(),
            )
        }
        _ => (span, text.to_string()),
    }
}

impl Rule for CodeOnTopScope {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        // The outermost class and define spans, in source order (tokens are sorted too, so
        // one sweep finds the tokens outside them).
        let mut inside: Vec<Span> = cx
            .scopes()
            .scopes
            .iter()
            .filter(|s| matches!(s.kind, ScopeKind::Class | ScopeKind::Define))
            .map(|s| s.span)
            .collect();
        inside.sort_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
        let mut spans = inside.into_iter().peekable();
        let mut current: Option<Span> = None;
        let mut found = Vec::new();
        for t in cx.tokens() {
            while current.is_none_or(|c| c.end <= t.span.start) {
                match spans.peek() {
                    Some(s) if s.start <= t.span.start => {
                        let s = *s;
                        spans.next();
                        if current.is_none_or(|c| s.end > c.end) {
                            current = Some(s);
                        }
                    }
                    _ => break,
                }
            }
            if current.is_some_and(|c| c.end <= t.span.start) {
                current = None;
            }
            let covered = current.is_some_and(|c| c.start <= t.span.start && t.span.end <= c.end);
            if t.kind() == "comment" || covered {
                continue;
            }
            found.push(located(t.kind(), t.span, cx.text(t.span)));
        }
        for (span, v) in found {
            cx.report(
                Diagnostic::new(span, format!("code outside of class or define block - {v}"))
                    .with_help("move the code into a class"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    #[test]
    fn tokens_outside_classes_and_defines() {
        let src = "# comment\nclass a {\n  include b\n}\ndefine c {}\ninclude a\n$x = 'y'\n";
        assert_eq!(
            findings("code_on_top_scope", src),
            vec![
                "6:1 code outside of class or define block - include",
                "6:9 code outside of class or define block - a",
                "7:1 code outside of class or define block - x",
                "7:4 code outside of class or define block - =",
                "7:6 code outside of class or define block - y"
            ]
        );
    }

    #[test]
    fn nested_and_sibling_definitions() {
        let src = "if $x {
  class a {
    class b {}
    define c {}
  }
}
class d {}
$y
";
        assert_eq!(
            findings("code_on_top_scope", src),
            vec![
                "1:1 code outside of class or define block - if",
                "1:4 code outside of class or define block - x",
                "1:7 code outside of class or define block - {",
                "6:1 code outside of class or define block - }",
                "8:1 code outside of class or define block - y"
            ]
        );
    }

    #[test]
    fn heredocs_as_puppet_lint_prints_them() {
        let src = "notice(@(\"E\":json/n))\n  text\n  | E\n";
        assert_eq!(
            findings("code_on_top_scope", src),
            vec![
                "1:1 code outside of class or define block - notice",
                "1:7 code outside of class or define block - (",
                "1:8 code outside of class or define block - \"E\":json/n",
                "1:21 code outside of class or define block - )",
                "2:1 code outside of class or define block -   text\n  "
            ]
        );
    }

    #[test]
    fn regexes_print_without_slashes() {
        let src = "type Ab = Pattern[/^a+$/]\n";
        assert_eq!(
            findings("code_on_top_scope", src),
            vec![
                "1:1 code outside of class or define block - type",
                "1:6 code outside of class or define block - Ab",
                "1:9 code outside of class or define block - =",
                "1:11 code outside of class or define block - Pattern",
                "1:18 code outside of class or define block - [",
                "1:19 code outside of class or define block - ^a+$",
                "1:25 code outside of class or define block - ]"
            ]
        );
    }
}
