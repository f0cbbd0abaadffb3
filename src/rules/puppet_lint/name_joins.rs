//! Whether a character next to a fix's replacement would join it: a fix that unquotes a
//! string (`'false'` into `false`, `"$x"` into `$x`) loses the quote that kept the word or
//! variable apart from its neighbours, so it adds a space where one would continue the
//! name (`5'false'` into the bad number `5false`, `"$x"erver` into `$xerver`).

/// Whether `c`, written right next to a bare word or variable, would continue its name:
/// a letter, digit, `_` or `:` (a `::` namespace), or one of `also` (what else joins on
/// that side: `-` after a bare word, `$` or `@` before one).
pub fn joins_name(c: Option<char>, also: &[char]) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':' || also.contains(&c))
}

#[cfg(test)]
mod tests {
    use super::joins_name;

    #[test]
    fn letters_digits_underscores_colons_and_the_extra_characters_join() {
        for c in ['a', 'Z', '7', '_', ':', 'é'] {
            assert!(joins_name(Some(c), &[]), "{c}");
        }
        for c in [' ', '-', ',', ')', '$', '\n'] {
            assert!(!joins_name(Some(c), &[]), "{c}");
        }
        assert!(joins_name(Some('-'), &['-']));
        assert!(!joins_name(None, &['-']));
    }
}
