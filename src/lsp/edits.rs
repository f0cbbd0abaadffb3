//! Text edits sent to the editor: one minimal edit between two versions of a document
//! (the lines both share at the start and the end left alone, so the cursor and marks stay
//! put), and the changed line blocks between two versions.

use lsp_types::TextEdit;

use super::position::{self, Encoding, Lines};
use crate::fmt::line_diff::line_ops;

/// The one edit that turns `old` into `new`, or `None` when they are the same.
pub fn replacement(old: &str, new: &str, enc: Encoding) -> Option<TextEdit> {
    if old == new {
        return None;
    }
    let x: Vec<&str> = old.split_inclusive('\n').collect();
    let y: Vec<&str> = new.split_inclusive('\n').collect();
    let pre = x.iter().zip(&y).take_while(|(a, b)| a == b).count();
    let max_suf = x.len().min(y.len()) - pre;
    let suf = x
        .iter()
        .rev()
        .zip(y.iter().rev())
        .take(max_suf)
        .take_while(|(a, b)| a == b)
        .count();
    let start: usize = x.iter().take(pre).map(|l| l.len()).sum();
    let end = old.len() - x.iter().rev().take(suf).map(|l| l.len()).sum::<usize>();
    let new_end = new.len() - y.iter().rev().take(suf).map(|l| l.len()).sum::<usize>();
    let new_start: usize = y.iter().take(pre).map(|l| l.len()).sum();
    Some(TextEdit::new(
        position::range(old, start, end, enc),
        new.get(new_start..new_end).unwrap_or("").to_string(),
    ))
}

/// The edits of the blocks of changed lines between `old` and `new` that touch the lines
/// `first..=last` of `old` (0-based), each block whole.
pub fn hunks_touching(
    old: &str,
    new: &str,
    first: usize,
    last: usize,
    enc: Encoding,
) -> Vec<TextEdit> {
    let x: Vec<&str> = old.split_inclusive('\n').collect();
    let y: Vec<&str> = new.split_inclusive('\n').collect();
    let ops = line_ops(&x, &y);
    let lines = Lines::new(old);
    let mut edits = Vec::new();
    // Current block: start line and byte offset in `old`, its end offset, inserted text.
    let mut block: Option<(usize, usize, usize, String)> = None;
    let (mut line, mut at) = (0usize, 0usize);
    let mut close = |block: &mut Option<(usize, usize, usize, String)>, line: usize| {
        if let Some((l0, s, e, text)) = block.take() {
            // A block of deleted lines l0..line; an insertion touches the line it is before.
            let l1 = line.max(l0 + 1) - 1;
            if l0 <= last && l1 >= first {
                edits.push(TextEdit::new(lines.range(s, e, enc), text));
            }
        }
    };
    for (tag, l) in ops {
        match tag {
            ' ' => {
                close(&mut block, line);
                line += 1;
                at += l.len();
            }
            '-' => {
                let b = block.get_or_insert((line, at, at, String::new()));
                line += 1;
                at += l.len();
                b.2 = at;
            }
            _ => {
                block
                    .get_or_insert((line, at, at, String::new()))
                    .3
                    .push_str(l);
            }
        }
    }
    close(&mut block, line);
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::Range;

    fn apply(old: &str, edits: &[TextEdit]) -> String {
        let mut s = old.to_string();
        for e in edits.iter().rev() {
            let a = position::offset(&s, e.range.start, Encoding::Utf16);
            let b = position::offset(&s, e.range.end, Encoding::Utf16);
            s.replace_range(a..b, &e.new_text);
        }
        s
    }

    #[test]
    fn one_minimal_edit_keeps_the_shared_lines() {
        let old = "a\nb\nc\nd\n";
        let new = "a\nB\nx\nd\n";
        let e = replacement(old, new, Encoding::Utf16).unwrap();
        assert_eq!(
            e.range,
            Range::new(
                lsp_types::Position::new(1, 0),
                lsp_types::Position::new(3, 0)
            )
        );
        assert_eq!(e.new_text, "B\nx\n");
        assert_eq!(apply(old, &[e]), new);
        assert_eq!(replacement(old, old, Encoding::Utf16), None);
        assert_eq!(
            apply("x", &[replacement("x", "", Encoding::Utf16).unwrap()]),
            ""
        );
    }

    #[test]
    fn only_the_blocks_touching_the_lines_are_edited() {
        let old = "a\nb\nc\nd\ne\n";
        let new = "A\nb\nc\nD\nE\nf\n";
        let edits = hunks_touching(old, new, 3, 3, Encoding::Utf16);
        assert_eq!(apply(old, &edits), "a\nb\nc\nD\nE\nf\n");
        let edits = hunks_touching(old, new, 0, 0, Encoding::Utf16);
        assert_eq!(apply(old, &edits), "A\nb\nc\nd\ne\n");
        assert_eq!(hunks_touching(old, new, 1, 2, Encoding::Utf16), []);
    }
}
