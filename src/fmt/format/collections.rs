//! Collections: arrays and hashes (and the `{ key => value }` entries that selectors share),
//! with aligned arrows when broken over lines.

use super::align::pad_marker;
use super::{cat, txt, Formatter};
use crate::fmt::doc::Doc;
use crate::syntax::ast::*;

impl<'a> Formatter<'a> {
    pub(super) fn array(&mut self, span: Span, items: &[Expr]) -> Doc {
        let close = span.end().saturating_sub(1);
        // Written on one line, it stays on one line if it fits, even with a trailing comma
        // (which is then dropped): that is how its author wrote it.
        let multi = self.has_newline(span.start(), close);
        let spans: Vec<Span> = items.iter().map(|k| k.span).collect();
        let l = self.list(span.start() + 1, &spans, close, false, |me, i| {
            items.get(i).map_or(cat(vec![]), |k| me.expr(k))
        });
        self.seq(l, "[", "]", multi, true, Doc::SoftLine)
    }

    pub(super) fn hash(&mut self, span: Span, entries: &[HashEntry]) -> Doc {
        let close = span.end().saturating_sub(1);
        let multi = self.has_newline(span.start(), close);
        let pairs: Vec<(&Expr, &Expr, Span)> = entries
            .iter()
            .map(|en| (&en.key, &en.value, en.span))
            .collect();
        self.pairs(span.start(), close, &pairs, multi, "=>")
    }

    /// `{ k => v, ... }` with aligned arrows when broken.
    pub(super) fn pairs(
        &mut self,
        open: usize,
        close: usize,
        pairs: &[(&Expr, &Expr, Span)],
        multi: bool,
        arrow: &str,
    ) -> Doc {
        let spans: Vec<Span> = pairs.iter().map(|p| p.2).collect();
        let mut keys: Vec<(Doc, usize)> = Vec::new();
        let l = self.list(open + 1, &spans, close, false, |me, i| {
            let Some((k, v, span)) = pairs.get(i) else {
                return cat(vec![]);
            };
            // `* => $x` in a hash is a nop pair (as Puppet has it): kept as written.
            if matches!((&k.kind, &v.kind), (ExprKind::Nop, ExprKind::Nop)) {
                return me.verbatim(*span);
            }
            // A key is aligned by its width on one line, so it stays on one line (even
            // when too wide for it): broken, it would be laid out another way the next
            // time. One that must break (written over lines, with a comment) is aligned
            // by its last line, which stays as it is.
            let kd = me.expr(k);
            let kd = if kd.forces_break() { kd } else { kd.flat() };
            let w = kd.flat_width();
            let vd = me.expr(v);
            keys.push((kd.clone(), w));
            cat(vec![
                kd,
                Doc::Text(format!("\u{0}{w}")),
                txt(format!(" {arrow} ")),
                vd,
            ])
        });
        let max = keys.iter().map(|k| k.1).max().unwrap_or(0);
        self.seq(
            l.map_docs(|d| pad_marker(d, max)),
            "{",
            "}",
            multi,
            true,
            Doc::Line,
        )
    }

    /// The entries of a hash written without braces (the last argument of a call).
    pub(super) fn synthetic_hash(&mut self, entries: &[HashEntry]) -> Doc {
        let mut v = Vec::new();
        for (i, en) in entries.iter().enumerate() {
            if i > 0 {
                v.push(txt(", "));
            }
            let k = self.expr(&en.key);
            let val = self.expr(&en.value);
            v.push(cat(vec![k, txt(" => "), val]));
        }
        cat(v)
    }
}
