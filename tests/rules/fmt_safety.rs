//! The formatter's safety check (`rein::fmt::check_equivalent`): a changed syntax tree, a
//! lost or changed comment, or output that does not parse is refused with a message
//! naming the first difference.

use rein::fmt::{check_equivalent, format_source, FormatConfig, FormatError};
use rein::syntax;

fn check(input: &str, output: &str) -> Result<(), FormatError> {
    let parsed = syntax::parse(input);
    check_equivalent(&parsed, output)
}

#[test]
fn same_meaning_passes() {
    assert_eq!(check("$a = \"x\"\n# c\n", "$a = 'x'\n# c\n"), Ok(()));
    assert_eq!(check("notice(\"$a\")\n", "notice(\"${a}\")\n"), Ok(()));
}

#[test]
fn changed_tree_is_refused() {
    assert_eq!(
        check("$a = 1\n", "$a = 2\n"),
        Err(FormatError::Internal(
            "formatting changed the syntax tree: before `(= (var \"a\") 1)`, after `(= (var \"a\") 2)`"
                .to_string()
        ))
    );
}

#[test]
fn braces_around_an_access_are_refused() {
    // `"$a[1]"` is `$a` then the text `[1]`; `"${a[1]}"` is an access.
    let r = check("notice(\"$a[1]\")\n", "notice(\"${a[1]}\")\n");
    assert!(
        matches!(r, Err(FormatError::Internal(ref m)) if m.starts_with("formatting changed the syntax tree")),
        "{r:?}"
    );
}

#[test]
fn lost_comment_is_refused() {
    assert_eq!(
        check("$a = 1 # one\n# two\n", "$a = 1 # one\n"),
        Err(FormatError::Internal(
            "formatting changed comment 2: before \"# two\", after \"(none)\"".to_string()
        ))
    );
}

#[test]
fn output_that_does_not_parse_is_refused() {
    let r = check("$a = 1\n", "$a = \n");
    assert!(
        matches!(r, Err(FormatError::Internal(ref m)) if m.starts_with("formatted output does not parse (1:")),
        "{r:?}"
    );
}

#[test]
fn syntax_error_in_input_is_reported() {
    let r = format_source("class {\n", &FormatConfig::default(), true);
    assert!(
        matches!(r, Err(FormatError::Syntax { line: 1, .. })),
        "{r:?}"
    );
}

#[test]
fn double_quotes_with_escapes_or_quotes_are_kept() {
    let cfg = FormatConfig::default();
    let src = "$a = \"tab\\t\"\n$b = \"it's\"\n$c = \"$x\"\n$d = \"$x[1]\"\n$e = \"plain\"\n";
    assert_eq!(
        format_source(src, &cfg, true).unwrap(),
        "$a = \"tab\\t\"\n$b = \"it's\"\n$c = \"${x}\"\n$d = \"${x}[1]\"\n$e = 'plain'\n"
    );
}

#[test]
fn empty_and_comment_only_files() {
    let cfg = FormatConfig::default();
    assert_eq!(format_source("", &cfg, true).unwrap(), "");
    assert_eq!(format_source("\n\n  \n", &cfg, true).unwrap(), "");
    assert_eq!(
        format_source("\n\n# c  \n\n\n", &cfg, true).unwrap(),
        "# c\n"
    );
}

#[test]
fn verified_formatting_compares_comments_of_the_input_text() {
    // The safety check keeps only the input's PN and comment spans once the input is
    // formatted; the spans are read in the text that was parsed (LF for a CRLF file).
    let cfg = FormatConfig::default();
    assert_eq!(
        format_source("$a=1   # one  \r\n# two\r\n$b = [1,2]\r\n", &cfg, true),
        Ok("$a = 1 # one\r\n# two\r\n$b = [1, 2]\r\n".to_string())
    );
    assert_eq!(
        format_source("$a=1   # one\n\n\n# two\n", &cfg, true),
        Ok("$a = 1 # one\n\n# two\n".to_string())
    );
}
