//! Lowering of string literals, interpolation (the `${name}` variable rule), heredocs
//! (tags, margin, trim, flags, interpolation) and the warnings and errors they produce.

use crate::ast_text::*;

#[test]
fn single_quoted() {
    assert_eq!(clean(r"'it\'s'"), "'it's'");
    assert_eq!(clean(r"'a\\b'"), r"'a\b'");
    assert_eq!(clean(r"'a\nb\$c'"), r"'a\nb\$c'");
    assert_eq!(clean("'line1\nline2'"), "'line1\nline2'");
    assert_eq!(clean("''"), "''");
}

#[test]
fn double_quoted_escapes() {
    assert_eq!(clean(r#""a\nb\tc\rd\se""#), r#""a\nb\tc\rd e""#);
    assert_eq!(clean(r#""q\" s\' b\\ d\$""#), r#""q\" s' b\\ d$""#);
    assert_eq!(clean(r#""\u0041\u{1F600}""#), "\"A😀\"");
    assert_eq!(clean("\"a\\\nb\""), r#""ab""#);
    assert_eq!(clean(r#""\${x}""#), r#""${x}""#);
    assert_eq!(clean(r#""""#), r#""""#);
}

#[test]
fn escape_warnings_are_at_the_end_of_the_string_part() {
    assert_eq!(ast(r#""a\qb""#), r#""a\\qb""#);
    assert_eq!(
        diags(r#""a\qb""#),
        vec![r"W 1:7 Unrecognized escape sequence '\q'"]
    );
    assert_eq!(
        diags(r#""\b""#),
        vec![r"W 1:5 Unrecognized escape sequence '\b'"]
    );
    assert_eq!(
        diags(r#""\uZZ""#),
        vec![
            r"W 1:7 Unicode escape '\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff"
        ]
    );
    assert_eq!(
        diags(r#""a\q${x}b""#),
        vec![r"W 1:7 Unrecognized escape sequence '\q'"]
    );
    assert_eq!(
        diags(r#""\u{110000}""#),
        vec!["E 1:13 invalid byte sequence in UTF-8"]
    );
}

#[test]
fn interpolation() {
    assert_eq!(clean(r#""a${x}b""#), r#"(concat "a" (str $x) "b")"#);
    assert_eq!(clean(r#""a $x b""#), r#"(concat "a " (str$ $x) " b")"#);
    assert_eq!(clean(r#""${x}""#), "(concat (str $x))");
    assert_eq!(clean(r#""$x$y""#), "(concat (str$ $x) (str$ $y))");
    assert_eq!(
        clean(r#""$a[1] $a.b $a-b $a::b""#),
        r#"(concat (str$ $a) "[1] " (str$ $a) ".b " (str$ $a) "-b " (str$ $a::b))"#
    );
    assert_eq!(clean(r#""a$ b $""#), r#""a$ b $""#);
    assert_eq!(clean(r#""\\$x""#), r#"(concat "\\" (str$ $x))"#);
    assert_eq!(
        clean(r#""a${"b${x}c"}d""#),
        r#"(concat "a" (str (concat "b" (str $x) "c")) "d")"#
    );
}

#[test]
fn the_name_in_braces_rule() {
    assert_eq!(clean(r#""${ x }""#), "(concat (str $x))");
    assert_eq!(clean(r#""${::x}""#), "(concat (str $::x))");
    assert_eq!(clean(r#""${x[1]}""#), "(concat (str (access $x 1)))");
    assert_eq!(clean(r#""${x.y}""#), "(concat (str (.* $x y)))");
    assert_eq!(clean(r#""${x.y(1)}""#), "(concat (str (. $x y 1)))");
    assert_eq!(clean(r#""${x + 1}""#), "(concat (str (+ x 1)))");
    assert_eq!(clean(r#""${$x + 1}""#), "(concat (str (+ $x 1)))");
    assert_eq!(clean(r#""${foo(1)}""#), "(concat (str (call foo 1)))");
    assert_eq!(clean(r#""${1}""#), "(concat (str $1))");
    assert_eq!(clean(r#""${0x10}""#), "(concat (str $0x10))");
    assert_eq!(clean(r#""${class}""#), "(concat (str $class))");
    assert_eq!(clean(r#""${default}""#), "(concat (str $default))");
    assert_eq!(clean(r#""${if[2]}""#), "(concat (str (access $if 2)))");
    assert_eq!(clean(r#""${x-1}""#), "(concat (str $x-1))");
    assert_eq!(clean(r#""${Foo}""#), "(concat (str Foo))");
    assert_eq!(clean(r#""${'a'}""#), "(concat (str 'a'))");
    assert_eq!(clean(r#""${x == 1}""#), "(concat (str (== x 1)))");
}

#[test]
fn heredocs() {
    assert_eq!(
        clean("$x = @(END)\nhello\nworld\nEND\n"),
        r#"(= $x (heredoc END 'hello
world
'))"#
    );
    assert_eq!(
        clean("$x = @(END)\nhello\n-END\n"),
        "(= $x (heredoc END 'hello'))"
    );
    assert_eq!(
        clean("$x = @(END)\n    hello\n      world\n    | END\n"),
        "(= $x (heredoc END 'hello\n  world\n'))"
    );
    assert_eq!(
        clean("$x = @(END)\n    a\n  b\n    | END\n"),
        "(= $x (heredoc END 'a\n  b\n'))"
    );
    assert_eq!(
        clean("$x = @(END)\n  hello\n  |- END\n"),
        "(= $x (heredoc END 'hello'))"
    );
    assert_eq!(
        clean("$x = @(END:json)\n{\"a\": 1}\nEND\n"),
        "(= $x (heredoc END :json '{\"a\": 1}\n'))"
    );
    assert_eq!(
        clean("$x = @(END : yaml+x )\na: 1\nEND\n"),
        "(= $x (heredoc END :yaml+x 'a: 1\n'))"
    );
    assert_eq!(
        clean("$x = @(END)\na\\tb\\nc\\\\d\\$e\nEND\n"),
        "(= $x (heredoc END 'a\\tb\\nc\\\\d\\$e\n'))"
    );
    assert_eq!(
        clean("$x = @(END/t)\na\\tb\\nc\nEND\n"),
        "(= $x (heredoc END /t 'a\tb\\nc\n'))"
    );
    assert_eq!(
        clean("$x = @(END/)\na\\tb\\nc\\sd\\u0041\\$e\\\\f\nEND\n"),
        "(= $x (heredoc END / 'a\tb\nc dA$e\\f\n'))"
    );
    assert_eq!(
        clean("$x = @(END/L)\nab\\\ncd\nEND\n"),
        "(= $x (heredoc END /L 'abcd\n'))"
    );
    assert_eq!(
        clean("$x = @(END)\nhi $name ${y}\nEND\n"),
        "(= $x (heredoc END 'hi $name ${y}\n'))"
    );
    assert_eq!(
        clean("$x = @(\"END\")\nhi $name and ${y}!\nEND\n"),
        "(= $x (heredoc END interp (concat \"hi \" (str$ $name) \" and \" (str $y) \"!\\n\")))"
    );
    assert_eq!(
        clean("$x = @(\"END\")\nplain\nEND\n"),
        "(= $x (heredoc END interp \"plain\\n\"))"
    );
    assert_eq!(
        clean("foo(@(A), @(B))\naaa\nA\nbbb\nB\n"),
        "(invoke foo (heredoc A 'aaa\n') (heredoc B 'bbb\n'))"
    );
    assert_eq!(clean("$x = @(END)\nEND\n"), "(= $x (heredoc END ''))");
    assert_eq!(clean("$x = @(END)\n-END\n"), "(= $x (heredoc END ''))");
    assert_eq!(
        clean("$x = @(END)\r\nab\r\nEND\r\n"),
        "(= $x (heredoc END 'ab\r\n'))"
    );
    assert_eq!(
        clean("$x = @(\"END\"/$)\ncost \\$5 $y\nEND\n"),
        "(= $x (heredoc END /$ interp (concat \"cost $5 \" (str$ $y) \"\\n\")))"
    );
    assert_eq!(
        clean("$x = @(END)\nthis is the END\n"),
        "(= $x (heredoc END ''))"
    );
}

#[test]
fn heredoc_tag_errors_are_after_the_closing_paren() {
    assert_eq!(
        diags("$x = @(END:JSON)\nEND\n"),
        vec!["E 1:17 Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])"]
    );
    assert_eq!(
        diags("$x = @(END/x)\nEND\n"),
        vec!["E 1:14 Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got 'x'"]
    );
    assert_eq!(
        diags("$x = @(END/tt)\nEND\n"),
        vec!["E 1:15 An escape char for @() may only appear once. Got 't, t'"]
    );
}

#[test]
fn regexes() {
    assert_eq!(clean(r"$x =~ /a\/b/"), "(=~ $x /a/b/)");
    assert_eq!(clean(r"$x =~ //"), "(=~ $x //)");
}

#[test]
fn heredoc_without_body_or_end() {
    assert_eq!(
        diags("$x = @(END)"),
        vec!["E 1:12 Heredoc without any following lines of text"]
    );
    let d = diags("$x = @(END)\nabc\n");
    assert_eq!(
        d.first().map(String::as_str),
        Some("E 2:1 Heredoc without end-tagged line"),
        "{d:?}"
    );
}

#[test]
fn invalid_regexes_are_errors() {
    assert_eq!(
        diags("$x =~ /(/"),
        vec!["E 1:7 end pattern with unmatched parenthesis: /(/"]
    );
    assert_eq!(
        diags("$x =~ /a{2,1}/"),
        vec!["E 1:7 upper is smaller than lower in repeat range: /a{2,1}/"]
    );
    assert_eq!(
        clean(r"$x =~ /^(?<n>a)\k<n>[[:alpha:]]+$/"),
        r"(=~ $x /^(?<n>a)\k<n>[[:alpha:]]+$/)"
    );
}

#[test]
fn heredoc_without_end_on_a_shared_line() {
    assert_eq!(
        diags("foo(@(A), @(B))\naaa\nA\n"),
        vec!["E 4:1 Heredoc without end-tagged line"]
    );
}

#[test]
fn heredoc_opening_without_closing_paren() {
    assert_eq!(
        diags("$x = @(END\nfoo\nEND\n"),
        vec!["E 1:6 Unclosed parenthesis after '@(' followed by '@(END...'"]
    );
    assert_eq!(
        diags("$x = @(E\tN\n"),
        vec![r"E 1:6 Unclosed parenthesis after '@(' followed by '@(E\tN...'"]
    );
    assert_eq!(
        diags("$b = @(\n"),
        vec![r"E 1:6 Unclosed parenthesis after '@(' followed by '@(\n...'"]
    );
    assert_eq!(
        diags("$x = @(END\nfoo)\nEND\n"),
        vec!["E 2:5 Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])"]
    );
}

#[test]
fn several_escape_warnings_keep_their_order() {
    assert_eq!(
        diags(r#""a\qb\d $x \e""#),
        vec![
            r"W 1:10 Unrecognized escape sequence '\q'",
            r"W 1:10 Unrecognized escape sequence '\d'",
            r"W 1:15 Unrecognized escape sequence '\e'",
        ]
    );
}

#[test]
fn heredoc_spans() {
    let src = "$x = @(END)\nab\nEND\n";
    let f = rein::syntax::parse(src);
    let rein::syntax::ExprKind::Assignment { rhs, .. } = &f.program.body[0].kind else {
        panic!("not an assignment")
    };
    let rein::syntax::ExprKind::Heredoc(h) = &rhs.kind else {
        panic!("not a heredoc")
    };
    assert_eq!((h.opening.start, h.opening.end), (5, 11));
    assert_eq!((h.text.span.start, h.text.span.end), (12, 18));
    assert_eq!(&src[h.text.span.start()..h.text.span.end()], "ab\nEND");
}

#[test]
fn escape_warnings_before_braced_interpolations_and_at_the_end() {
    // Text before `${` is reported just after the `{`; text at the end after the quote.
    assert_eq!(
        diags(r#""\q${a}b\d${b}\e""#),
        vec![
            r"W 1:6 Unrecognized escape sequence '\q'",
            r"W 1:13 Unrecognized escape sequence '\d'",
            r"W 1:18 Unrecognized escape sequence '\e'",
        ]
    );
}

#[test]
fn a_string_with_many_parts_keeps_every_part_in_order() {
    // The parts are lowered one at a time (a string may have millions): every one is kept,
    // in order, with its own span.
    let n = 10_000;
    let body: String = (0..n).map(|i| format!("${{a{i}}}x")).collect();
    let f = rein::syntax::parse(&format!("\"{body}\"\n"));
    assert!(f.errors.is_empty(), "{:?}", f.errors);
    let rein::syntax::ExprKind::Concat(parts) = &f.program.body[0].kind else {
        panic!("not a concat")
    };
    assert_eq!(parts.len(), 2 * n);
    let parts: Vec<_> = parts.iter().collect();
    for (i, pair) in parts.chunks(2).enumerate() {
        let rein::syntax::StringPart::Interpolation { expr, span, .. } = &pair[0] else {
            panic!("part {} is not an interpolation", 2 * i)
        };
        assert_eq!(expr.kind, rein::syntax::ExprKind::Variable(format!("a{i}")));
        assert_eq!(&f.source[span.start()..span.end()], format!("${{a{i}}}"));
        let rein::syntax::StringPart::Text { value, .. } = &pair[1] else {
            panic!("part {} is not text", 2 * i + 1)
        };
        assert_eq!(*value, "x");
    }
}

/// Each part of the string of `src` (one statement): `T value @ text` or `I expr @ text`,
/// the text being the source of the part's span.
fn parts_of(src: &str) -> Vec<String> {
    let f = rein::syntax::parse(src);
    assert!(f.errors.is_empty(), "{:?}", f.errors);
    let rein::syntax::ExprKind::Concat(parts) = &f.program.body[0].kind else {
        panic!("not a concat")
    };
    render_parts(src, parts)
}

/// The parts as [`parts_of`] shows them (a text part's source quoted).
fn render_parts(src: &str, parts: &rein::syntax::StringParts) -> Vec<String> {
    let text = |s: rein::syntax::Span| &src[s.start()..s.end()];
    parts
        .iter()
        .map(|p| match p {
            rein::syntax::StringPart::Text { value, span } => {
                format!("T {value:?} @ {:?}", text(span))
            }
            rein::syntax::StringPart::Interpolation { expr, braces, span } => format!(
                "I{} {} {:?} @ {}",
                if braces { "{}" } else { "" },
                crate::ast_text::r(expr),
                text(expr.span),
                text(span)
            ),
        })
        .collect()
}

#[test]
fn plain_variables_in_the_text_keep_their_parts_and_spans() {
    // `$name` and `${name}` are lexed with the text around them; they are the same parts,
    // with the same spans, as the interpolations the grammar parses.
    assert_eq!(
        parts_of(r#""a${x}b$y::z.c${::q::r}${b + 1}$e::""#),
        vec![
            r#"T "a" @ "a""#,
            r#"I{} $x "x" @ ${x}"#,
            r#"T "b" @ "b""#,
            r#"I $y::z "$y::z" @ $y::z"#,
            r#"T ".c" @ ".c""#,
            r#"I{} $::q::r "::q::r" @ ${::q::r}"#,
            r#"I{} (+ b 1) "b + 1" @ ${b + 1}"#,
            r#"I $e "$e" @ $e"#,
            r#"T "::" @ "::""#,
        ]
    );
    assert_eq!(
        parts_of(r#""${aB_1}${if::x}${classes}$10x\$a\\$b $ c""#),
        vec![
            r#"I{} $aB_1 "aB_1" @ ${aB_1}"#,
            r#"I{} $if::x "if::x" @ ${if::x}"#,
            r#"I{} $classes "classes" @ ${classes}"#,
            r#"I $10x "$10x" @ $10x"#,
            r#"T "$a\\" @ "\\$a\\\\""#,
            r#"I $b "$b" @ $b"#,
            r#"T " $ c" @ " $ c""#,
        ]
    );
    // Keywords and other words in braces are parsed by the grammar, as before.
    assert_eq!(
        clean(r#""${class}${_a}${true}${A}${a::b}""#),
        r#"(concat (str $class) (str $_a) (str $true) (str A) (str $a::b))"#
    );
}

#[test]
fn escape_warnings_before_plain_variables_in_the_text() {
    // Text before `$name` is reported just after the `$`, before `${name}` after the `{`.
    assert_eq!(
        diags(r#""\q$a\d${b}\e$::c\f""#),
        vec![
            r"W 1:5 Unrecognized escape sequence '\q'",
            r"W 1:10 Unrecognized escape sequence '\d'",
            r"W 1:15 Unrecognized escape sequence '\e'",
            r"W 1:21 Unrecognized escape sequence '\f'",
        ]
    );
}

/// Each part of the heredoc text of `src` (`$h = @(...)` and its body), as [`parts_of`].
fn heredoc_parts_of(src: &str) -> Vec<String> {
    let f = rein::syntax::parse(src);
    assert!(f.errors.is_empty(), "{:?}", f.errors);
    let rein::syntax::ExprKind::Assignment { rhs, .. } = &f.program.body[0].kind else {
        panic!("not an assignment")
    };
    let rein::syntax::ExprKind::Heredoc(h) = &rhs.kind else {
        panic!("not a heredoc")
    };
    let rein::syntax::ExprKind::Concat(parts) = &h.text.kind else {
        panic!("not a concat")
    };
    render_parts(src, parts)
}

#[test]
fn plain_variables_in_heredoc_text_keep_their_parts_and_spans() {
    // Margins are stripped from the text at the start of each line, whatever follows it.
    assert_eq!(
        heredoc_parts_of("$h = @(\"E\")\n  a${x}b$y::z\n  ${b + 1}$c\n  ${d}\n  | E\n"),
        vec![
            r#"T "a" @ "  a""#,
            r#"I{} $x "x" @ ${x}"#,
            r#"T "b" @ "b""#,
            r#"I $y::z "$y::z" @ $y::z"#,
            r#"T "\n" @ "\n  ""#,
            r#"I{} (+ b 1) "b + 1" @ ${b + 1}"#,
            r#"I $c "$c" @ $c"#,
            r#"T "\n" @ "\n  ""#,
            r#"I{} $d "d" @ ${d}"#,
            r#"T "\n" @ "\n""#,
        ]
    );
    // `\$` escapes a `$` only with the `$` flag (or a bare `/`); without it, the `$` after
    // a backslash interpolates.
    assert_eq!(
        heredoc_parts_of("$h = @(\"E\"/$)\n\\$a \\\\$b\nE\n"),
        vec![
            r#"T "$a \\" @ "\\$a \\\\""#,
            r#"I $b "$b" @ $b"#,
            r#"T "\n" @ "\n""#
        ]
    );
    assert_eq!(
        heredoc_parts_of("$h = @(\"E\"/t)\n\\$a \\\\$b\nE\n"),
        vec![
            r#"T "\\" @ "\\""#,
            r#"I $a "$a" @ $a"#,
            r#"T " \\" @ " \\\\""#,
            r#"I $b "$b" @ $b"#,
            r#"T "\n" @ "\n""#
        ]
    );
    assert_eq!(
        heredoc_parts_of("$h = @(\"E\")\n\\$a\nE\n"),
        vec![r#"T "\\" @ "\\""#, r#"I $a "$a" @ $a"#, r#"T "\n" @ "\n""#]
    );
}
