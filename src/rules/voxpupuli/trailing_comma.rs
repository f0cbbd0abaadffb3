//! `trailing_comma` (Vox Pupuli plugin `puppet-lint-trailing_comma-check`): the last
//! element of a multi-line resource body, array, hash or resource defaults block is not
//! followed by a comma. The plugin's rule is token-based; rein finds the same places:
//!
//! - resource bodies and class declarations (the last body, before the closing `}`);
//! - array literals (not `Type[...]` or `$x[...]` access expressions);
//! - hash literals whose `{` follows `=`, `==`, `=>` or `(` (the plugin's contexts: hashes
//!   inside arrays or after a `,` are not checked);
//! - resource defaults (`File { ... }`).
//!
//! The element must end a line. When it ends with a heredoc, the line that counts is the
//! heredoc's opening line: the comma goes after `@(TAG)` (or after what follows it on
//! that line), never after the heredoc's body. Unlike the plugin, a comment or trailing
//! whitespace between the element and the line end does not hide the missing comma. The
//! fix inserts the comma; Puppet's AST is the same with and without it (safe).

use crate::rules::lint_tokens::{is_comment, is_ws, prev_code};
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta,
};
use crate::syntax::tokens::Token;
use crate::syntax::{Expr, ExprKind, Span};

pub struct TrailingComma;

static META: RuleMeta = RuleMeta {
    name: "trailing_comma",
    level: Level::Off,
    category: Category::Layout,
    fix: FixKind::Safe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-trailing_comma-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "No comma after the last element of a multi-line resource body, array, hash or \
              resource defaults.",
    doc: include_str!("../../../rules/trailing_comma.md"),
    kinds: &[
        NodeKind::Array,
        NodeKind::Hash,
        NodeKind::Resource,
        NodeKind::ResourceDefaults,
    ],
    options: &[],
};

/// The index of the token that ends exactly at `end` (a closing bracket or brace).
fn token_ending_at(tokens: &[Token], end: usize) -> Option<usize> {
    let i = tokens.partition_point(|t| t.span.start() < end);
    (0..i)
        .rev()
        .find(|&j| tokens.get(j).is_some_and(|t| t.span.end() == end))
}

/// Where the comma after the last element before the closing token `close` belongs, when
/// it is missing and the element ends a line. `open` is the kind of the opening token (an
/// empty collection has nothing to put a comma after).
fn missing_comma_at(source: &str, tokens: &[Token], close: usize, open: &str) -> Option<usize> {
    let mut last = prev_code(tokens, close)?;
    // An element ending with a heredoc: the comma belongs on the opening line, after the
    // last token there (the `@(TAG)` or what follows it), not after the body.
    while tokens.get(last).is_some_and(|t| t.kind() == "heredoc_body") {
        last = prev_code(tokens, last)?;
    }
    let t = tokens.get(last)?;
    if t.kind() == open || matches!(t.kind(), "," | ";" | ":") {
        return None;
    }
    // Only whitespace and comments may lie between the element and the line end.
    let mut pos = t.span.end();
    let mut next = last + 1;
    loop {
        let rest = source.get(pos..)?;
        let skipped = rest.len() - rest.trim_start_matches(is_ws).len();
        pos += skipped;
        match source.get(pos..)?.chars().next() {
            Some('\n' | '\r') => return Some(t.span.end()),
            None => return None,
            _ => {}
        }
        while tokens.get(next).is_some_and(|n| n.span.start() < pos) {
            next += 1;
        }
        let n = tokens
            .get(next)
            .filter(|n| n.span.start() == pos && is_comment(n))?;
        if source.get(n.span.start()..)?.starts_with('#') {
            return Some(t.span.end());
        }
        pos = n.span.end();
        next += 1;
    }
}

/// Whether the hash literal starting at `start` is one the plugin checks: its `{` follows
/// `=`, `==`, `=>` or `(`.
fn hash_in_checked_context(tokens: &[Token], start: usize) -> bool {
    let i = tokens.partition_point(|t| t.span.start() < start);
    prev_code(tokens, i)
        .and_then(|p| tokens.get(p))
        .is_some_and(|p| matches!(p.kind(), "=" | "==" | "=>" | "("))
}

