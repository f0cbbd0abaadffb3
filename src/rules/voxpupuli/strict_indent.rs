//! `strict_indent` (Vox Pupuli plugin `puppet-lint-strict_indent-check`): a line whose
//! indentation is not what its nesting asks for.
//!
//! This follows the plugin's algorithm, which walks the lines (the line ends outside
//! strings, comments and heredoc bodies) keeping a running indent level:
//!
//! - a `{`, `[` or `(` on the previous line whose match is on a later line adds a level
//!   (brackets closed on the same later line count once);
//! - a previous line ending with a resource title's `:` (outside brackets opened on it)
//!   adds a level until the `;` that ends that body, or the `}` closing a brace opened
//!   before the title;
//! - a previous line ending with `=` or `=>` indents this line one more level, as does each
//!   heredoc opened on the previous line (for the heredoc's end tag);
//! - each `}`, `]` or `)` on this line whose match is on an earlier line removes a level
//!   (once per matching line); a `;` alone on its line removes one for itself.
//!
//! Where the plugin's algorithm disagrees with the layout of `rein fmt` (and the style
//! guide), rein follows the formatter: a line ending with a binary operator (not `->`/`~>`)
//! and a line starting with `.` are continuation lines like after `=`; a bracket counts
//! only when it ends its line or its match starts a line, and `file { [` counts once; a
//! `[`/`(` opened on a continuation line keeps that continuation for its contents; brackets
//! are matched by logical line (a multi-line string does not make a later line).
//!
//! The expected indent is the level times `chars_per_indent` spaces. Lines starting inside
//! a string, comment or heredoc body are not checked; of a heredoc, the end tag's
//! indentation is checked (at the level of the line after its opening line). Empty lines and
//! comments at column 0 are not checked. If the level ever drops below zero the rest of the
//! file is not checked (the plugin reports an internal error there).
//!
//! The fix rewrites the line's leading whitespace (safe); for a heredoc's end tag it moves
//! the whole `|` heredoc (body and end tag) by the difference, which keeps the heredoc's
//! text (Puppet strips the margin up to the `|`), or only the end tag of a heredoc without
//! `|` (unsafe: it rewrites the inside of a heredoc).

use crate::rules::lint_tokens::is_ws;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, OptionKind, Plugin, Rule, RuleMeta,
    RuleOption,
};
use crate::syntax::tokens::Token;
use crate::syntax::Span;

pub struct StrictIndent;

static META: RuleMeta = RuleMeta {
    name: "strict_indent",
    level: Level::Off,
    category: Category::Layout,
    fix: FixKind::Unsafe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-strict_indent-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "A line not indented by its nesting level (brackets, resource titles, `=`/`=>` \
              continuation lines).",
    doc: include_str!("../../../rules/strict_indent.md"),
    kinds: &[],
    options: &[RuleOption {
        name: "chars_per_indent",
        kind: OptionKind::Integer,
        default: "2",
        doc: "Spaces per indentation level.",
    }],
};

fn is_open(kind: &str) -> bool {
    matches!(kind, "{" | "[" | "(")
}

/// A binary operator: a line ending with one continues on the next. Relationship arrows
/// (`->`, `~>`) are not: a chain of resources keeps their indentation.
fn is_binary_operator(kind: &str) -> bool {
    matches!(
        kind,
        "and"
            | "or"
            | "in"
            | "+"
            | "-"
            | "*"
            | "/"
            | "%"
            | "<<"
            | ">>"
            | "=="
            | "!="
            | "<"
            | ">"
            | "<="
            | ">="
            | "=~"
            | "!~"
    )
}

fn is_close(kind: &str) -> bool {
    matches!(kind, "}" | "]" | ")")
}

fn opening_of(kind: &str) -> &'static str {
    match kind {
        "}" => "{",
        "]" => "[",
        _ => "(",
    }
}

