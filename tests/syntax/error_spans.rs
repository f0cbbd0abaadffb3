//! Lexical errors span the offending token (JSON `end_column` after `column`), while their
//! start stays where Puppet reports them.

use rein::syntax::parse;

/// `(line, column, end_line, end_column, message)` of every finding in `source`.
fn spans(source: &str) -> Vec<(usize, usize, usize, usize, String)> {
    let parsed = parse(source);
    parsed
        .errors
        .iter()
        .map(|e| {
            let (l, c) = parsed.line_index.line_col(source, e.span.start());
            let (el, ec) = parsed.line_index.line_col(source, e.span.end());
            (l, c, el, ec, e.message.clone())
        })
        .collect()
}

fn one(source: &str) -> (usize, usize, usize, usize, String) {
    let s = spans(source);
    assert_eq!(s.len(), 1, "{source:?}: {s:?}");
    s.into_iter().next().unwrap_or_default()
}

fn span(l: usize, c: usize, el: usize, ec: usize, m: &str) -> (usize, usize, usize, usize, String) {
    (l, c, el, ec, m.to_string())
}

#[test]
fn bad_numbers_span_the_number() {
    assert_eq!(
        one("$x = 0789\n"),
        span(1, 6, 1, 10, "Not a valid octal number 0789")
    );
    assert_eq!(one("$x = 1a\n"), span(1, 6, 1, 8, "Illegal number '1a'"));
    assert_eq!(
        one("$x = 0x1g\n"),
        span(1, 6, 1, 10, "Not a valid hex number 0x1g")
    );
    assert_eq!(
        one("$x = 1e\n"),
        span(1, 6, 1, 8, "Not a valid decimal number 1e")
    );
    assert_eq!(
        one("node a.0789 {}\n"),
        span(1, 8, 1, 12, "Not a valid octal number 0789")
    );
}

#[test]
fn bad_class_references_span_the_bad_part() {
    // From the second `:` of the offending `::` to the end of the name after it.
    assert_eq!(
        one("Foo::bar\n"),
        span(1, 5, 1, 9, "Illegal class reference")
    );
    assert_eq!(
        one("$a = Foo::bar::Baz\n"),
        span(1, 10, 1, 19, "Illegal class reference")
    );
    assert_eq!(
        one("$b = a::3\n"),
        span(1, 9, 1, 10, "Illegal fully qualified name")
    );
}

#[test]
fn bad_regex_spans_the_regex() {
    assert_eq!(
        one("$c = /(/\n"),
        span(1, 6, 1, 9, "end pattern with unmatched parenthesis: /(/")
    );
}

#[test]
fn unclosed_tokens_span_to_the_end_of_the_input() {
    assert_eq!(
        one("$x = 'abc\nfoo\n\n"),
        span(1, 7, 2, 4, "unclosed string starting at 1:6")
    );
    assert_eq!(
        one("$x = 1 /* abc\nfoo\n"),
        span(1, 8, 2, 4, "unclosed comment starting at 1:8")
    );
    assert_eq!(
        one("$x = @(END\nfoo\n"),
        span(
            1,
            6,
            2,
            4,
            "Unclosed parenthesis after '@(' followed by '@(END...'"
        )
    );
}
