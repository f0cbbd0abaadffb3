//! rein's tokens as puppet-lint's lexer sees them, for the layout checks of puppet-lint and
//! its plugins: the whitespace runs between tokens (its `INDENT` and `WHITESPACE` tokens),
//! code-token navigation that skips comments, and the resource bodies that puppet-lint's
//! `resource_indexes` finds (from a title's `:` to the `;` or `}` ending it).

use crate::syntax::tokens::Token;
use crate::syntax::Span;

/// Whitespace as puppet-lint's lexer defines it (`[\t\v\f\p{Zs}]`): not line ends.
pub fn is_ws(c: char) -> bool {
    matches!(
        c,
        '\t' | '\u{b}' | '\u{c}' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

/// A maximal run of whitespace outside every token (strings, comments and heredoc bodies
/// keep theirs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WsRun {
    pub span: Span,
    /// Starts a line other than the first (puppet-lint's `INDENT` token).
    pub indent: bool,
    /// Followed by a line end or the end of the file.
    pub at_eol: bool,
}

/// The whitespace runs of `source` that lie between `tokens` (sorted by start), made as
/// they are read (a big file has about one per token).
pub fn whitespace_runs<'a>(
    source: &'a str,
    tokens: &'a [Token],
) -> impl Iterator<Item = WsRun> + 'a {
    let ends = tokens
        .iter()
        .map(|t| (t.span.start(), t.span.end()))
        .chain(std::iter::once((source.len(), source.len())));
    ends.scan(0usize, |pos, (start, end)| {
        let gap = (start > *pos).then_some((*pos, start));
        *pos = (*pos).max(end);
        Some(gap)
    })
    .flatten()
    .flat_map(move |(start, end)| runs_in(source, start, end))
}

/// The whitespace runs of the gap `start..end` of `source`, read a byte at a time (a
/// gap is nearly always ASCII: a line end and an indentation).
fn runs_in(source: &str, start: usize, end: usize) -> GapRuns<'_> {
    GapRuns {
        source,
        pos: start,
        end: end.min(source.len()),
    }
}

/// The whitespace runs of a gap, from `pos` on.
struct GapRuns<'a> {
    source: &'a str,
    pos: usize,
    end: usize,
}

impl Iterator for GapRuns<'_> {
    type Item = WsRun;

    fn next(&mut self) -> Option<WsRun> {
        let bytes = self.source.as_bytes();
        let mut run: Option<usize> = None;
        while self.pos < self.end {
            let at = self.pos;
            let (ws, len) = match bytes.get(at) {
                Some(&b) if b.is_ascii() => (matches!(b, b'\t' | 0x0b | 0x0c | b' '), 1),
                _ => match self.source.get(at..).and_then(|r| r.chars().next()) {
                    Some(c) => (is_ws(c), c.len_utf8()),
                    None => (false, 1),
                },
            };
            self.pos = at + len;
            match (run, ws) {
                (None, true) => run = Some(at),
                (Some(s), false) => return Some(run_at(self.source, s, at)),
                _ => {}
            }
        }
        run.map(|s| run_at(self.source, s, self.end))
    }
}

fn run_at(source: &str, start: usize, end: usize) -> WsRun {
    let before = source.get(..start).and_then(|s| s.chars().next_back());
    let after = source.get(end..).and_then(|s| s.chars().next());
    WsRun {
        span: Span::new(start, end),
        indent: matches!(before, Some('\n' | '\r')),
        at_eol: matches!(after, None | Some('\n' | '\r')),
    }
}

/// Whether a token is a comment.
pub fn is_comment(t: &Token) -> bool {
    t.kind() == "comment"
}

/// The index of the first non-comment token after `i`.
pub fn next_code(tokens: &[Token], i: usize) -> Option<usize> {
    (i + 1..tokens.len()).find(|&j| tokens.get(j).is_some_and(|t| !is_comment(t)))
}

/// The index of the last non-comment token before `i`.
pub fn prev_code(tokens: &[Token], i: usize) -> Option<usize> {
    (0..i)
        .rev()
        .find(|&j| tokens.get(j).is_some_and(|t| !is_comment(t)))
}

/// A resource body as puppet-lint's `resource_indexes` sees it: the token indexes from the
/// title's `:` to the `;` or `}` that ends the body (both included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceRange {
    pub colon: usize,
    pub end: usize,
}

/// The resource bodies of a token stream: each `:` not followed by `{` (a case option)
/// starts one, which ends at the first `;` or `}` at the same bracket depth. A `:` inside an
/// earlier body (a resource in a lambda in an attribute value) belongs to that body.
pub fn resource_ranges(tokens: &[Token]) -> Vec<ResourceRange> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let is_title_colon = tokens.get(i).is_some_and(|t| t.kind() == ":")
            && next_code(tokens, i).is_some_and(|n| tokens.get(n).is_some_and(|t| t.kind() != "{"));
        if !is_title_colon {
            i += 1;
            continue;
        }
        let mut depth = 0usize;
        let mut end = None;
        for (j, t) in tokens.iter().enumerate().skip(i + 1) {
            match t.kind() {
                "{" | "[" | "(" => depth += 1,
                "}" | "]" | ")" if depth > 0 => depth -= 1,
                "}" | ";" if depth == 0 => {
                    end = Some(j);
                    break;
                }
                _ => {}
            }
        }
        let Some(end) = end else {
            break;
        };
        out.push(ResourceRange { colon: i, end });
        i = end + 1;
    }
    out
}

/// Number of characters in `text`.
pub fn chars(text: &str) -> usize {
    text.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(src: &str) -> Vec<(String, bool, bool)> {
        let f = crate::syntax::parse(src);
        let toks = crate::syntax::tokens::tokens(&f);
        whitespace_runs(src, &toks)
            .map(|r| {
                (
                    src[r.span.start()..r.span.end()].to_string(),
                    r.indent,
                    r.at_eol,
                )
            })
            .collect()
    }

    #[test]
    fn runs_skip_strings_comments_and_heredocs() {
        let src = "  $a = \"x  \n  y\" # c  \n\t$b = @(E)\n  t  \n  | E\n $c = 1 \n";
        assert_eq!(
            runs(src),
            vec![
                ("  ".to_string(), false, false),
                (" ".to_string(), false, false),
                (" ".to_string(), false, false),
                (" ".to_string(), false, false),
                ("\t".to_string(), true, false),
                (" ".to_string(), false, false),
                (" ".to_string(), false, false),
                (" ".to_string(), true, false),
                (" ".to_string(), false, false),
                (" ".to_string(), false, false),
                (" ".to_string(), false, true),
            ]
        );
    }

    #[test]
    fn resource_ranges_skip_case_options() {
        let src = "case $x { 'a': { file { 'f': ensure => file; 'g': mode => '0644' } } }\n";
        let f = crate::syntax::parse(src);
        let toks = crate::syntax::tokens::tokens(&f);
        let r = resource_ranges(&toks);
        let texts: Vec<(&str, &str)> = r
            .iter()
            .map(|r| {
                (
                    &src[toks[r.colon].span.start()..toks[r.colon].span.end()],
                    &src[toks[r.end].span.start()..toks[r.end].span.end()],
                )
            })
            .collect();
        assert_eq!(texts, vec![(":", ";"), (":", "}")]);
    }
}
