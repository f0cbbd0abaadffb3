//! A text run of a double-quoted string or an interpolating heredoc, split as the grammar's
//! scanner lexes it. The scanner (`tree-sitter-grammar/src/scanner.c`, `scan_run_dollar`)
//! gives the text and its plain variable interpolations, `$name` and `${name}`, as one
//! `string_text` (or `heredoc_text`) token, so that the concrete tree of a string stays a
//! few nodes whatever the number of its interpolations; only a `${` expression is parsed by
//! the grammar. This splits such a token back into its raw text pieces and its variables.

use crate::syntax::ast::Span;

/// A piece of a text run, with spans in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    /// Raw text (escapes not decoded).
    Text(Span),
    /// `$name`: the whole interpolation (the variable's name is after the `$`).
    Short(Span),
    /// `${name}`: the whole interpolation, and the name inside the braces.
    Braced { whole: Span, name: Span },
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The end of a `$name` variable's name starting at `i` (just after the `$`), as Puppet's
/// lexer reads it: `(::)?\w+(::\w+)*`, greedy, a `::` belonging to the name only when a
/// word character follows it. `None` when no name starts there.
fn short_name_end(b: &[u8], i: usize) -> Option<usize> {
    let colons = |j: usize| b.get(j) == Some(&b':') && b.get(j + 1) == Some(&b':');
    let word_at = |j: usize| b.get(j).is_some_and(|c| is_word(*c));
    let mut j = i;
    if colons(j) {
        j += 2;
    }
    if !word_at(j) {
        return None;
    }
    loop {
        while word_at(j) {
            j += 1;
        }
        if colons(j) && word_at(j + 2) {
            j += 2;
        } else {
            return Some(j);
        }
    }
}

/// The name of a `${name}` starting at `i` (just after the `${`) and the end of the `}`,
/// when it is a plain variable name the scanner joins to the run: `(::)?[a-z]\w*(::[a-z]\w*)*`
/// directly followed by `}`, and not a keyword.
fn braced_name(b: &[u8], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    if b.get(j) == Some(&b':') {
        if b.get(j + 1) != Some(&b':') {
            return None;
        }
        j += 2;
    }
    let first = j;
    loop {
        if !b.get(j).is_some_and(u8::is_ascii_lowercase) {
            return None;
        }
        while b.get(j).is_some_and(|c| is_word(*c)) {
            j += 1;
        }
        match b.get(j) {
            Some(b'}') => break,
            Some(b':') if b.get(j + 1) == Some(&b':') => j += 2,
            _ => return None,
        }
    }
    let name = std::str::from_utf8(&b[first..j]).unwrap_or("");
    (!super::walk::is_keyword(name)).then_some((j, j + 1))
}

/// Which backslashes escape the character after them, as the scanner reads them: every one
/// in a double-quoted string; in a heredoc, only `\\` and `\$` when its flags enable them.
#[derive(Clone, Copy, Debug)]
pub(super) enum Escapes {
    All,
    Heredoc { backslash: bool, dollar: bool },
}

impl Escapes {
    /// The escapes of a heredoc whose raw tag (between `@(` and `)`) is `raw_tag`, as the
    /// scanner derives them: `\\` with any `/`, `\$` with a `$` among the flags after it
    /// (up to a blank) or with none.
    pub(super) fn of_heredoc_tag(raw_tag: &str) -> Escapes {
        match raw_tag.split_once('/') {
            None => Escapes::Heredoc {
                backslash: false,
                dollar: false,
            },
            Some((_, after)) => {
                let flags = after.split([' ', '\t']).next().unwrap_or("");
                Escapes::Heredoc {
                    backslash: true,
                    dollar: flags.is_empty() || flags.contains('$'),
                }
            }
        }
    }

    /// Whether a backslash followed by `next` is an escape (the two are read together).
    fn pairs(self, next: Option<&u8>) -> bool {
        match self {
            Escapes::All => true,
            Escapes::Heredoc { backslash, dollar } => {
                (backslash && next == Some(&b'\\')) || (dollar && next == Some(&b'$'))
            }
        }
    }
}

