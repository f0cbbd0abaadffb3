//! Writing values as Puppet strings, for the fixes that quote a bare word or rewrite a
//! string.

/// `value` as a single-quoted Puppet string. In single quotes only `\\` and `\'` are
/// escapes, so a backslash is doubled only before `\`, `'` or the closing quote.
pub fn single_quoted(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('\'');
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        let escape = match c {
            '\'' => true,
            '\\' => matches!(chars.peek(), None | Some('\\' | '\'')),
            _ => false,
        };
        if escape {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('\'');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        assert_eq!(single_quoted("a'b\\c"), "'a\\'b\\c'");
        assert_eq!(single_quoted("C:\\temp\\"), "'C:\\temp\\\\'");
        assert_eq!(single_quoted("a\\\\b\\'"), "'a\\\\\\b\\\\\\''");
        for v in ["a'b\\c", "C:\\temp\\", "a\\\\b\\'", "\\", "x\\q"] {
            assert_eq!(
                crate::syntax::strings::decode_single_quoted(
                    single_quoted(v)
                        .strip_prefix('\'')
                        .and_then(|s| s.strip_suffix('\''))
                        .unwrap()
                ),
                v
            );
        }
    }
}
