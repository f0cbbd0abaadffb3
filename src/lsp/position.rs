//! Positions between the editor and rein: LSP counts lines from 0 and columns in code
//! units of the negotiated encoding (UTF-16 by default, UTF-8 or UTF-32 when the client
//! offers them); rein's findings count lines and columns from 1, columns in characters.
//! Conversions happen here, at the edge, against the document's text.

use lsp_types::{Position, PositionEncodingKind, Range};

use crate::syntax::source_map::LineIndex;

/// The encoding of columns agreed with the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16,
    Utf32,
}

impl Encoding {
    /// The first of the client's offered encodings that rein prefers (UTF-8, then
    /// UTF-32), else UTF-16, which every client supports.
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        let offered = offered.unwrap_or(&[]);
        if offered.contains(&PositionEncodingKind::UTF8) {
            Encoding::Utf8
        } else if offered.contains(&PositionEncodingKind::UTF32) {
            Encoding::Utf32
        } else {
            Encoding::Utf16
        }
    }

    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
            Encoding::Utf32 => PositionEncodingKind::UTF32,
        }
    }

    fn units(self, c: char) -> usize {
        match self {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
            Encoding::Utf32 => 1,
        }
    }
}

/// A document's text with the offsets where its lines start, for converting many
/// positions of one text (each conversion costs its line, not the text before it).
pub struct Lines<'a> {
    text: &'a str,
    index: LineIndex,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines {
            text,
            index: LineIndex::new(text),
        }
    }

    /// The 0-based line `line` (without its line break) and its byte offset; the end of
    /// the text for a line past the last.
    fn line(&self, line: usize) -> (usize, &'a str) {
        let Some(start) = self.index.line_start(line + 1) else {
            return (self.text.len(), "");
        };
        let rest = self.text.get(start..).unwrap_or("");
        let end = rest.find('\n').unwrap_or(rest.len());
        let l = rest.get(..end).unwrap_or("");
        (start, l.strip_suffix('\r').unwrap_or(l))
    }

    /// The byte offset of the LSP position `pos` (clamped to the line and the text).
    pub fn offset(&self, pos: Position, enc: Encoding) -> usize {
        let (start, line) = self.line(pos.line as usize);
        let mut units = 0;
        for (i, c) in line.char_indices() {
            if units >= pos.character as usize {
                return start + i;
            }
            units += enc.units(c);
        }
        start + line.len()
    }

    /// The LSP position of the byte offset `at` (floored to a character).
    pub fn position(&self, at: usize, enc: Encoding) -> Position {
        let text = self.text;
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let line = self.index.line(at).saturating_sub(1);
        let line_start = self.index.line_start(line + 1).unwrap_or(0);
        let col: usize = text
            .get(line_start..at)
            .unwrap_or("")
            .chars()
            .map(|c| enc.units(c))
            .sum();
        Position::new(line as u32, col as u32)
    }

    /// The LSP position of rein's 1-based `line` and 1-based character `column`.
    pub fn from_line_col(&self, line: usize, column: usize, enc: Encoding) -> Position {
        let l = line.saturating_sub(1);
        let (_, content) = self.line(l);
        let col: usize = content
            .chars()
            .take(column.saturating_sub(1))
            .map(|c| enc.units(c))
            .sum();
        Position::new(l as u32, col as u32)
    }

    /// The LSP range of the byte range `start..end`.
    pub fn range(&self, start: usize, end: usize, enc: Encoding) -> Range {
        Range::new(self.position(start, enc), self.position(end, enc))
    }
}

/// The byte offset in `text` of the LSP position `pos` (clamped to the line and the text).
pub fn offset(text: &str, pos: Position, enc: Encoding) -> usize {
    Lines::new(text).offset(pos, enc)
}

/// The LSP position of the byte offset `at` of `text` (floored to a character).
pub fn position(text: &str, at: usize, enc: Encoding) -> Position {
    Lines::new(text).position(at, enc)
}

/// The LSP range of the byte range `start..end` of `text`.
pub fn range(text: &str, start: usize, end: usize, enc: Encoding) -> Range {
    Lines::new(text).range(start, end, enc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_code_units_of_the_encoding() {
        let text = "a\n$é = '𝄞x'\n";
        let x = text.find('x').unwrap();
        assert_eq!(position(text, x, Encoding::Utf16), Position::new(1, 8));
        assert_eq!(position(text, x, Encoding::Utf32), Position::new(1, 7));
        assert_eq!(position(text, x, Encoding::Utf8), Position::new(1, 11));
        for enc in [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32] {
            assert_eq!(offset(text, position(text, x, enc), enc), x);
        }
        assert_eq!(
            Lines::new(text).from_line_col(2, 9, Encoding::Utf16),
            Position::new(1, 9)
        );
        // A position at a line's start, at the end, past the end.
        let lines = Lines::new(text);
        assert_eq!(lines.position(2, Encoding::Utf16), Position::new(1, 0));
        assert_eq!(lines.position(1, Encoding::Utf16), Position::new(0, 1));
        assert_eq!(
            lines.position(text.len(), Encoding::Utf16),
            Position::new(2, 0)
        );
        assert_eq!(lines.position(999, Encoding::Utf16), Position::new(2, 0));
        assert_eq!(
            offset(text, Position::new(9, 3), Encoding::Utf16),
            text.len()
        );
        assert_eq!(offset(text, Position::new(0, 99), Encoding::Utf16), 1);
    }
}