/// For each bracket token, the index of its partner (per bracket kind, as the plugin
/// pairs them).
fn partners(tokens: &[Token]) -> Vec<Option<usize>> {
    let mut out = vec![None; tokens.len()];
    let mut stacks: [(&str, Vec<usize>); 3] = [("{", vec![]), ("[", vec![]), ("(", vec![])];
    for (i, t) in tokens.iter().enumerate() {
        if is_open(t.kind()) {
            if let Some((_, s)) = stacks.iter_mut().find(|(k, _)| *k == t.kind()) {
                s.push(i);
            }
        } else if is_close(t.kind()) {
            let open = opening_of(t.kind());
            let m = stacks
                .iter_mut()
                .find(|(k, _)| *k == open)
                .and_then(|(_, s)| s.pop());
            if let Some(m) = m {
                if let Some(slot) = out.get_mut(i) {
                    *slot = Some(m);
                }
                if let Some(slot) = out.get_mut(m) {
                    *slot = Some(i);
                }
            }
        }
    }
    out
}

/// The line ends the plugin's lexer sees (its `NEWLINE` tokens): each `\n` outside every
/// token, and the `\n` that starts a heredoc body token (the end of the line before it).
fn line_ends(source: &str, tokens: &[Token]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut pos = 0;
    let gap = |from: usize, to: usize, out: &mut Vec<usize>| {
        if let Some(text) = source.get(from..to) {
            out.extend(text.match_indices('\n').map(|(i, _)| from + i));
        }
    };
    for t in tokens {
        if t.span.start() > pos {
            gap(pos, t.span.start(), &mut out);
        }
        if t.kind() == "heredoc_body" {
            if let Some(i) = source
                .get(t.span.start()..t.span.end())
                .and_then(|s| s.find('\n'))
            {
                out.push(t.span.start() + i);
            }
        }
        pos = pos.max(t.span.end());
    }
    if source.len() > pos {
        gap(pos, source.len(), &mut out);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The text and span of the end-tag line of a heredoc body token, and whether it has `|`.
fn end_tag_line(source: &str, body: Span) -> Option<(Span, bool)> {
    let text = source.get(body.start()..body.end())?;
    let start = body.start() + text.rfind('\n')? + 1;
    let line = source.get(start..body.end())?;
    let ws = line.len() - line.trim_start_matches(is_ws).len();
    Some((
        Span::new(start, start + ws),
        line.get(ws..).is_some_and(|r| r.starts_with('|')),
    ))
}

/// The fix for a heredoc whose end tag is indented by `actual` instead of `expected`
/// characters: with `|`, every non-empty line of the body and the end tag move by the
/// difference (Puppet strips the margin up to the `|`, so the text stays the same);
/// without `|`, only the end tag is re-indented (the body is taken as written).
fn heredoc_fix(source: &str, body: Span, tag_ws: Span, pipe: bool, expected: usize) -> Fix {
    if !pipe {
        return Fix::unsafe_(vec![Edit::replace(tag_ws, " ".repeat(expected))]);
    }
    let actual = source
        .get(tag_ws.start()..tag_ws.end())
        .map_or(0, |s| s.chars().count());
    let mut edits = Vec::new();
    let text = source.get(body.start()..body.end()).unwrap_or("");
    let first = text.find('\n').map_or(text.len(), |i| i + 1);
    let mut at = body.start() + first;
    for line in text.get(first..).unwrap_or("").split('\n') {
        let content = line.strip_suffix('\r').unwrap_or(line);
        if !content.is_empty() {
            if expected > actual {
                edits.push(Edit::insert(at, " ".repeat(expected - actual)));
            } else {
                let ws: usize = content
                    .chars()
                    .take_while(|c| is_ws(*c))
                    .take(actual - expected)
                    .map(char::len_utf8)
                    .sum();
                if ws > 0 {
                    edits.push(Edit::delete(Span::new(at, at + ws)));
                }
            }
        }
        at += line.len() + 1;
    }
    Fix::unsafe_(edits)
}

impl Rule for StrictIndent {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let per_level = cx
            .option_int("chars_per_indent")
            .filter(|n| (0..=64).contains(n))
            .unwrap_or(2);
        let source = cx.source();
        let tokens = cx.tokens();
        let ends = line_ends(source, tokens);
        let partner = partners(tokens);
        // The tokens of each line: line k (0-based) runs up to line end k; a heredoc body
        // token, which starts at a line end, belongs to the line after it.
        let mut segments: Vec<Vec<usize>> = vec![Vec::new(); ends.len() + 1];
        let mut line_of_token = vec![0usize; tokens.len()];
        for (i, t) in tokens.iter().enumerate() {
            let k = ends.partition_point(|&e| e < t.span.start())
                + usize::from(t.kind() == "heredoc_body");
            if let Some(s) = segments.get_mut(k) {
                s.push(i);
            }
            if let Some(slot) = line_of_token.get_mut(i) {
                *slot = k;
            }
        }
        // The line of a token is its logical line (the plugin compares physical lines, so a
        // bracket closed after a multi-line string on the same logical line counts as
        // closed on a later line).
        let line_of = |i: usize| line_of_token.get(i).copied().unwrap_or(0);
        // The opening brackets that indent the lines after them: closed on a later line,
        // and either the last code token of their line or closed at the start of a line
        // (a bracket in the middle of a continued expression does not indent), and not the
        // `{` of a resource whose title is an array opened on the same line (`file { [`).
        let first_of = |k: usize| segments.get(k).and_then(|s| s.first()).copied();
        let last_code_of = |k: usize| {
            segments.get(k).and_then(|s| {
                s.iter()
                    .rev()
                    .copied()
                    .find(|&i| tokens.get(i).is_some_and(|t| t.kind() != "comment"))
            })
        };
        let counted: Vec<bool> = (0..tokens.len())
            .map(|i| {
                let Some(t) = tokens.get(i).filter(|t| is_open(t.kind())) else {
                    return false;
                };
                let Some(m) = partner.get(i).copied().flatten() else {
                    return true;
                };
                let (l, ml) = (line_of(i), line_of(m));
                let title_array = t.kind() == "{"
                    && (i + 1..tokens.len())
                        .find(|&j| tokens.get(j).is_some_and(|t| t.kind() != "comment"))
                        .is_some_and(|j| {
                            line_of(j) == l && tokens.get(j).is_some_and(|t| t.kind() == "[")
                        });
                ml > l && (last_code_of(l) == Some(i) || first_of(ml) == Some(m)) && !title_array
            })
            .collect();
        let is_hash_comment = |i: usize| {
            tokens.get(i).is_some_and(|t| {
                t.kind() == "comment"
                    && source
                        .get(t.span.start()..)
                        .is_some_and(|s| s.starts_with('#'))
            })
        };

        let mut indent: i64 = 0;
        // The continuation indent of the previous line (after `=`, `=>` or an operator), and
        // for each counted `[` or `(`, the continuation of its line, which its contents keep.
        let mut cont_prev: i64 = 0;
        // Whether the previous line starts with `.` (a method call continuing a chain).
        let mut dot_prev: i64 = 0;
        let mut extra = vec![0i64; tokens.len()];
        let mut colon_line: Option<usize> = None;
        let mut found = Vec::new();
        for (k, &end) in ends.iter().enumerate() {
            let next_start = end + 1;
            if next_start >= source.len() {
                continue;
            }
            let empty = Vec::new();
            let prev = segments.get(k).unwrap_or(&empty);
            let cur = segments.get(k + 1).unwrap_or(&empty);
            let mut temp: i64 = 0;

            // Groups opened on the previous line.
            let mut open_groups = 0;
            let mut matched_lines = Vec::new();
            for &i in prev.iter().rev() {
                let Some(t) = tokens.get(i) else { continue };
                if t.kind() == "heredoc" {
                    temp += 1;
                }
                if !counted.get(i).copied().unwrap_or(false) {
                    continue;
                }
                // A `{` ending a continuation line opens the block of the statement (`if $a
                // and` / `$b {`); on a `.method` line, it belongs to the chain.
                let level = if t.kind() == "{" {
                    1 + dot_prev
                } else {
                    1 + cont_prev
                };
                if let Some(e) = extra.get_mut(i) {
                    *e = level - 1;
                }
                match partner.get(i).copied().flatten() {
                    None => open_groups += level,
                    Some(m) => {
                        let ml = line_of(m);
                        if !matched_lines.contains(&ml) {
                            open_groups += level;
                            matched_lines.push(ml);
                        }
                    }
                }
            }
            indent += open_groups;

            // The last token of the previous line (`#` comments aside).
            let last = prev.iter().rev().copied().find(|&i| !is_hash_comment(i));
            match last.and_then(|i| tokens.get(i)).map(|t| t.kind()) {
                Some(":") if open_groups == 0 && colon_line.is_none() => {
                    colon_line = last.map(line_of);
                    indent += 1;
                }
                Some(";") if colon_line.is_some() => {
                    colon_line = None;
                    indent -= 1;
                }
                _ => {}
            }
            // A line continuing an expression: one level more than the line it continues,
            // or, when that line is itself a continuation and leaves a bracket open inside
            // the expression (`(($a) or`), one more than that line.
            let continues = last.and_then(|i| tokens.get(i)).is_some_and(|t| {
                t.kind() == "=" || t.kind() == "=>" || is_binary_operator(t.kind())
            });
            let leaves_open = prev.iter().any(|&i| {
                tokens.get(i).is_some_and(|t| is_open(t.kind()))
                    && !counted.get(i).copied().unwrap_or(false)
                    && partner
                        .get(i)
                        .copied()
                        .flatten()
                        .is_some_and(|m| line_of(m) > line_of(i))
            });
            let cont = match (continues, leaves_open) {
                (true, true) => 1 + cont_prev,
                (true, false) => 1,
                _ => 0,
            };
            // A line starting with `.`, or a comment line before one (a comment between
            // two calls of a chain is indented like them).
            let dot = i64::from(cur.first().is_some_and(|&i| {
                (i..tokens.len())
                    .find(|&j| tokens.get(j).is_some_and(|t| t.kind() != "comment"))
                    .and_then(|j| tokens.get(j))
                    .is_some_and(|t| t.kind() == ".")
            }));
            temp += cont.max(dot);
            cont_prev = cont.max(dot);
            dot_prev = dot;

            // Groups closed on this line.
            let mut closed_lines = Vec::new();
            for (n, &i) in cur.iter().enumerate() {
                let Some(t) = tokens.get(i) else { continue };
                if is_close(t.kind()) {
                    let m = partner.get(i).copied().flatten();
                    if let Some(m) = m.filter(|&m| counted.get(m).copied().unwrap_or(false)) {
                        let ml = line_of(m);
                        if !closed_lines.contains(&ml) {
                            let e = extra.get(m).copied().unwrap_or(0);
                            indent -= 1 + e;
                            temp += e;
                            closed_lines.push(ml);
                        }
                    }
                    if let (Some(cl), Some(m), "}") = (colon_line, m, t.kind()) {
                        if line_of(m) <= cl {
                            indent -= 1;
                            colon_line = None;
                        }
                    }
                } else if t.kind() == ";" && colon_line.is_some() {
                    let alone_before = n == 0
                        && source
                            .get(next_start..t.span.start())
                            .is_some_and(|s| s.chars().all(is_ws));
                    let alone_after = source
                        .get(t.span.end()..)
                        .is_some_and(|s| s.is_empty() || s.starts_with(['\n', '\r']));
                    if alone_before && alone_after {
                        temp -= 1;
                    }
                }
            }

            if indent < 0 {
                break;
            }
            let expected = usize::try_from((indent + temp) * per_level).unwrap_or(0);

            let rest = source.get(next_start..).unwrap_or("");
            let heredoc = cur
                .first()
                .and_then(|&i| tokens.get(i))
                .filter(|t| t.kind() == "heredoc_body" && t.span.start() <= end);
            if let Some(body) = heredoc {
                let Some((tag_ws, pipe)) = end_tag_line(source, body.span) else {
                    continue;
                };
                let actual = source
                    .get(tag_ws.start()..tag_ws.end())
                    .map_or(0, |s| s.chars().count());
                if actual != expected {
                    let fix = heredoc_fix(source, body.span, tag_ws, pipe, expected);
                    found.push((tag_ws, expected, actual, fix));
                }
                continue;
            }
            // An empty line is not checked; nor is one starting with a lone `\r`, a line
            // end to puppet-lint's lexer (and to `trailing_whitespace`, which would take
            // back the indentation given to it).
            if rest.starts_with(['#', '\n', '\r']) {
                continue;
            }
            let ws_len = rest.len() - rest.trim_start_matches(is_ws).len();
            let ws = Span::new(next_start, next_start + ws_len);
            let actual = rest.get(..ws_len).map_or(0, |s| s.chars().count());
            if actual != expected {
                let fix = Fix::safe(vec![Edit::replace(ws, " ".repeat(expected))]);
                found.push((ws, expected, actual, fix));
            }
        }
        for (span, expected, actual, fix) in found {
            cx.report(
                Diagnostic::new(
                    span,
                    format!("indent should be {expected} chars and is {actual}"),
                )
                .with_fix(fix),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{ast, fixed, positions};

    fn at(src: &str) -> Vec<(usize, usize, String)> {
        positions("strict_indent", src)
    }

    fn msg(l: usize, c: usize, e: usize, a: usize) -> (usize, usize, String) {
        (l, c, format!("indent should be {e} chars and is {a}"))
    }

    #[test]
    fn well_indented_code() {
        let src = "class a (\n  $p = [\n    1,\n  ],\n) {\n  file { 'x':\n    ensure  => file,\n    content => join([\n      'a',\n    ], ''),\n  }\n  $v = $p ? {\n    1       => 'one',\n    default => 'other',\n  }\n  $long =\n    'continued'\n  case $p {\n    1: {\n      notice('x')\n    }\n    default: {}\n  }\n  foo({\n    'k' => 1,\n  })\n  # comment\n\n  $w = [\n    'x', 'y',\n  ].map |$e| {\n    $e\n  }\n}\n";
        assert_eq!(at(src), vec![]);
    }

    #[test]
    fn wrong_indents_and_fix() {
        let src = "class a {\n    $x = 1\n  file { 'x':\n  ensure => file,\n  }\n\t$y = [\n  1,\n    ]\n}\n";
        assert_eq!(
            at(src),
            vec![
                msg(2, 1, 2, 4),
                msg(4, 1, 4, 2),
                msg(6, 1, 2, 1),
                msg(7, 1, 4, 2),
                msg(8, 1, 2, 4),
            ]
        );
        let out = fixed("strict_indent", src);
        assert_eq!(
            out,
            "class a {\n  $x = 1\n  file { 'x':\n    ensure => file,\n  }\n  $y = [\n    1,\n  ]\n}\n"
        );
        assert_eq!(ast(&out), ast(src));
        assert_eq!(at(&out), vec![]);
    }

    #[test]
    fn titles_on_their_own_line_and_semicolons() {
        let src = "file {\n  'a':\n    ensure => file;\n  'b':\n    ensure => directory;\n}\n";
        assert_eq!(at(src), vec![]);
        let src = "file {\n  'a':\n  ensure => file;\n}\n";
        assert_eq!(at(src), vec![msg(3, 1, 4, 2)]);
    }

    #[test]
    fn comments_strings_and_blank_lines() {
        // A comment at column 0 and an empty line are not checked; an indented comment and
        // a line of only spaces are; lines inside strings and block comments are not.
        let src = "class a {\n# flush left\n\n    # too far\n  $s = 'multi\nline'\n  /* block\n comment */\n    \n}\n";
        assert_eq!(at(src), vec![msg(4, 1, 2, 4), msg(9, 1, 2, 4)]);
    }

    #[test]
    fn heredoc_end_tags() {
        let good = "class a {\n  $x = @(EOT)\n    body\n    | EOT\n  $y = 1\n}\n";
        assert_eq!(at(good), vec![]);
        let bad = "class a {\n  $x = @(EOT)\n        body\n\n      | EOT\n  $y = 1\n}\n";
        assert_eq!(at(bad), vec![msg(5, 1, 4, 6)]);
        let out = fixed("strict_indent", bad);
        assert_eq!(
            out,
            "class a {\n  $x = @(EOT)\n      body\n\n    | EOT\n  $y = 1\n}\n"
        );
        assert_eq!(ast(&out), ast(bad));
        let left = "$x = @(EOT)\n  body\n| EOT\n";
        assert_eq!(at(left), vec![msg(3, 1, 2, 0)]);
        let out = fixed("strict_indent", left);
        assert_eq!(out, "$x = @(EOT)\n    body\n  | EOT\n");
        assert_eq!(ast(&out), ast(left));
    }

    #[test]
    fn continuation_lines_as_rein_fmt_writes_them() {
        // Operator continuation, a parenthesis in the middle of a condition, a resource
        // title array, a bracket opened on a continuation line, a bracket closed after a
        // multi-line string: all accepted (the plugin reports each).
        let src = "class a {\n  if $a and\n    $b {\n    notice(1)\n  }\n  if (($a) or\n    ($b) or\n    ($c)) {\n    notice(2)\n  }\n  file { [\n    '/a',\n    '/b',\n  ]:\n    ensure => file,\n  }\n  $x = $y +\n    [\n      1,\n    ]\n  fail(\"long\nmessage\")\n  $z = 1\n}\n";
        assert_eq!(at(src), vec![]);
        // The plugin's own layouts of these are reported.
        let src =
            "if $a and\n$b {\n  notice(1)\n}\nfile { [\n    '/a',\n  ]:\n    ensure => file,\n}\n";
        assert_eq!(
            at(src),
            vec![
                msg(2, 1, 2, 0),
                msg(6, 1, 2, 4),
                msg(7, 1, 0, 2),
                msg(8, 1, 2, 4)
            ]
        );
    }

    #[test]
    fn method_chains_relationships_and_selectors() {
        let src = "class a {\n  $x = $y\n    .map |$a| {\n      $a\n    }\n    .filter |$b| {\n      $b\n    }\n  $z = [1, 2].map |$q| {\n    $q\n  }.join(',')\n  Package['a']\n  -> Service['b']\n  $v = $a ? {\n    1       => 2,\n    default => 3,\n  }\n}\n";
        assert_eq!(at(src), vec![]);
    }

    #[test]
    fn a_comment_between_chained_calls_is_indented_like_them() {
        let src = "$x = $y # first\n  .keys\n  # then\n  .sort\n# at 0\n$z = 1\n";
        assert_eq!(at(src), vec![]);
        let src = "$x = $y\n  .keys\n# then\n    # here\n  .sort\n";
        assert_eq!(at(src), vec![msg(4, 1, 2, 4)]);
    }

    #[test]
    fn a_line_starting_with_a_lone_carriage_return_is_not_checked() {
        let src = "node 'a' {\n\rinclude b\n}\n";
        assert_eq!(at(src), vec![]);
        let src = "node 'a' {\n include b\n}\n";
        assert_eq!(at(src), vec![msg(2, 1, 2, 1)]);
    }

    #[test]
    fn lone_semicolon_and_multiple_bodies() {
        let src = "file {\n  'a':\n    ensure => file,\n  ;\n  'b':\n    ensure => file;\n}\n";
        assert_eq!(at(src), vec![]);
    }

    #[test]
    fn heredocs_without_pipe_and_interpolated_at_column_0() {
        let src = "$x = @(E)\nbody\nE\n$y = 1\n";
        assert_eq!(at(src), vec![msg(3, 1, 2, 0)]);
        let out = fixed("strict_indent", src);
        assert_eq!(out, "$x = @(E)\nbody\n  E\n$y = 1\n");
        assert_eq!(ast(&out), ast(src));
        // The plugin crashes on this one (puppetlabs/puppet-lint#234).
        let src = "$x = @(\"E\")\n  ${y}\n| E\n";
        assert_eq!(at(src), vec![msg(3, 1, 2, 0)]);
        let out = fixed("strict_indent", src);
        assert_eq!(out, "$x = @(\"E\")\n    ${y}\n  | E\n");
        assert_eq!(ast(&out), ast(src));
    }

    #[test]
    fn chars_per_indent_option() {
        let src = "class a {\n    $x = 1\n}\n";
        let parsed = crate::syntax::parse(src);
        let mut options = toml::Table::new();
        options.insert("chars_per_indent".into(), toml::Value::Integer(4));
        let rules = crate::rules::engine::RuleSet::new(vec![(
            crate::rules::registry::find("strict_indent").expect("registered"),
            crate::rules::Level::Warning,
            options,
        )]);
        assert!(crate::rules::engine::check_file("x.pp", &parsed, &rules).is_empty());
        assert_eq!(at(src), vec![msg(2, 1, 2, 4)]);
    }
}
