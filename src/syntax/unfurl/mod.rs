//! Unfurl's YAML processing, as far as the text goes: merge directive keys
//! ([`merge_key`]: `+include`, `+?include`, `+*anchor`, `+../path`, `+/absolute/path`) and
//! `eval` path expressions ([`expr`]). Both parsers read their text as Unfurl 1.2 does and
//! give byte ranges into it, for findings with columns. [`is_unfurl_document`] tells
//! Unfurl's documents from other YAML.

pub mod expr;
pub mod merge_key;

/// Where something is: byte offsets into the key's or the expression's text.
pub type Range = std::ops::Range<usize>;

/// Whether a problem stops Unfurl (or makes it read something else than what is written).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gravity {
    Error,
    Warning,
}

/// A problem of a key or an expression: where (byte offsets into its text), how bad, and
/// what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub at: Range,
    pub gravity: Gravity,
    pub message: String,
}
/// Whether a YAML document is one of Unfurl's (an ensemble, a project, a cloud map): its
/// top-level mapping has `apiVersion: unfurl/...` (`unfurl/v1alpha1` today).
pub fn is_unfurl_document(file: &crate::syntax::yaml::YamlFile) -> bool {
    file.root()
        .and_then(|r| r.get("apiVersion"))
        .and_then(|v| v.as_str())
        .is_some_and(|v| v.starts_with("unfurl/"))
}

/// Python's `str.isspace()`: Unicode whitespace and the ASCII separators.
pub(crate) fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

#[cfg(test)]
mod tests {
    /// Strings of the characters that matter to the parsers (and multibyte ones), from a
    /// fixed pseudo-random sequence.
    fn strings() -> impl Iterator<Item = String> {
        const ALPHABET: &[char] = &[
            '+',
            '?',
            '*',
            '.',
            '/',
            '~',
            '0',
            '1',
            '[',
            ']',
            ':',
            '=',
            '!',
            '$',
            ' ',
            'a',
            'é',
            '\u{1f600}',
            '\t',
            'i',
            'n',
            'c',
            'l',
            'u',
            'd',
            'e',
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        (0..20_000).map(move |_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 12) as usize;
            (0..len)
                .map(|i| ALPHABET[((seed >> (i * 5)) % ALPHABET.len() as u64) as usize])
                .collect()
        })
    }

    #[test]
    fn any_text_parses_with_problems_inside_it() {
        for s in strings() {
            for p in super::expr::parse(&s).problems {
                assert!(
                    p.at.start <= p.at.end && p.at.end <= s.len(),
                    "{s:?}: {p:?}"
                );
                assert!(
                    s.is_char_boundary(p.at.start) && s.is_char_boundary(p.at.end),
                    "{s:?}"
                );
            }
            let key = format!("+{s}");
            let kind = super::merge_key::parse(&key).expect("a + key");
            for p in super::merge_key::problems(&key, &kind) {
                assert!(
                    p.at.start <= p.at.end && p.at.end <= key.len(),
                    "{key:?}: {p:?}"
                );
                assert!(key.is_char_boundary(p.at.start) && key.is_char_boundary(p.at.end));
            }
        }
    }
}
