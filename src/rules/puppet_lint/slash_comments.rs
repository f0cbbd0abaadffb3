//! `slash_comments`: a `//` "comment" (puppet-lint's `slash_comments`).
//!
//! `//` is not a comment in Puppet: it is an empty regular expression (or a division
//! followed by a regex). Most `// text` lines are syntax errors, reported as such. The ones
//! that parse are an empty regex standing as a statement, followed by the words of the
//! "comment" read as more statements; Puppet's validator rejects them ("This Regular
//! Expression has no effect"). This rule names that case and offers to turn `//` into `#`.
//! An empty regex used as a value (`$x =~ //`) is code, not a comment, and not reported
//! (puppet-lint reports it, and its fix comments out the rest of the line).

use crate::rules::lint_tokens::{is_comment, prev_code};
use crate::rules::{Category, Context, Diagnostic, Edit, Fix, FixKind, Level, Rule, RuleMeta};
use crate::syntax::tokens::Token;
use crate::syntax::visit::{NodeKind, Slot};
use crate::syntax::{Expr, ExprKind, Span};

pub struct SlashComments;

static META: RuleMeta = RuleMeta {
    name: "slash_comments",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("slash_comments"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A `//` comment, which Puppet reads as an empty regular expression.",
    doc: include_str!("../../../rules/slash_comments.md"),
    kinds: &[NodeKind::Regex],
    options: &[],
};

impl Rule for SlashComments {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        if !matches!(&expr.kind, ExprKind::Regex { pattern } if pattern.is_empty())
            || cx.text(expr.span) != "//"
        {
            return;
        }
        if !matches!(cx.slot(), Some(Slot::Statement { .. })) {
            return;
        }
        // The statements of the same list that follow on the `//` line.
        let li = cx.file.line_index;
        let line = li.line(expr.span.start());
        let on_line: Vec<Span> = cx
            .statement_list()
            .into_iter()
            .map(|e| e.span)
            .filter(|s| s.start > expr.span.start && li.line(s.start()) == line)
            .collect();
        let all_end_here = on_line.iter().all(|s| li.line(s.end()) == line);
        // Nor may the rest of the line open what goes on below it: a heredoc (whose
        // text follows the line) or a `/*` comment.
        let source = cx.source();
        let rest = source.get(expr.span.end()..).unwrap_or("");
        let rest = rest.split('\n').next().unwrap_or("");
        // And nothing but those statements may follow on the line: a `}` or `)` there
        // closes what holds the `//`, and a comment would take it.
        let last_end = on_line
            .iter()
            .map(|s| s.end())
            .max()
            .unwrap_or(expr.span.end());
        let tail = source.get(last_end..).unwrap_or("");
        let tail = tail.split('\n').next().unwrap_or("").trim();
        // A `;` that ends the `//` line's last statement (or the `//`) from a later line
        // would follow what comes before them once the `//` is a comment: a `;` first in
        // the list, or a second one.
        let all_end_here = all_end_here
            && semicolon_after(cx.tokens(), last_end).is_none()
            && !rest.contains("@(")
            && !rest.contains("/*")
            && (tail.is_empty() || tail.starts_with('#'));
        let mut d = Diagnostic::new(expr.span, "// comment found")
            .with_help("Puppet has no `//` comments; use `#`");
        if all_end_here {
            let mut edits = vec![Edit::replace(expr.span, "#")];
            // A `;` before the `//` separates it from what comes before; when nothing of
            // the list follows below, the `;` would end the list once the `//` is a
            // comment, and Puppet rejects a `;` after the last statement: it goes too.
            let last = !cx
                .statement_list()
                .iter()
                .any(|e| e.span.start() > expr.span.start() && li.line(e.span.start()) != line);
            if let Some(semicolon) = last
                .then(|| semicolon_before(cx.tokens(), expr.span))
                .flatten()
            {
                edits.insert(0, Edit::replace(semicolon, ""));
            }
            d = d.with_fix(Fix::unsafe_(edits));
        }
        cx.report(d);
    }
}

/// The `;` just before `span` (comments between them skipped), if there is one.
fn semicolon_before(tokens: &[Token], span: Span) -> Option<Span> {
    let at = tokens.partition_point(|t| t.span.start() < span.start());
    let before = tokens.get(prev_code(tokens, at)?)?;
    (before.kind() == ";").then_some(before.span)
}