/// Splits the run `text`, which starts at byte `base` of the source, into its pieces, in
/// order; consecutive text is one piece.
pub(super) fn split(text: &str, base: usize, escapes: Escapes, mut out: impl FnMut(Piece)) {
    let b = text.as_bytes();
    let mut text_start = 0;
    let mut i = 0;
    let flush = |out: &mut dyn FnMut(Piece), from: usize, to: usize| {
        if to > from {
            out(Piece::Text(Span::new(base + from, base + to)));
        }
    };
    while i < b.len() {
        match b[i] {
            // An escape: the next byte cannot start an interpolation (a multi-byte
            // character's other bytes are never `$` or `\`).
            b'\\' if escapes.pairs(b.get(i + 1)) => i += 2,
            b'$' => {
                if b.get(i + 1) == Some(&b'{') {
                    if let Some((name_end, end)) = braced_name(b, i + 2) {
                        flush(&mut out, text_start, i);
                        let name_start = i + 2;
                        out(Piece::Braced {
                            whole: Span::new(base + i, base + end),
                            name: Span::new(base + name_start, base + name_end),
                        });
                        i = end;
                        text_start = end;
                        continue;
                    }
                } else if let Some(end) = short_name_end(b, i + 1) {
                    flush(&mut out, text_start, i);
                    out(Piece::Short(Span::new(base + i, base + end)));
                    i = end;
                    text_start = end;
                    continue;
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    flush(&mut out, text_start, b.len());
}

/// An upper bound of the number of pieces of the run `text` (one per `$`, and the text
/// around them).
pub(super) fn max_pieces(text: &str) -> usize {
    2 * text.bytes().filter(|b| *b == b'$').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(text: &str) -> Vec<(char, &str)> {
        let mut out = Vec::new();
        split(text, 0, Escapes::All, |p| {
            out.push(match p {
                Piece::Text(s) => ('t', &text[s.start()..s.end()]),
                Piece::Short(s) => ('s', &text[s.start()..s.end()]),
                Piece::Braced { whole, name } => {
                    assert_eq!(&text[whole.start()..whole.start() + 2], "${");
                    assert_eq!(&text[whole.end() - 1..whole.end()], "}");
                    ('b', &text[name.start()..name.end()])
                }
            })
        });
        out
    }

    #[test]
    fn plain_variables_are_split_from_the_text() {
        assert_eq!(
            pieces("a${x}b$y::z.c${::q::r}"),
            vec![
                ('t', "a"),
                ('b', "x"),
                ('t', "b"),
                ('s', "$y::z"),
                ('t', ".c"),
                ('b', "::q::r")
            ]
        );
        assert_eq!(pieces("${a}${b}"), vec![('b', "a"), ('b', "b")]);
    }

    #[test]
    fn a_short_name_takes_a_double_colon_only_before_a_word_character() {
        assert_eq!(pieces("$a::"), vec![('s', "$a"), ('t', "::")]);
        assert_eq!(pieces("$a::-"), vec![('s', "$a"), ('t', "::-")]);
        assert_eq!(pieces("$::a-b"), vec![('s', "$::a"), ('t', "-b")]);
        assert_eq!(pieces("$10x[1]"), vec![('s', "$10x"), ('t', "[1]")]);
    }

    #[test]
    fn literal_dollars_and_escapes_stay_text() {
        assert_eq!(pieces("$ $:a $::-"), vec![('t', "$ $:a $::-")]);
        assert_eq!(pieces("\\$a\\\\$b"), vec![('t', "\\$a\\\\"), ('s', "$b")]);
        assert_eq!(pieces("é\\é$"), vec![('t', "é\\é$")]);
    }

    #[test]
    fn braces_that_are_no_plain_name_stay_text() {
        // The scanner never joins these to a run; if one were there, it is not a variable.
        assert_eq!(pieces("${class}"), vec![('t', "${class}")]);
        assert_eq!(pieces("${A}${a:b}${ a}"), vec![('t', "${A}${a:b}${ a}")]);
    }

    /// The parse of `src` (without errors) and the number of nodes of its concrete tree.
    fn parse_counting_nodes(src: &str) -> (crate::syntax::ParsedFile, Option<usize>) {
        let f = crate::syntax::parse(src);
        assert!(f.errors.is_empty(), "{:?}", f.errors);
        let nodes = f.tree.as_ref().map(|t| t.root_node().descendant_count());
        (f, nodes)
    }

    #[test]
    fn a_string_of_text_and_plain_variables_is_a_few_nodes_of_the_tree() {
        let body: String = (0..1000).map(|i| format!("${{a{i}}}x$b{i}-")).collect();
        let src = format!("$s = \"{body}${{c + 1}}{body}\"\n");
        let (f, tree) = parse_counting_nodes(&src);
        // manifest, assignment, variable, `=`, string, two quotes, two runs, and the
        // interpolation: itself, `${`, the binary expression (4 nodes), `}`.
        assert_eq!(tree, Some(16));
        let crate::syntax::ExprKind::Assignment { rhs, .. } = &f.program.body[0].kind else {
            panic!("not an assignment")
        };
        let crate::syntax::ExprKind::Concat(parts) = &rhs.kind else {
            panic!("not a concat")
        };
        assert_eq!(parts.len(), 2 * 4000 + 1);
    }

    #[test]
    fn a_heredoc_line_of_text_and_plain_variables_is_one_token_of_the_tree() {
        let line: String = (0..1000).map(|i| format!("${{a{i}}}x$b{i}-")).collect();
        let src = format!("$s = @(\"E\")\n  {line}\n  {line}\n  | E\n");
        let (_, tree) = parse_counting_nodes(&src);
        // manifest, assignment, variable, `=`, heredoc, `@(`, tag, `)`, body, a run per
        // line, the end line.
        assert_eq!(tree, Some(12));
    }

    #[test]
    fn heredoc_escapes_are_those_of_the_tag() {
        let of = |tag| match Escapes::of_heredoc_tag(tag) {
            Escapes::All => None,
            Escapes::Heredoc { backslash, dollar } => Some((backslash, dollar)),
        };
        assert_eq!(of("\"E\""), Some((false, false)));
        assert_eq!(of("\"E\"/"), Some((true, true)));
        assert_eq!(of("\"E\":json/t$"), Some((true, true)));
        assert_eq!(of("\"E\"/tn"), Some((true, false)));
        assert_eq!(of("\"E\"/t $"), Some((true, false)));
    }

    #[test]
    fn the_bound_covers_every_piece() {
        for t in ["a${x}b$y", "${a}${b}", "$", "", "x", "$a$b$c"] {
            assert!(pieces(t).len() <= max_pieces(t), "{t}");
        }
    }
}
