//! Every file under `tests/fixtures/broken/` is a manifest with a syntax error Puppet
//! reports. Each must give at least one error at the right line, and, where the message is
//! fixed (Puppet's wording for lexical and post-parse errors, rein's own wording for
//! tree-sitter recovery), exactly that message.

use std::path::Path;

use rein::syntax::{parse_bytes, Severity};

/// (fixture, 1-based line of the first error, exact message of an error on that line).
const EXPECTED: &[(&str, usize, Option<&str>)] = &[
    ("unclosed_single_quote.pp", 2, Some("unclosed string starting at 2:13")),
    ("unclosed_double_quote.pp", 2, Some("unclosed string starting at 2:9")),
    ("unclosed_comment.pp", 2, Some("unclosed comment starting at 2:1")),
    ("bad_octal.pp", 3, Some("Not a valid octal number 0789")),
    ("bad_hex.pp", 1, Some("Not a valid hex number 0xG1")),
    ("bad_decimal.pp", 2, Some("Not a valid decimal number 1e")),
    ("illegal_number.pp", 1, Some("Illegal number '1a'")),
    ("heredoc_without_end_tag.pp", 2, None),
    (
        "heredoc_bad_syntax.pp",
        1,
        Some("Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])"),
    ),
    (
        "heredoc_bad_escape.pp",
        1,
        Some("Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got 'x'"),
    ),
    (
        "heredoc_repeated_escape.pp",
        1,
        Some("An escape char for @() may only appear once. Got 't, t'"),
    ),
    ("heredoc_empty_tag.pp", 1, Some("Heredoc with an empty endtag")),
    ("heredoc_unclosed_paren.pp", 2, None),
    ("heredoc_without_lines.pp", 2, None),
    ("missing_colon.pp", 1, Some("missing `:` after the resource title")),
    (
        "unclosed_brace.pp",
        7,
        Some("expected `}` to close the class body opened at 1:21"),
    ),
    (
        "bom.pp",
        1,
        Some("Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source"),
    ),
    ("invalid_utf8.pp", 3, None),
    (
        "trailing_semicolon.pp",
        2,
        Some("unexpected `;` after the last statement: a `;` may only separate statements"),
    ),
    (
        "trailing_semicolon_in_block.pp",
        2,
        Some("unexpected `;` after the last statement: a `;` may only separate statements"),
    ),
    ("illegal_class_reference.pp", 2, Some("Illegal class reference")),
    ("illegal_fully_qualified_name.pp", 2, Some("Illegal fully qualified name")),
    ("unexpected_character.pp", 2, Some("unexpected `~`")),
    ("comma_separated_list.pp", 2, Some("illegal comma separated argument list")),
    (
        "argument_list_without_parentheses.pp",
        2,
        Some("attempt to pass argument list to the function 'lookup' which cannot be called without parentheses"),
    ),
    (
        "virtual_non_resource.pp",
        2,
        Some("Virtual (@) can only be applied to a Resource Expression"),
    ),
    (
        "titleless_plus_arrow.pp",
        2,
        Some("Syntax error resource body without title or hash with +>"),
    ),
    (
        "illegal_fully_qualified_class_reference.pp",
        2,
        Some("Illegal fully qualified class reference"),
    ),
    (
        "exported_non_resource.pp",
        2,
        Some("Exported (@@) can only be applied to a Resource Expression"),
    ),
    (
        "quoted_parent_class.pp",
        2,
        Some("A quoted string is not valid as a name here"),
    ),
    (
        "unicode_escape_beyond_range.pp",
        2,
        Some("invalid byte sequence in UTF-8"),
    ),
    (
        "not_a_resource.pp",
        2,
        Some("Expression is not valid as a resource, resource-default, or resource-override"),
    ),
    (
        "class_keyword_as_name.pp",
        1,
        Some("'class' keyword not allowed at this location"),
    ),
    (
        "quoted_class_name.pp",
        2,
        Some("A quoted string is not valid as a name here"),
    ),
    ("elsif_after_unless.pp", 3, Some("unexpected `elsif`")),
    (
        "unclosed_parenthesis.pp",
        2,
        Some("expected `)` to close the argument list opened at 2:7"),
    ),
    (
        "unclosed_bracket.pp",
        2,
        Some("expected `]` to close the array opened at 1:9"),
    ),
    ("hash_missing_arrow.pp", 2, Some("unexpected `1`")),
    (
        "empty_interpolation.pp",
        2,
        Some("expected an expression after `${`"),
    ),
    (
        "missing_operand.pp",
        2,
        Some("expected an expression after `+`"),
    ),
    (
        "two_errors.pp",
        5,
        Some("expected an expression after `=`"),
    ),
    ("case_option_trailing_comma.pp", 2, None),
    ("lone_operator.pp", 2, Some("unexpected `==`")),
    (
        "colon_without_title.pp",
        2,
        Some("missing the resource title before `:`"),
    ),
];

fn fixture_dir() -> &'static Path {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/broken"
    ))
}

#[test]
fn every_broken_fixture_reports_an_error_at_the_right_line() {
    let mut failures = Vec::new();
    for (name, line, message) in EXPECTED {
        let path = fixture_dir().join(name);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let parsed = parse_bytes(&bytes);
        let errors: Vec<(usize, &str)> = parsed
            .errors
            .iter()
            .filter(|e| e.severity == Severity::Error)
            .map(|e| {
                let (l, _) = parsed.line_index.line_col(&parsed.source, e.span.start());
                (l, e.message.as_str())
            })
            .collect();
        let first_line = errors.iter().map(|(l, _)| *l).min();
        if first_line != Some(*line) {
            failures.push(format!(
                "{name}: first error expected on line {line}, got {errors:?}"
            ));
            continue;
        }
        if let Some(m) = message {
            if !errors.iter().any(|(l, msg)| l == line && msg == m) {
                failures.push(format!(
                    "{name}: expected `{m}` on line {line}, got {errors:?}"
                ));
            }
        }
        for (_, msg) in &errors {
            if msg.contains("ERROR") || msg.contains("MISSING") {
                failures.push(format!("{name}: message shows a tree-sitter node: {msg}"));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_broken_fixture_is_listed() {
    let mut names: Vec<String> = std::fs::read_dir(fixture_dir())
        .expect("fixture dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pp"))
        .collect();
    names.sort();
    let mut listed: Vec<String> = EXPECTED.iter().map(|(n, _, _)| n.to_string()).collect();
    listed.sort();
    assert_eq!(names, listed);
}
