//! The indentation of a line, for the fixes that move an attribute to a line of its own.

/// The whitespace that starts the line holding `offset`, when only whitespace precedes
/// `offset` on its line.
pub fn indent_before(source: &str, offset: usize) -> Option<&str> {
    let line_start = source.get(..offset)?.rfind('\n').map_or(0, |i| i + 1);
    let before = source.get(line_start..offset)?;
    before
        .chars()
        .all(|c| c == ' ' || c == '\t')
        .then_some(before)
}
