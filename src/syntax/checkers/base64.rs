//! The Base64 checker of Puppet's heredocs (`@(END:base64)`), as Puppet 7 runs it: the text
//! without line breaks, blanks and `?` (Puppet strips `[\r?\n[:blank:]]`) must decode with
//! Ruby's `Base64.strict_decode64`; when it does not, the message depends only on whether
//! the stripped text's length in bits is a multiple of six.

/// Puppet's message for `text`, or `None` when it is valid Base64.
pub fn base64_error(text: &str) -> Option<String> {
    let cleaned: String = text.chars().filter(|&c| !stripped(c)).collect();
    if strict_decodes(cleaned.as_bytes()) {
        return None;
    }
    Some(if !(cleaned.len() * 8).is_multiple_of(6) {
        "Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct"
            .to_string()
    } else {
        "Base64 syntax checker: Cannot parse invalid Base64 string - contains letters outside strict base 64 range (or whitespace)".to_string()
    })
}

/// The characters of Ruby's `/[\r?\n[:blank:]]/`: `\r`, `?`, `\n`, tab and the Unicode
/// space separators.
fn stripped(c: char) -> bool {
    matches!(
        c,
        '\r' | '?' | '\n' | '\t' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

/// The value of a Base64 letter.
fn sextet(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Whether Ruby's strict decoding (`unpack1("m0")`) accepts `b`: groups of four letters,
/// `=` padding only in the last group (`xx==` or `xxx=`), and no bits set that the padding
/// drops.
fn strict_decodes(b: &[u8]) -> bool {
    if !b.len().is_multiple_of(4) {
        return false;
    }
    let groups = b.len() / 4;
    for (n, group) in b.chunks(4).enumerate() {
        let last = n + 1 == groups;
        let values: Vec<Option<u8>> = group.iter().map(|&c| sextet(c)).collect();
        match (values.as_slice(), group) {
            ([Some(_), Some(_), Some(_), Some(_)], _) => {}
            ([Some(_), Some(b), None, None], [_, _, b'=', b'=']) if last => {
                if b & 0xf != 0 {
                    return false;
                }
            }
            ([Some(_), Some(_), Some(c), None], [_, _, _, b'=']) if last => {
                if c & 0x3 != 0 {
                    return false;
                }
            }
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::base64_error;

    const PADDING: &str =
        "Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct";
    const LETTERS: &str = "Base64 syntax checker: Cannot parse invalid Base64 string - contains letters outside strict base 64 range (or whitespace)";

    /// Verdicts of `Base64.strict_decode64` (Ruby 3.1) after Puppet's stripping.
    #[test]
    fn verdicts_are_rubys() {
        for ok in [
            "",
            "YQ==",
            "YWI=",
            "YWJj\nZA==\n",
            "  YW Jj\tZA==",
            "AB?CD",
            "YW\u{3000}Jj",
        ] {
            assert_eq!(base64_error(ok), None, "{ok:?}");
        }
        // The message says "padding" when the length in bits is not a multiple of six,
        // whatever is wrong.
        let cases = [
            ("YR==", PADDING),
            ("YWJ=", PADDING),
            ("YQ", PADDING),
            ("YQ=", LETTERS),
            ("Y===", PADDING),
            ("YQ==YQ==", PADDING),
            ("YW-_", PADDING),
            ("YW-_ZA==", PADDING),
            ("YWJjZA\n", LETTERS),
            ("YWJjZ\n", PADDING),
            ("!!!notbase64\n", LETTERS),
            ("AAAAAAAAAA=A", LETTERS),
            ("é", PADDING),
        ];
        for (text, want) in cases {
            assert_eq!(base64_error(text).as_deref(), Some(want), "{text:?}");
        }
    }
}
