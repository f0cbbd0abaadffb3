//! Unterminated tokens: strings, `/* */` comments and heredoc openings that run to the end
//! of the input, and the end tag a heredoc body waits for.

use super::context::Ctx;
use crate::syntax::parsed::SyntaxError;

impl<'s, 't> Ctx<'s, 't> {
    /// The end tag of the last heredoc opening `@(TAG...)` before `offset`.
    pub(super) fn heredoc_tag_before(&self, offset: usize) -> Option<String> {
        let before = self.text(0, offset);
        let open = before.rfind("@(")?;
        let rest = before.get(open + 2..)?;
        let end = rest.find([':', '/', ')'])?;
        let tag = rest.get(..end)?.trim().trim_matches('"').trim();
        Some(tag.to_string())
    }

    /// An unterminated string or comment starting at `start` (`text` runs from there to the
    /// end of the source). Its span is the unterminated token to the end of the input
    /// (trailing blanks left out): a comment from its `/*`, a string from just after its
    /// opening quote, where Puppet reports it (the first character it cannot close).
    pub(super) fn unterminated(&self, start: usize, text: &str) -> Option<SyntaxError> {
        let pos = self.pos(start);
        let end = self.meaningful_end();
        if let Some(rest) = text.strip_prefix("/*") {
            if !rest.contains("*/") {
                return Some(self.error(
                    start,
                    end.max(start + 2),
                    format!("unclosed comment starting at {pos}"),
                ));
            }
        }
        let quote = text.chars().next()?;
        if (quote == '\'' || quote == '"') && !has_closing_quote(text.get(1..).unwrap_or(""), quote)
        {
            let after_quote = start + 1;
            return Some(self.error(
                after_quote,
                end.max(after_quote),
                format!("unclosed string starting at {pos}"),
            ));
        }
        if text.starts_with("@(") && !text.contains(')') {
            return Some(self.error(
                start,
                end.max(start + 2),
                format!("unclosed heredoc opening `@(` at {pos}: expected `)`"),
            ));
        }
        None
    }
}

/// Does `text` (just after an opening `quote`) contain the closing quote, honouring
/// backslash escapes?
fn has_closing_quote(text: &str, quote: char) -> bool {
    let mut escaped = false;
    for c in text.chars() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == quote {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closing_quote_honours_escapes() {
        assert!(has_closing_quote("abc'", '\''));
        assert!(!has_closing_quote("abc\\'", '\''));
        assert!(has_closing_quote("a\\\\\"", '"'));
    }
}