/// The `;` that is the first token from `offset` on (comments skipped), if it is one.
fn semicolon_after(tokens: &[Token], offset: usize) -> Option<Span> {
    let at = tokens.partition_point(|t| t.span.start() < offset);
    let after = tokens.get(at..)?.iter().find(|t| !is_comment(t))?;
    (after.kind() == ";").then_some(after.span)
}

#[cfg(test)]
mod tests {
    use crate::rules::engine::{check_file, RuleSet};
    use crate::rules::{fix, Level};

    fn run(src: &str) -> (Vec<(usize, usize)>, String) {
        let f = crate::syntax::parse(src);
        assert!(!f.has_errors(), "{src}");
        let d = check_file("t.pp", &f, &RuleSet::only("slash_comments", Level::Warning));
        assert!(d.iter().all(|d| d.message == "// comment found"));
        let at = d
            .iter()
            .map(|d| f.line_index.line_col(src, d.span.start()))
            .collect();
        (at, fix::apply(src, &d, true).text)
    }

    #[test]
    fn empty_regex_statement_is_a_comment() {
        let (at, fixed) = run("class x {\n  // install it\n  include x::install\n}\n");
        assert_eq!(at, vec![(2, 3)]);
        assert_eq!(
            fixed,
            "class x {\n  # install it\n  include x::install\n}\n"
        );
    }

    #[test]
    fn empty_regex_value_is_code() {
        let (at, _) = run("if $x =~ // {\n  notice(1)\n}\n");
        assert_eq!(at, vec![]);
    }

    #[test]
    fn no_fix_when_the_words_run_past_the_line() {
        let src = "// see foo(\n1)\n";
        let (at, fixed) = run(src);
        assert_eq!(at, vec![(1, 1)]);
        assert_eq!(fixed, src);
    }

    #[test]
    fn no_fix_when_the_line_opens_a_heredoc_or_a_comment() {
        for src in [
            "//x = @(\"EOT\")\n  hello\n  | EOT\n$a = 1\n",
            "// see /* a\nb */\n$a = 1\n",
        ] {
            let (at, fixed) = run(src);
            assert_eq!(at, vec![(1, 1)]);
            assert_eq!(fixed, src);
        }
    }

    #[test]
    fn a_semicolon_that_would_end_the_list_goes_with_the_slashes() {
        // `$a = 1; #` does not parse: a `;` may only separate statements.
        let (at, fixed) = run("class x {\n  $a = 1; /* c */ // note\n}\n$b = 2 ;//\n");
        assert_eq!(at, vec![(2, 19), (4, 9)]);
        assert_eq!(fixed, "class x {\n  $a = 1 /* c */ # note\n}\n$b = 2 #\n");
        // With a statement below, the `;` separates the one before from it: it stays.
        let (_, fixed) = run("$a = 1; // note\n$b = 2\n");
        assert_eq!(fixed, "$a = 1; # note\n$b = 2\n");
    }

    #[test]
    fn no_fix_when_the_line_closes_what_holds_it() {
        let src = "class ntp {\n  // insta lhni  clu::inst}\n";
        let (at, fixed) = run(src);
        assert_eq!(at, vec![(2, 3)]);
        assert_eq!(fixed, src);
        // A comment after the statements is no code.
        let (_, fixed) = run("class x {\n  // install it # really\n}\n");
        assert_eq!(fixed, "class x {\n  # install it # really\n}\n");
    }

    #[test]
    fn no_fix_when_a_semicolon_on_a_later_line_ends_it() {
        // `#⏎;f` would start the list with a `;`.
        let src = "//\n;f\n";
        let (at, fixed) = run(src);
        assert_eq!(at, vec![(1, 1)]);
        assert_eq!(fixed, src);
        // Nor when it ends the words after the `//` (fuzz finding): `#a⏎;f;` too.
        let src = "//a\n;f;\n//\n";
        let (at, fixed) = run(src);
        assert_eq!(at, vec![(1, 1), (3, 1)]);
        assert_eq!(fixed, "//a\n;f\n#\n");
    }
}
