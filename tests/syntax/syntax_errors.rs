//! rein's own messages for tree-sitter error recovery (`syntax::errors::collect`): each
//! ERROR/MISSING region gives one message a person understands, at the right position.

use rein::syntax::{errors, grammar, LineIndex};

/// `(line, column, message)` of every error `errors::collect` finds in `source`.
fn messages(source: &str) -> Vec<(usize, usize, String)> {
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&grammar::language()).expect("language");
    let tree = parser.parse(source, None).expect("tree");
    let index = LineIndex::new(source);
    errors::collect(&tree, source)
        .into_iter()
        .map(|e| {
            let (l, c) = index.line_col(source, e.span.start());
            (l, c, e.message)
        })
        .collect()
}

fn one(source: &str) -> (usize, usize, String) {
    let m = messages(source);
    assert_eq!(m.len(), 1, "{source:?}: {m:?}");
    m.into_iter().next().unwrap_or_default()
}

fn at(line: usize, col: usize, message: &str) -> (usize, usize, String) {
    (line, col, message.to_string())
}

#[test]
fn valid_code_has_no_errors() {
    assert_eq!(messages("class a {\n  $x = [1, 2]\n}\n"), []);
}

#[test]
fn unclosed_braces_name_what_they_open() {
    assert_eq!(
        one("class foo {\n  $x = 1\n  notice($x)\n"),
        at(3, 13, "expected `}` to close the class body opened at 1:11")
    );
    assert_eq!(
        one("notice('a'\n$x = 1\n"),
        at(
            1,
            11,
            "expected `)` to close the argument list opened at 1:7"
        )
    );
    assert_eq!(
        one("$list = [1, 2,\n$x = 1\n"),
        at(2, 7, "expected `]` to close the array opened at 1:9")
    );
}

#[test]
fn each_region_is_reported() {
    assert_eq!(
        messages("class a {\n  $x = 1\n\nclass b {\n  $y = \n}\n"),
        [
            at(5, 7, "expected an expression after `=`"),
            at(6, 2, "expected `}` to close the class body opened at 1:9"),
        ]
    );
}

#[test]
fn errors_are_at_the_first_offending_token() {
    // Puppet 7.23 (`puppet parser validate`) reports each of these at the same line and
    // column: "Syntax error at '='" (1:1), "Syntax error at ')'" (1:1), "Unclosed quote
    // after '\"'" (1:2), "Syntax error at ':'" (1:8).
    for op in ["=", "==", "and", "->", "+", "=~", "in", "~>"] {
        assert_eq!(
            messages(&format!("{op}\n")),
            [at(1, 1, &format!("unexpected `{op}`"))],
            "{op}"
        );
    }
    let cases = [
        (") /./\n", 1, "unexpected `)`"),
        ("\"asd\n", 2, "unclosed string starting at 1:1"),
        (
            "@file {: mode => '0777' }\n",
            8,
            "missing the resource title before `:`",
        ),
        ("{ = }\n", 3, "unexpected `=`"),
        // An operator the parser took, then the end of the input: after the operator,
        // where Puppet says "Syntax error at end of input"; a prefix operator too.
        ("$x = 1 +\n", 9, "expected an expression after `+`"),
        ("!\n", 2, "expected an expression after `!`"),
    ];
    for (source, column, message) in cases {
        assert_eq!(messages(source), [at(1, column, message)], "{source:?}");
    }
}

#[test]
fn unclosed_strings_and_comments() {
    assert_eq!(
        one("$a = 1\n$b = 'abc\nnotice($b)\n"),
        at(2, 7, "unclosed string starting at 2:6")
    );
    assert_eq!(
        one("$a = \"abc ${x} d\n"),
        at(1, 7, "unclosed string starting at 1:6")
    );
    assert_eq!(
        one("$a = 1\n/* never closed\n$b = 2\n"),
        at(2, 1, "unclosed comment starting at 2:1")
    );
}

#[test]
fn resource_title_without_colon() {
    assert_eq!(
        one("file { '/tmp/x'\n  ensure => present,\n}\n"),
        at(1, 16, "missing `:` after the resource title")
    );
}

#[test]
fn attributes_without_a_comma_between_them() {
    assert_eq!(
        one("exec { 'sync':\n  command => '/bin/sync'\n  path    => '/bin',\n}\n"),
        at(3, 3, "missing `,` before `path`")
    );
}

