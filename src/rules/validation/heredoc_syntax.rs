//! `heredoc_syntax`: the text of a heredoc tagged with a syntax Puppet checks
//! (`@(END:json)`, `:base64`, `:pp`, `:epp`, and `x+json`-style tags) fails its checker
//! (ILLEGAL_JSON, ILLEGAL_BASE64, ILLEGAL_PP, ILLEGAL_EPP). Puppet's validator checks the
//! heredocs without interpolation, and reports at the first line of the text; the checkers
//! and their messages are in [`crate::syntax::checkers`]. Embedded Puppet code is parsed and
//! validated as a file of its own ([`Context::check_embedded`]).

use crate::rules::{
    Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta, Severity,
};
use crate::syntax::checkers::{self, Checker};
use crate::syntax::{Expr, ExprKind, ParsedFile, Span};

pub struct HeredocSyntax;

static META: RuleMeta = RuleMeta {
    name: "heredoc_syntax",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[
        "ILLEGAL_JSON",
        "ILLEGAL_BASE64",
        "ILLEGAL_PP",
        "ILLEGAL_EPP",
    ],
    since: "0.4.0",
    summary: "A heredoc's text is not valid in the syntax its tag names (json, base64, pp, epp).",
    doc: include_str!("../../../rules/heredoc_syntax.md"),
    kinds: &[NodeKind::Heredoc],
    options: &[],
};

impl Rule for HeredocSyntax {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Heredoc(h) = &expr.kind else {
            return;
        };
        let Some(syntax) = h.syntax.as_deref() else {
            return;
        };
        let Some(checker) = checkers::checker_for(syntax) else {
            return;
        };
        // Text with interpolation is known only when evaluated: the validator leaves it.
        let ExprKind::String { value, .. } = &h.text.kind else {
            return;
        };
        let detail = match checker {
            Checker::Json => checkers::json_detail(value),
            Checker::Base64 => checkers::base64_error(value),
            Checker::Pp => puppet_error(cx, &crate::syntax::parse(value))
                .map(|m| checkers::puppet_detail("PP", &m)),
            Checker::Epp => puppet_error(cx, &crate::syntax::epp::parse(value))
                .map(|m| checkers::puppet_detail("EPP", &m)),
        };
        let Some(detail) = detail else {
            return;
        };
        // Puppet points at the start of the text; the span covers its first line.
        let start = h.text.span.start();
        let line_end = cx
            .source()
            .get(start..)
            .and_then(|rest| rest.find('\n'))
            .map_or(h.text.span.end(), |n| start + n);
        cx.report(
            Diagnostic::new(
                Span::new(start, line_end.max(start)),
                checkers::produced_text_message(syntax, &detail),
            )
            .with_help(format!(
                "make the text valid {syntax}, or change the heredoc's `:{syntax}` tag"
            )),
        );
    }
}

