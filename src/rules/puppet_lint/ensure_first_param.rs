//! `ensure_first_param` (puppet-lint): a resource whose `ensure` attribute is not its first.

use super::indentation::indent_before;
use crate::rules::resources::{attributes, type_name};
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{AttributeOp, Comment, CommentKind, Expr, ExprKind, Span};

pub struct EnsureFirstParam;

static META: RuleMeta = RuleMeta {
    name: "ensure_first_param",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("ensure_first_param"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A resource whose `ensure` attribute is not the first one.",
    doc: include_str!("../../../rules/ensure_first_param.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

/// The end of what follows an attribute on its line when that is only an optional comma,
/// blanks and an optional `#` comment: (offset of the comma if any, offset just past the
/// line's `\n`).
fn rest_of_line(source: &str, end: usize) -> Option<(Option<usize>, usize)> {
    let rest = source.get(end..)?;
    let line_len = rest.find('\n')?;
    let line = rest.get(..line_len)?;
    let trimmed = line.trim_start_matches([' ', '\t']);
    let (comma, after) = match trimmed.strip_prefix(',') {
        Some(a) => (Some(end + (line.len() - trimmed.len())), a),
        None => (None, trimmed),
    };
    let after = after.trim_start_matches([' ', '\t', '\r']);
    if !(after.is_empty() || after.starts_with('#')) {
        return None;
    }
    Some((comma, end + line_len + 1))
}

/// The start of the run of comment-only lines directly above the line starting at
/// `line_start` (`line_start` itself when there is none). Suppression directives
/// (`# lint:...`) end the run: moving them would change what they cover.
fn comments_above(source: &str, comments: &[Comment], mut line_start: usize) -> usize {
    while line_start > 0 {
        let prev_end = line_start - 1;
        let prev_start = source
            .get(..prev_end)
            .and_then(|s| s.rfind('\n'))
            .map_or(0, |i| i + 1);
        // The comments (in source order) that start on the previous line.
        let from = comments.partition_point(|c| c.span.start() < prev_start);
        let to = comments.partition_point(|c| c.span.start() < prev_end);
        let whole_line = comments.get(from..to).unwrap_or_default().iter().any(|c| {
            c.kind == CommentKind::Line
                && indent_before(source, c.span.start()).is_some()
                && c.span.start() >= prev_start
                && source
                    .get(c.span.end()..prev_end)
                    .is_some_and(|rest| rest.trim().is_empty())
                && !source
                    .get(c.span.start()..c.span.end())
                    .is_some_and(|t| t.contains("lint:"))
        });
        if !whole_line {
            break;
        }
        line_start = prev_start;
    }
    line_start
}

/// Moves the `ensure` line (with the comment lines directly above it) above the first
/// attribute's line (and its comment lines), when each attribute starts its own line and
/// `ensure` ends its line. Everything else stays in place, heredoc bodies included.
fn move_line(source: &str, comments: &[Comment], ensure: Span, first: Span) -> Option<Fix> {
    indent_before(source, ensure.start())?;
    let first_indent = indent_before(source, first.start())?;
    let (comma, line_end) = rest_of_line(source, ensure.end())?;
    let ensure_line_start = ensure.start() - indent_before(source, ensure.start())?.len();
    let block_start = comments_above(source, comments, ensure_line_start);
    let mut moved = String::from(source.get(block_start..ensure_line_start)?);
    moved.push_str(first_indent);
    moved.push_str(source.get(ensure.start()..ensure.end())?);
    // The end of what is deleted: the `ensure` line, and the comma that separates it from
    // the next attribute when that comma begins a later line (`,  mode => ...`), so that
    // it does not stay behind as a second comma after the attribute above (with the rest
    // of its line when that is blank).
    let mut delete_end = line_end;
    match comma {
        Some(c) => moved.push_str(source.get(c..line_end)?),
        None => {
            moved.push(',');
            moved.push_str(source.get(ensure.end()..line_end)?);
            let rest = source.get(line_end..)?;
            let code = rest.trim_start_matches([' ', '\t', '\r', '\n']);
            if let Some(after) = code.strip_prefix(',') {
                let blank = after.find('\n').filter(|&n| {
                    after
                        .get(..n)
                        .is_some_and(|l| l.trim_matches([' ', '\t', '\r']).is_empty())
                });
                delete_end = source.len() - after.len() + blank.map_or(0, |n| n + 1);
            }
        }
    }
    let first_line_start = first.start() - first_indent.len();
    let insert_at = comments_above(source, comments, first_line_start);
    Some(Fix::unsafe_(vec![
        Edit::insert(insert_at, moved),
        Edit::delete(Span::new(block_start, delete_end)),
    ]))
}

/// Swaps two attributes written on one line each.
fn swap(source: &str, ensure: Span, first: Span) -> Option<Fix> {
    let e = source.get(ensure.start()..ensure.end())?;
    let f = source.get(first.start()..first.end())?;
    if e.contains('\n') || f.contains('\n') {
        return None;
    }
    Some(Fix::unsafe_(vec![
        Edit::replace(first, e),
        Edit::replace(ensure, f),
    ]))
}

impl Rule for EnsureFirstParam {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Resource(r) = &expr.kind else {
            return;
        };
        if type_name(&r.type_name) == Some("class") {
            return;
        }
        for body in &r.bodies {
            let named: Vec<_> = attributes(body).collect();
            let Some(pos) = named.iter().position(|(_, n, _)| n.name == "ensure") else {
                continue;
            };
            if pos == 0 {
                continue;
            }
            let (Some((ei, ename, evalue)), Some((fi, _, fvalue))) =
                (named.get(pos), named.first())
            else {
                continue;
            };
            let (Some(eop), Some(fop)) = (body.ops.get(*ei), body.ops.get(*fi)) else {
                continue;
            };
            let span_of = |op: &AttributeOp| match op {
                AttributeOp::Attribute { name, value, .. } => name.span.cover(value.span),
                AttributeOp::Splat { span, .. } => *span,
            };
            let (espan, fspan) = (span_of(eop), span_of(fop));
            let source = cx.source();
            let fix = if contains_heredoc(evalue) {
                None
            } else {
                move_line(source, cx.file.comments, espan, fspan).or_else(|| {
                    (!contains_heredoc(fvalue))
                        .then(|| swap(source, espan, fspan))
                        .flatten()
                })
            };
            let mut d = Diagnostic::new(
                ename.span,
                "ensure found on line but it's not the first attribute",
            )
            .with_help("put `ensure` first in the resource");
            if let Some(f) = fix {
                d = d.with_fix(f);
            }
            cx.report(d);
        }
    }
}

/// Whether `expr` contains a heredoc anywhere.
fn contains_heredoc(expr: &Expr) -> bool {
    if matches!(expr.kind, ExprKind::Heredoc(_)) {
        return true;
    }
    let mut found = false;
    crate::syntax::visit::for_each_child(expr, &mut |c, _| {
        found = found || contains_heredoc(c);
    });
    found
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions, run};

    const NAME: &str = "ensure_first_param";
    const MSG: &str = "ensure found on line but it's not the first attribute";

    #[test]
    fn flags_ensure_after_another_attribute() {
        let src = "file { 'a':\n  mode   => '0644',\n  ensure => file,\n}\nfile { 'b':\n  ensure => file,\n  mode   => '0644',\n}\nclass { 'c':\n  x      => 1,\n  ensure => 2,\n}\n";
        assert_eq!(positions(NAME, src), vec![(3, 3, MSG.into())]);
        assert_eq!(
            fixed(NAME, src),
            "file { 'a':\n  ensure => file,\n  mode   => '0644',\n}\nfile { 'b':\n  ensure => file,\n  mode   => '0644',\n}\nclass { 'c':\n  x      => 1,\n  ensure => 2,\n}\n"
        );
    }

    #[test]
    fn fix_keeps_heredocs_with_their_attribute() {
        let src = "file { 'a':\n  content => @(END),\n    hello\n    | END\n  ensure  => file # last\n}\n";
        assert_eq!(
            fixed(NAME, src),
            "file { 'a':\n  ensure  => file, # last\n  content => @(END),\n    hello\n    | END\n}\n"
        );
        let src = "file { 'a': content => @(END), ensure => file }\n  hello\n  | END\n";
        assert_eq!(run(NAME, src).len(), 1);
        assert!(run(NAME, src)[0].fix.is_none());
    }

    #[test]
    fn fix_moves_comment_lines_with_their_attribute() {
        let src = "file { 'a':\n  # the mode\n  mode    => '0644',\n  content => \"x\n  # not a comment\",\n  # a file\n  # really\n  ensure  => file,\n}\n";
        assert_eq!(
            fixed(NAME, src),
            "file { 'a':\n  # a file\n  # really\n  ensure  => file,\n  # the mode\n  mode    => '0644',\n  content => \"x\n  # not a comment\",\n}\n"
        );
        let src = "file { 'a':\n  mode   => '0644',\n  # lint:endignore\n  ensure => file,\n}\n";
        assert_eq!(
            fixed(NAME, src),
            "file { 'a':\n  ensure => file,\n  mode   => '0644',\n  # lint:endignore\n}\n"
        );
    }

    #[test]
    fn fix_takes_the_comma_that_begins_the_next_line() {
        // Left behind, the comma followed the attribute above, which has its own: `],⏎,`.
        let src = "package { 'a':\n  name    => [\n    'x',\n  ],\n  ensure  => installed\n,  options => [],\n}\n";
        assert_eq!(
            fixed(NAME, src),
            "package { 'a':\n  ensure  => installed,\n  name    => [\n    'x',\n  ],\n  options => [],\n}\n"
        );
        let src = "file { 'a':\n  mode   => '0644',\n  ensure => file\n\n  ,\n}\n";
        assert_eq!(
            fixed(NAME, src),
            "file { 'a':\n  ensure => file,\n  mode   => '0644',\n}\n"
        );
    }

    #[test]
    fn fix_swaps_attributes_on_one_line() {
        assert_eq!(
            fixed(
                NAME,
                "file { 'a': mode => '0644', owner => 'x', ensure => file }\n"
            ),
            "file { 'a': ensure => file, owner => 'x', mode => '0644' }\n"
        );
    }
}
