//! The comment cursor: comments taken in source order as leading (before an element) or
//! trailing (on the same line after it), and the verbatim fallback that prints a piece of
//! source as written, with its comments and heredoc bodies, when formatting it would move
//! a comment.

use super::strings::heredoc_body_text;
use super::{cat, txt, Formatter};
use crate::fmt::doc::Doc;
use crate::syntax::ast::*;

/// A comment attached before an element (with whether a blank line precedes it).
pub(super) struct Leading {
    pub(super) blank_before: bool,
    pub(super) doc: Doc,
    pub(super) text: String,
}

impl<'a> Formatter<'a> {
    /// The text of comment `i` as written.
    pub(super) fn comment_text(&self, i: usize) -> &'a str {
        self.comments.get(i).map_or("", |c| self.s(c.span))
    }

    /// The index in the file's comment table of the cursor's comment `i`.
    pub(super) fn comment_id(&self, i: usize) -> usize {
        self.ids.get(i).copied().unwrap_or(i)
    }

    /// The indices (in the file's comment table) of the comments inside `body`, a heredoc
    /// body printed as written.
    pub(super) fn body_comments(&self, body: Span) -> Vec<usize> {
        let first = self.all.partition_point(|c| c.span.start() < body.start());
        let last = self.all.partition_point(|c| c.span.start() < body.end());
        (first..last.max(first)).collect()
    }

    /// Comment `i` as a document (a line comment without its trailing blanks), and its text.
    pub(super) fn comment_doc(&self, i: usize) -> (Doc, String) {
        let c = self.comments.get(i);
        let t = self.comment_text(i);
        let t = if c.is_some_and(|c| c.kind == CommentKind::Line) {
            t.trim_end()
        } else {
            t
        };
        (
            Doc::Comment(self.comment_id(i), t.to_string()),
            t.to_string(),
        )
    }

    /// Where comment `i` starts (None past the last comment).
    pub(super) fn comment_start(&self, i: usize) -> Option<usize> {
        self.comments.get(i).map(|c| c.span.start())
    }

    /// Where comment `i` ends (0 past the last comment).
    pub(super) fn comment_end(&self, i: usize) -> usize {
        self.comments.get(i).map_or(0, |c| c.span.end())
    }

    /// Leading comments before `pos`, with blank-line flags relative to `prev_end`.
    pub(super) fn take_leading(&mut self, mut prev_end: usize, pos: usize) -> Vec<Leading> {
        let mut out = Vec::new();
        while let Some(st) = self.comment_start(self.next) {
            if st >= pos {
                break;
            }
            let (doc, text) = self.comment_doc(self.next);
            out.push(Leading {
                blank_before: self.blank_between(prev_end, st),
                doc,
                text,
            });
            prev_end = self.comment_end(self.next);
            self.next += 1;
        }
        out
    }

    /// Comments on the same line after `after`, before `limit`.
    pub(super) fn take_trailing(&mut self, after: usize, limit: usize) -> (Vec<Doc>, usize) {
        let mut out = Vec::new();
        let mut end = after;
        while let Some(st) = self.comment_start(self.next) {
            if st >= limit || self.has_newline(end, st) {
                break;
            }
            let (doc, _) = self.comment_doc(self.next);
            out.push(line_suffix(doc));
            end = self.comment_end(self.next);
            self.next += 1;
        }
        (out, end)
    }

    /// The comments between two pieces of code (`end` of the first, `next` the start of
    /// the second): those on the first piece's line as line suffixes, each other one on a
    /// line of its own. Empty when there is none.
    pub(super) fn comments_between(&mut self, end: usize, next: usize) -> Vec<Doc> {
        let (mut docs, _) = self.take_trailing(end, next);
        for c in self.take_leading(end, next) {
            docs.push(Doc::HardLine);
            docs.push(c.doc);
        }
        docs
    }

    /// Verbatim source for `span`, with its comments and the bodies of heredocs opened in it
    /// (without those of heredocs opened before it).
    pub(super) fn verbatim(&mut self, span: Span) -> Doc {
        let mut comments = Vec::new();
        while let Some(st) = self.comment_start(self.next) {
            if st >= span.end() {
                break;
            }
            comments.push(self.next);
            self.next += 1;
        }
        // The bodies of heredocs opened before the span are printed after their opening's
        // line, not again here.
        let mut text = String::new();
        let mut cur = span.start();
        let mut in_bodies = Vec::new();
        for (open, body) in &self.heredocs {
            if open.start() >= span.start() && body.end() <= span.end() {
                // A body written out with the text, and its comments with it.
                in_bodies.extend(self.body_comments(*body));
            }
            if open.start() < span.start() && body.start() >= cur && body.end() <= span.end() {
                text.push_str(self.s(Span::new(cur, body.start())));
                // The end of the body's last line with it.
                let newline = self
                    .src
                    .get(body.end()..)
                    .is_some_and(|r| r.starts_with('\n'));
                cur = (body.end() + usize::from(newline)).min(span.end());
            }
        }
        text.push_str(self.s(Span::new(cur, span.end())));
        let mut docs = Vec::new();
        // Comments before the span (left over by an enclosing element) are printed first.
        let mut inside = Vec::new();
        for i in comments {
            if self.comment_start(i).is_some_and(|st| st < span.start()) {
                let (d, _) = self.comment_doc(i);
                docs.push(d);
                docs.push(Doc::HardLine);
            } else {
                inside.push(self.comment_id(i));
            }
        }
        inside.extend(in_bodies);
        inside.sort_unstable();
        docs.push(Doc::Verbatim {
            text,
            comments: inside,
        });
        for (open, body) in self.heredocs.clone() {
            if open.start() >= span.start()
                && open.end() <= span.end()
                && body.start() >= span.end()
            {
                docs.push(Doc::Heredoc {
                    opener: String::new(),
                    body: heredoc_body_text(self.s(body)),
                    comments: self.body_comments(body),
                });
            }
        }
        cat(docs)
    }

    /// Formats with `f`; if a comment inside `span` was left unplaced, prints verbatim.
    pub(super) fn guarded(&mut self, span: Span, f: impl FnOnce(&mut Self) -> Doc) -> Doc {
        let saved = self.next;
        let doc = f(self);
        if self
            .comment_start(self.next)
            .is_some_and(|st| st < span.end())
        {
            self.next = saved;
            if std::env::var_os("REIN_FMT_DEBUG").is_some() {
                eprintln!("rein fmt: verbatim fallback at byte {}", span.start());
            }
            return self.verbatim(span);
        }
        doc
    }
}

/// A comment printed at the end of the current line, after a space.
pub(super) fn line_suffix(comment: Doc) -> Doc {
    Doc::LineSuffix(Box::new(cat(vec![txt(" "), comment])))
}
