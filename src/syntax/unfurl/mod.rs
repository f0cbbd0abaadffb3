//! Unfurl's YAML processing, as far as the text goes: merge directive keys
//! ([`merge_key`]: `+include`, `+?include`, `+*anchor`, `+../path`, `+/absolute/path`) and
//! `eval` path expressions ([`expr`]). Both parsers read their text as Unfurl 1.2 does and
//! give byte ranges into it, for findings with columns.

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

/// Python's `str.isspace()`: Unicode whitespace and the ASCII separators.
pub(crate) fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}
