//! How tokens and expectations are worded in messages: quoted tokens are shortened, an
//! expected node kind gets its article, a short list of expected tokens is appended.

/// At most this many characters of a token are quoted in a message.
pub(super) const MAX_TOKEN_CHARS: usize = 30;

/// `message`, then what was expected when that is a short list of tokens.
pub(super) fn with_expected(message: String, expected: &[String]) -> String {
    match expected {
        [one] => format!("{message}, expected `{one}`"),
        [a, b] => format!("{message}, expected `{a}` or `{b}`"),
        [a, b, c] => format!("{message}, expected `{a}`, `{b}` or `{c}`"),
        _ => message,
    }
}

/// "a variable", "a name", ... for a named node kind the parser expected.
pub(super) fn describe_kind(kind: &str) -> String {
    let words = kind.trim_start_matches('_').replace('_', " ");
    let article = match words.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    };
    format!("{article} {words}")
}

/// The text up to the first blank (skipped characters may run over several tokens).
pub(super) fn first_word(text: &str) -> &str {
    let text = text.trim_start();
    match text.find(char::is_whitespace) {
        Some(i) => text.get(..i).unwrap_or(text),
        None => text,
    }
}

/// A token for a message: first line only, at most [`MAX_TOKEN_CHARS`] characters.
pub(super) fn shorten(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    let mut out: String = line.chars().take(MAX_TOKEN_CHARS).collect();
    if line.chars().count() > MAX_TOKEN_CHARS || text.lines().nth(1).is_some() {
        out.push_str("...");
    }
    out
}

/// An EPP template's text as a message quotes it: `template text "..."`, escaped (it is
/// often only a newline), shortened.
pub(super) fn template_text(text: &str) -> String {
    let escaped: String = text.escape_debug().collect();
    let mut out: String = escaped.chars().take(MAX_TOKEN_CHARS).collect();
    if escaped.chars().count() > MAX_TOKEN_CHARS {
        out.push_str("...");
    }
    format!("template text \"{out}\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shorten_keeps_first_line() {
        assert_eq!(shorten("abc"), "abc");
        assert_eq!(shorten("abc\ndef"), "abc...");
        assert_eq!(shorten(&"x".repeat(40)), format!("{}...", "x".repeat(30)));
    }

    #[test]
    fn first_word_stops_at_blanks() {
        assert_eq!(first_word("include ::a\nfoo"), "include");
        assert_eq!(first_word("  ~ 1"), "~");
        assert_eq!(first_word(""), "");
    }

    #[test]
    fn describe_kind_uses_article() {
        assert_eq!(describe_kind("variable"), "a variable");
        assert_eq!(describe_kind("attribute_name"), "an attribute name");
    }
}
