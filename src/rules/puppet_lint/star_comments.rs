//! `star_comments`: a `/* */` comment (puppet-lint's `star_comments`). The fix rewrites it
//! as `#` lines at the comment's indentation.

use crate::rules::{Category, Context, Diagnostic, Edit, Fix, FixKind, Level, Rule, RuleMeta};
use crate::syntax::{CommentKind, Span};

pub struct StarComments;

static META: RuleMeta = RuleMeta {
    name: "star_comments",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Safe,
    puppet_lint: Some("star_comments"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A `/* */` comment instead of `#` comments.",
    doc: include_str!("../../../rules/star_comments.md"),
    kinds: &[],
    options: &[],
};

impl Rule for StarComments {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        // A comment over several lines that starts after a heredoc's opening on its first
        // line is not rewritten: the heredoc's body starts after the comment's last line,
        // and `#` lines would make it start after the first.
        let openings: Vec<usize> = cx
            .tokens()
            .iter()
            .filter(|t| t.kind() == "heredoc")
            .map(|t| t.span.start())
            .collect();
        let source = cx.source();
        let after_opening = |s: Span| {
            let text = source.get(s.start()..s.end()).unwrap_or("");
            let line_start = source
                .get(..s.start())
                .and_then(|b| b.rfind('\n'))
                .map_or(0, |i| i + 1);
            text.contains('\n') && openings.iter().any(|&o| o >= line_start && o < s.start())
        };
        let found: Vec<(Span, Option<String>)> = cx
            .file
            .comments
            .iter()
            .filter(|c| c.kind == CommentKind::Block)
            .map(|c| {
                let fixed = (!after_opening(c.span))
                    .then(|| rewrite(source, c.span))
                    .flatten();
                (c.span, fixed)
            })
            .collect();
        for (span, fixed) in found {
            let mut d = Diagnostic::new(span, "/* */ comment found");
            if let Some(text) = fixed {
                d = d.with_fix(Fix::safe(vec![Edit::replace(span, text)]));
            }
            cx.report(d);
        }
    }
}

/// The `#` lines replacing the block comment at `span`, when only whitespace follows it on
/// its last line (otherwise the code after it would become part of the comment). The
/// `*` decorating each line is dropped; undecorated lines keep their indentation relative
/// to each other.
fn rewrite(source: &str, span: Span) -> Option<String> {
    let text = source.get(span.start()..span.end())?;
    let rest = source.get(span.end()..)?;
    let rest_of_line = rest.split('\n').next().unwrap_or("");
    if !rest_of_line.trim().is_empty() {
        return None;
    }
    let line_start = source.get(..span.start())?.rfind('\n').map_or(0, |i| i + 1);
    let indent: String = source
        .get(line_start..span.start())?
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let inner = text.strip_prefix("/*")?.strip_suffix("*/")?;
    let mut raw = inner.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let first = raw
        .next()
        .unwrap_or("")
        .trim()
        .trim_start_matches('*')
        .trim();
    let rest: Vec<&str> = raw.collect();
    let non_empty = || rest.iter().filter(|l| !l.trim().is_empty());
    let decorated = non_empty().all(|l| l.trim_start().starts_with('*'));
    let margin = non_empty()
        .map(|l| l.len() - l.trim_start_matches([' ', '\t']).len())
        .min()
        .unwrap_or(0);
    let mut lines: Vec<&str> = vec![first];
    for l in &rest {
        let kept = if decorated {
            let l = l.trim_start();
            let l = l.strip_prefix('*').unwrap_or(l);
            l.strip_prefix(' ').unwrap_or(l)
        } else {
            l.get(margin..).unwrap_or("")
        };
        lines.push(kept.trim_end());
    }
    while lines.first().is_some_and(|l| l.is_empty()) {
        lines.remove(0);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    if lines.is_empty() {
        return Some("#".to_string());
    }
    let rendered: Vec<String> = lines
        .iter()
        .map(|l| {
            if l.is_empty() {
                "#".to_string()
            } else {
                format!("# {l}")
            }
        })
        .collect();
    Some(rendered.join(&format!("\n{indent}")))
}

#[cfg(test)]
mod tests {
    use crate::rules::engine::{check_file, RuleSet};
    use crate::rules::{fix, Level};

    fn run(src: &str) -> (Vec<(usize, usize)>, String) {
        let f = crate::syntax::parse(src);
        let d = check_file("t.pp", &f, &RuleSet::only("star_comments", Level::Warning));
        assert!(d.iter().all(|d| d.message == "/* */ comment found"));
        let at = d
            .iter()
            .map(|d| f.line_index.line_col(src, d.span.start()))
            .collect();
        (at, fix::apply(src, &d, false).text)
    }

    #[test]
    fn block_comments_become_hash_lines() {
        let src = "class x {\n  /**\n   * Two\n   *\n   * lines\n   */\n  $a = 1 /* end */\n  $b = /* mid */ 2\n}\n";
        let (at, fixed) = run(src);
        assert_eq!(at, vec![(2, 3), (7, 10), (8, 8)]);
        let (_, code) = run("/*  file { 'a':\n      ensure => file,\n    }\n*/\n");
        assert_eq!(code, "# file { 'a':\n#   ensure => file,\n# }\n");
        assert_eq!(
            fixed,
            "class x {\n  # Two\n  #\n  # lines\n  $a = 1 # end\n  $b = /* mid */ 2\n}\n"
        );
    }

    #[test]
    fn text_keeps_its_indentation() {
        // puppet-lint writes `# *`, `# text`, `# indented`.
        let src =
            "class a {\n  /*\n   *     *\n   * text\n   *   indented\n   */\n  include b\n}\n";
        let (at, fixed) = run(src);
        assert_eq!(at, vec![(2, 3)]);
        assert_eq!(
            fixed,
            "class a {\n  #     *\n  # text\n  #   indented\n  include b\n}\n"
        );
    }

    #[test]
    fn no_fix_for_a_comment_over_lines_after_a_heredoc_opening() {
        // Fuzz finding: rein starts the heredoc's body after the comment's last line;
        // `#` lines would start it after the first, and the text would not parse. A
        // one-line comment there is rewritten.
        let src = "$a = @(END)*  /* x\n  1\n  | END\n$b = 2 */\n  body\n  | END\nnotice($a)\n";
        let (at, fixed) = run(src);
        assert_eq!(at, vec![(1, 15)]);
        assert_eq!(fixed, src);
        let one = "$a = @(END) /* x */\n  body\n  | END\nnotice($a)\n";
        let (at, fixed) = run(one);
        assert_eq!(at, vec![(1, 13)]);
        assert_eq!(fixed, "$a = @(END) # x\n  body\n  | END\nnotice($a)\n");
    }
}