/// What Puppet's parser and validator say about embedded Puppet code: its first syntax
/// error (the parser stops there), else its one validation error, else how many there were
/// ("Language validation logged N errors. Giving up"); `None` when it is valid. A message
/// with a position ends with `(line: L, column: C)` in the embedded text.
fn puppet_error(cx: &Context<'_>, parsed: &ParsedFile) -> Option<String> {
    let found = cx.check_embedded(parsed);
    let errors: Vec<&Diagnostic> = found
        .iter()
        .filter(|d| d.severity == Severity::Error && d.ignored().is_none())
        .collect();
    let positioned = |d: &Diagnostic| {
        let (line, column) = parsed.line_index.line_col(&parsed.source, d.span.start());
        format!("{} (line: {line}, column: {column})", d.message)
    };
    if let Some(first) = errors.iter().find(|d| d.rule == crate::rules::syntax::NAME) {
        return Some(positioned(first));
    }
    match errors.as_slice() {
        [] => None,
        [one] => Some(positioned(one)),
        many => Some(format!(
            "Language validation logged {} errors. Giving up",
            many.len()
        )),
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    const NAME: &str = "heredoc_syntax";

    #[test]
    fn each_checker_reports_at_the_text_as_puppet_does() {
        let src = "$a = @(END:json)\n  {\"a\": 1,}\n  | END\n$b = @(END:base64)\n  YWJjZ\n  | END\n$c = @(END:pp)\n  $x = 1\n  $x += 1\n  | END\n$d = @(END:pp)\n  $x += 1\n  $y -= 1\n  | END\n$e = @(END:data+json)\n  [1]\n  | END\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (2, 1, "Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string. \"859: unexpected token at '{\"a\": 1,}\\n'\"".into()),
                (5, 1, "Invalid produced text having syntax: 'base64'. Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct".into()),
                (8, 1, "Invalid produced text having syntax: 'pp'. PP syntax checker: \"The operator '+=' is no longer supported. See http://links.puppet.com/remove-plus-equals (line: 2, column: 4)\"".into()),
                (12, 1, "Invalid produced text having syntax: 'pp'. PP syntax checker: \"Language validation logged 2 errors. Giving up\"".into()),
            ]
        );
    }

    #[test]
    fn interpolated_unknown_and_valid_texts_are_left_alone() {
        let src = "$x = 1\n$a = @(\"END\":json)\n  {\"a\": $x,}\n  | END\n$b = @(END:yaml)\n  a: [\n  | END\n$c = @(END:json+foo)\n  x\n  | END\n$e = @(END:json)\n  {\"a\": [1, 2]}\n  |- END\n";
        assert_eq!(positions(NAME, src), vec![]);
    }

    #[test]
    fn embedded_code_nested_in_embedded_code_is_checked() {
        // Puppet 7.23 gives this very message for the file.
        let src = "$a = @(END:pp)\n  $b = @(INNER:json)\n    [1,]\n    | INNER\n  | END\n";
        assert_eq!(
            positions(NAME, src),
            vec![(2, 1, "Invalid produced text having syntax: 'pp'. PP syntax checker: \"Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string. \"451: unexpected token at ']\\n'\" (line: 2, column: 1)\"".into())]
        );
    }

    #[test]
    fn epp_text_is_parsed_and_validated_as_a_template() {
        let src = "$a = @(END:epp)\n  <%- | String $x, $x | -%>\n  | END\n$b = @(END:epp)\n  <%- | String $x | -%>\n  hello <%= $x %>\n  | END\n$c = @(END:epp)\n  <%# open\n  | END\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (2, 1, "Invalid produced text having syntax: 'epp'. EPP syntax checker: \"The parameter 'x' is declared more than once in the parameter list (line: 1, column: 18)\"".into()),
                (9, 1, "Invalid produced text having syntax: 'epp'. EPP syntax checker: \"Reaching end after opening <%# without seeing %> (line: 1, column: 3)\"".into()),
            ]
        );
    }

    #[test]
    fn embedded_code_is_checked_a_few_levels_deep_only() {
        // Ten `:pp` heredocs, each inside the previous one's text, bad JSON at the bottom:
        // checked down to depth 4, then left alone (no unbounded recursion).
        let mut text = "$j = @(J:json)\n  [1,]\n  | J\n".to_string();
        for level in 0..10 {
            let indented: String = text.lines().map(|l| format!("  {l}\n")).collect();
            text = format!("$p{level} = @(P{level}:pp)\n{indented}  | P{level}\n");
        }
        assert_eq!(positions(NAME, &text), vec![]);
        let mut shallow = "$j = @(J:json)\n  [1,]\n  | J\n".to_string();
        for level in 0..3 {
            let indented: String = shallow.lines().map(|l| format!("  {l}\n")).collect();
            shallow = format!("$p{level} = @(P{level}:pp)\n{indented}  | P{level}\n");
        }
        assert_eq!(positions(NAME, &shallow).len(), 1);
    }

    #[test]
    fn a_duplicate_key_in_embedded_code_is_an_error_as_in_puppet_8() {
        let src = "$a = @(END:pp)\n  $y = { 'a' => 1, 'a' => 2 }\n  | END\n";
        assert_eq!(
            positions(NAME, src),
            vec![(2, 1, "Invalid produced text having syntax: 'pp'. PP syntax checker: \"The key 'a' is declared more than once (line: 1, column: 22)\"".into())]
        );
    }
}