impl Rule for TrailingComma {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let tokens = cx.tokens();
        let (open, close) = match &expr.kind {
            ExprKind::Array(_) => ("[", "]"),
            ExprKind::Hash { .. } => {
                if !hash_in_checked_context(tokens, expr.span.start()) {
                    return;
                }
                ("{", "}")
            }
            ExprKind::Resource(_) | ExprKind::ResourceDefaults(_) => ("{", "}"),
            _ => return,
        };
        let Some(close_idx) = token_ending_at(tokens, expr.span.end()) else {
            return;
        };
        if tokens.get(close_idx).map(|t| t.kind()) != Some(close) {
            return;
        }
        let Some(at) = missing_comma_at(cx.source(), tokens, close_idx, open) else {
            return;
        };
        cx.report(
            Diagnostic::new(
                Span::new(at, at),
                "missing trailing comma after last element",
            )
            .with_help("add a comma after the last element")
            .with_fix(Fix::safe(vec![Edit::insert(at, ",")])),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{ast, fixed, positions};

    const MSG: &str = "missing trailing comma after last element";

    fn at(src: &str) -> Vec<(usize, usize)> {
        positions("trailing_comma", src)
            .into_iter()
            .map(|(l, c, m)| {
                assert_eq!(m, MSG);
                (l, c)
            })
            .collect()
    }

    #[test]
    fn resources_arrays_hashes_defaults() {
        let src = "class { 'apache':\n  timeout => '100',\n  docroot => '/var/www'\n}\n\
                   file { '/tmp/foo': }\n\
                   file { '/tmp/bar':\n  ensure => file;\n}\n\
                   resources { 'sshkey': purge => true }\n\
                   user { 'elmo':\n  groups  => [\n    'foo',\n    'bar'\n  ],\n  groupss => ['baz', 'qux'],\n  groupz  => [\n  ],\n}\n\
                   File {\n  owner => root,\n  group => '0'\n}\n\
                   $foo = {\n  'bar' => {\n    baz  => 'abc',\n    bazz => 'def'\n  },\n  'qux' => 'ghi'\n}\n\
                   service { 'bar':\n  subscribe => File[\n    '/etc/baz.conf', '/etc/baz.conf.d'\n  ],\n}\n";
        assert_eq!(
            at(src),
            vec![(3, 24), (13, 10), (21, 15), (26, 18), (28, 17)]
        );
        let out = fixed("trailing_comma", src);
        assert!(out.contains("docroot => '/var/www',\n}"));
        assert!(out.contains("    'bar',\n  ],"));
        assert!(out.contains("  group => '0',\n}"));
        assert!(out.contains("bazz => 'def',\n  },\n  'qux' => 'ghi',\n}"));
        assert!(out.contains("'/etc/baz.conf.d'\n  ],"));
        assert!(at(&out).is_empty());
    }

    #[test]
    fn parameter_lists_types_and_calls_are_not_checked() {
        let src = "class a (\n  Enum[\n    'x',\n    'y'\n  ] $p = 'x',\n  $q = 1\n) {\n  notice(\n    'a'\n  )\n  $h = [\n    {\n      'k' => 1\n    },\n  ]\n}\n";
        assert!(at(src).is_empty());
    }

    #[test]
    fn heredoc_comma_goes_on_the_opening_line() {
        let src = "file { '/tmp/a':\n  ensure  => 'file',\n  content => @(EOT)\n    Hello\n    | EOT\n}\n\
                   file { '/tmp/b':\n  content => @(\"E\"),\n    ${x}\n    | E\n}\n";
        assert_eq!(at(src), vec![(3, 20)]);
        assert_eq!(
            fixed("trailing_comma", src),
            src.replacen("@(EOT)\n", "@(EOT),\n", 1)
        );
    }

    #[test]
    fn comment_or_whitespace_after_the_last_element() {
        let src = "$a = [\n  1,\n  2 # two\n]\n$b = [\n  1 /* c */ \n]\n$c = [\n  1, 2]\n";
        assert_eq!(at(src), vec![(3, 4), (6, 4)]);
        assert_eq!(
            fixed("trailing_comma", src),
            "$a = [\n  1,\n  2, # two\n]\n$b = [\n  1, /* c */ \n]\n$c = [\n  1, 2]\n"
        );
    }

    #[test]
    fn defaults_at_the_start_and_resources_in_lambdas() {
        let src = "File {\n  mode => '0644'\n}\nfile { 'a':\n  content => [1].map |$x| {\n    notify { \"${x}\":\n      message => 'm'\n    }\n  },\n}\n";
        assert_eq!(at(src), vec![(2, 17), (7, 21)]);
    }

    #[test]
    fn the_fix_keeps_the_ast() {
        let src = "file { 'a':\n  ensure => file\n}\nFile {\n  mode => '0644'\n}\n$x = [\n  1\n]\n$y = {\n  a => 1\n}\n";
        let out = fixed("trailing_comma", src);
        assert_ne!(out, src);
        assert_eq!(ast(&out), ast(src));
    }
}