#[test]
fn a_second_title_without_colon() {
    assert_eq!(
        one("file {\n  '/a': ensure => file;\n  '/b' ensure => file;\n}\n"),
        at(3, 8, "missing `:` after the resource title")
    );
}

#[test]
fn a_resource_title_without_its_brace() {
    assert_eq!(
        messages("package 'ntp':\n  ensure => installed,\n}\n")
            .first()
            .cloned(),
        Some(at(1, 9, "missing `{` before the resource title"))
    );
}

#[test]
fn trailing_semicolons() {
    let message = "unexpected `;` after the last statement: a `;` may only separate statements";
    assert_eq!(one("$a = 1\n$b = 2;\n"), at(2, 7, message));
    assert_eq!(one("if $x {\n  $a = 1;\n}\n"), at(2, 9, message));
}

#[test]
fn unexpected_tokens() {
    assert_eq!(one("$a = 1\n$c = $a ~ $b\n"), at(2, 9, "unexpected `~`"));
    assert_eq!(one("$h = {\n  'a' 1,\n}\n"), at(2, 7, "unexpected `1`"));
    assert_eq!(
        one("$a = 1 +\n"),
        at(1, 9, "expected an expression after `+`")
    );
    assert_eq!(
        one("$s = \"${}\"\n"),
        at(1, 9, "expected an expression after `${`")
    );
}

#[test]
fn puppet_wording_where_the_tree_shows_the_error() {
    assert_eq!(
        one("@$x\n"),
        at(
            1,
            1,
            "Virtual (@) can only be applied to a Resource Expression"
        )
    );
    assert_eq!(
        one("class 'foo' {\n}\n"),
        at(1, 7, "A quoted string is not valid as a name here")
    );
    assert_eq!(
        one("class foo inherits 'bar' {\n}\n"),
        at(1, 20, "A quoted string is not valid as a name here")
    );
    assert_eq!(
        one("class class {\n}\n"),
        at(1, 7, "'class' keyword not allowed at this location")
    );
}

#[test]
fn heredoc_without_end_tag() {
    assert_eq!(
        one("$config = @(END)\n  listen 80\n"),
        at(2, 1, "heredoc without end tag: no line ends with `END`")
    );
}

#[test]
fn messages_never_show_node_names() {
    let inputs = [
        "class {",
        "}",
        "$x = [",
        "file { 'a': ensure => }",
        "if { } else",
        "@@",
        "(((",
        "$a = 'x",
        "case $x { 1: }",
        "node { }",
        "$x.each |$a| {",
        "<| |>",
        "foo(,)",
    ];
    for input in inputs {
        for (_, _, m) in messages(input) {
            assert!(
                !m.contains("ERROR") && !m.contains("MISSING"),
                "{input:?}: {m}"
            );
            assert!(!m.is_empty(), "{input:?}");
        }
    }
}

/// A resource whose `{` was left out: written by hand, the error cascades over its body.
const MISSING_OPEN_BRACE: &str = "class demo {
  notify 'greeting':
    message  => 'hello',
    withpath => false,
    loglevel => info,
  }
}
";

#[test]
fn cascades_after_an_error_are_dropped_until_the_next_statement() {
    assert_eq!(
        messages(MISSING_OPEN_BRACE),
        [
            at(2, 10, "missing `{` before the resource title"),
            at(6, 3, "unexpected `}`")
        ]
    );
}

#[test]
fn independent_errors_at_the_same_level_are_all_reported() {
    let source = "$a = 1 ~ 2\n$b = [1 2]\n$c = )\n";
    let m = messages(source);
    let lines: Vec<usize> = m.iter().map(|(l, _, _)| *l).collect();
    assert_eq!(lines, [1, 2, 3], "{m:?}");
}

#[test]
fn the_cli_drops_cascades_of_the_lowering_too() {
    let dir = std::env::temp_dir().join(format!("rein-cascade-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::fs::write(dir.join("m.pp"), MISSING_OPEN_BRACE).expect("write");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_rein"))
        .args(["check", "--format", "concise", "m.pp"])
        .current_dir(&dir)
        .output()
        .expect("run rein");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "m.pp:2:10: error[syntax] missing `{` before the resource title\nm.pp:6:3: error[syntax] unexpected `}`\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
