//! Source map: byte offsets to 1-based line and column (columns count characters).

/// Line start offsets of a source text (32 bits, as the AST's spans: it is kept as long
/// as the parse).
#[derive(Clone, Debug, Default)]
pub struct LineIndex {
    line_starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(source: &str) -> LineIndex {
        let mut line_starts = vec![0];
        for (i, b) in source.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push((i + 1) as u32);
            }
        }
        line_starts.shrink_to_fit();
        LineIndex { line_starts }
    }

    /// 1-based line of a byte offset.
    pub fn line(&self, offset: usize) -> usize {
        let offset = u32::try_from(offset).unwrap_or(u32::MAX);
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i + 1,
            Err(i) => i,
        }
    }

    /// 1-based (line, column); the column counts characters, not bytes.
    pub fn line_col(&self, source: &str, offset: usize) -> (usize, usize) {
        let line = self.line(offset);
        let start = self
            .line_starts
            .get(line.saturating_sub(1))
            .map_or(0, |&s| s as usize);
        let end = offset.min(source.len()).max(start);
        let col = source
            .get(start..end)
            .map(|s| s.chars().count())
            .unwrap_or(end - start);
        (line, col + 1)
    }

    /// Byte offset where a 1-based line starts.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        self.line_starts
            .get(line.wrapping_sub(1))
            .map(|&s| s as usize)
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_are_one_based() {
        let src = "ab
çd
";
        let index = LineIndex::new(src);
        assert_eq!(index.line_col(src, 0), (1, 1));
        assert_eq!(index.line_col(src, 2), (1, 3));
        assert_eq!(index.line_col(src, 3), (2, 1));
        assert_eq!(index.line_col(src, 5), (2, 2));
        assert_eq!(index.line_col(src, 7), (3, 1));
        assert_eq!(index.line_col(src, 99), (3, 1));
        assert_eq!(index.line_count(), 3);
        assert_eq!(index.line_start(2), Some(3));
        assert_eq!(index.line_start(0), None);
    }
}
