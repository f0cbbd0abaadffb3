//! The comments of a YAML file, for `# lint:ignore:NAME` directives. The parser drops
//! comments, so they are found in the text: a `#` at the start of a line or after a space
//! or tab starts a comment (YAML's rule) unless it lies inside a scalar, whose text (quoted,
//! plain over several lines, or a block scalar's content) the tree gives by span.

use super::node::{Node, NodeKind};
use crate::syntax::ast::{Comment, CommentKind, Span};

/// The comments of `source`, whose parsed documents are `documents`, in order. Each spans
/// from its `#` to the end of its line (the line break excluded).
pub fn comments(source: &str, documents: &[Node]) -> Vec<Comment> {
    let mut scalars = Vec::new();
    for d in documents {
        d.walk(&mut |n| {
            if matches!(n.kind, NodeKind::Scalar(_)) {
                scalars.push(n.span);
            }
        });
    }
    scalars.sort_by_key(|s| s.start());
    let inside = |at: usize| {
        let i = scalars.partition_point(|s| s.start() <= at);
        i > 0 && scalars.get(i - 1).is_some_and(|s| at < s.end())
    };
    let bytes = source.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(found) = source.get(at..).and_then(|rest| rest.find('#')) {
        let hash = at + found;
        let after_blank =
            hash == 0 || matches!(bytes.get(hash - 1), Some(b' ' | b'\t' | b'\n' | b'\r'));
        if after_blank && !inside(hash) {
            let end = source
                .get(hash..)
                .and_then(|rest| rest.find(['\n', '\r']))
                .map_or(source.len(), |n| hash + n);
            out.push(Comment {
                kind: CommentKind::Line,
                span: Span::new(hash, end),
            });
            at = end;
        } else {
            at = hash + 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::parse;

    fn texts(source: &str) -> Vec<&str> {
        let file = parse(source);
        file.comments
            .iter()
            .map(|c| source.get(c.span.start()..c.span.end()).unwrap_or(""))
            .collect()
    }

    #[test]
    fn comments_are_found_outside_scalars_only() {
        let src = "# head\na: 1 # one\nb: 'x # ''n' # two\nc: a#b\nd: |\n  # text\n  more\ne: \"y\\\" #\n  # no\" #three\nf: [1, 2] # four\ng: !t &a 'z' #five\n";
        assert_eq!(
            texts(src),
            ["# head", "# one", "# two", "#three", "# four", "#five"]
        );
    }

    #[test]
    fn a_comment_ends_at_the_line_break() {
        assert_eq!(texts("a: 1 # x\r\nb: 2 #\n"), ["# x", "#"]);
    }
}
