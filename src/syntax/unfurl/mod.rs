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
