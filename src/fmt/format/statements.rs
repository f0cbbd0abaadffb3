//! Statements and blocks: the program, `{ ... }` bodies (runs of assignments with their
//! `=` aligned), `if`/`elsif`/`else`, `unless` and `case`.

use super::align::{marker_width, pad_marker};
use super::lists::{Lines, ListDocs, Slot};
use super::{cat, txt, Formatter};
use crate::fmt::doc::Doc;
use crate::syntax::ast::*;

/// The heredocs the parser reads opened on one line (its scanner keeps that many tags
/// pending until the line ends).
const HEREDOCS_PER_LINE: usize = 64;

impl<'a> Formatter<'a> {
    /// Formats the program, handing its document to `print` piece by piece, as the
    /// statements are formatted: each statement with its comments, or a run of assignments
    /// (their `=` share a column), then the comments after the last statement, then the
    /// final line break. Every piece after the first starts with the hard line before it
    /// (what [`crate::fmt::doc::Stream`] needs), so a file's document is never held whole.
    pub(crate) fn program_each(&mut self, p: &Program, print: &mut dyn FnMut(Doc)) {
        let spans: Vec<Span> = p.body.iter().map(|e| e.span).collect();
        let body: Vec<&Expr> = p.body.iter().collect();
        let mut joiner = Lines::default();
        let mut run: Vec<Slot> = Vec::new();
        // The program has no opening bracket: no comment trails one.
        let (_, dangling) = self.list_each(
            0,
            &spans,
            self.src.len(),
            true,
            |me, i| me.statement_of(&body, i),
            |_, s| {
                // Any statement other than an assignment ends a run of assignments.
                let ends_run = marker_width(&s.doc) == 0;
                run.push(s);
                if ends_run {
                    print_run(std::mem::take(&mut run), &mut joiner, print);
                }
            },
        );
        print_run(run, &mut joiner, print);
        for c in dangling {
            let mut out = Vec::new();
            joiner.dangling(c, &mut out);
            print(cat(out));
        }
        if joiner.started() {
            print(Doc::HardLine);
        }
    }

    pub(super) fn statements(&mut self, stmts: &[Expr], open_end: usize, close: usize) -> ListDocs {
        let spans: Vec<Span> = stmts
            .iter()
            .filter(|e| !matches!(e.kind, ExprKind::Nop))
            .map(|e| e.span)
            .collect();
        let real: Vec<&Expr> = stmts
            .iter()
            .filter(|e| !matches!(e.kind, ExprKind::Nop))
            .collect();
        let l = self.list(open_end, &spans, close, true, |me, i| {
            me.statement_of(&real, i)
        });
        align_assignments(l)
    }

    /// The statement `i` of `stmts`. Before a statement that starts with `-`, `*`, `/` or `{`, a
    /// `;` stays: on a line of its own, that would continue this one (`$x - 1`, `$x * [1]`,
    /// `1 /a/` read as divisions)
    /// or make it a resource title (`$x { ... }`).
    fn statement_of(&mut self, stmts: &[&Expr], i: usize) -> Doc {
        let Some(e) = stmts.get(i) else {
            return Doc::Concat(vec![]);
        };
        let d = self.statement(e);
        match stmts.get(i + 1) {
            Some(next) if self.s(next.span).starts_with(['-', '*', '{', '/']) => {
                cat(vec![d, txt(";")])
            }
            _ => d,
        }
    }

    /// A statement. An assignment leaves a `\0W` marker after its left side (`W` its
    /// width), so that a run of assignments can align their `=` ([`align_assignments`]).
    fn statement(&mut self, e: &Expr) -> Doc {
        // Formatting may join lines: a statement opening more heredocs than the parser
        // reads on one line is printed as written (where they parse).
        let opened = self
            .heredocs
            .partition_point(|(open, _)| open.start() < e.span.start())
            ..self
                .heredocs
                .partition_point(|(open, _)| open.start() < e.span.end());
        if opened.len() > HEREDOCS_PER_LINE {
            return self.verbatim(e.span);
        }
        let ExprKind::Assignment { op, lhs, rhs } = &e.kind else {
            return self.expr(e);
        };
        self.guarded(e.span, |me| {
            let l = me.expr(lhs);
            let l = me.one_line_if_it_fits(l);
            // A target that may still break (too wide for a line) is out of the `=` run.
            let marker = if l.can_break() {
                cat(vec![])
            } else {
                Doc::Text(format!("\u{0}{}", l.flat_width()))
            };
            let r = me.expr(rhs);
            cat(vec![l, marker, txt(format!(" {} ", op.as_str())), r])
        })
    }

    /// `{ ... }` block of statements.
    pub(super) fn body(&mut self, b: &Body) -> Doc {
        let open_end = b.span.start() + 1;
        let close = b.span.end().saturating_sub(1);
        self.depth += 1;
        let l = self.statements(&b.statements, open_end, close);
        self.depth -= 1;
        self.braced_lines(l, "{", "}", "", false)
    }

    pub(super) fn if_expr(&mut self, i: &IfExpr, kw: &str) -> Doc {
        let t = self.expr(&i.test);
        let b = self.body(&i.then_body);
        let mut v = vec![txt(format!("{kw} ")), t, txt(" "), b];
        if i.else_branch.is_some() {
            // Comments between `}` and `else`/`elsif` stay there (no cuddling then).
            let end = i.then_body.span.end();
            let kw_at = self.find_keyword(end, "els").unwrap_or(end);
            let between = self.comments_between(end, kw_at);
            if !between.is_empty() {
                v.extend(between);
                v.push(Doc::HardLine);
            } else {
                v.push(txt(" "));
            }
        }
        match &i.else_branch {
            None => {}
            Some(ElseBranch::Else(eb)) => {
                v.push(txt("else "));
                v.push(self.body(eb));
            }
            Some(ElseBranch::Elsif(e)) => {
                if let ExprKind::If(inner) = &e.kind {
                    let d = self.guarded(e.span, |me| me.if_expr(inner, "elsif"));
                    v.push(d);
                } else {
                    v.push(txt("elsif "));
                    v.push(self.verbatim(e.span));
                }
            }
        }
        cat(v)
    }

    pub(super) fn case(&mut self, span: Span, c: &CaseExpr) -> Doc {
        let t = self.expr(&c.test);
        let open = self.find_from(c.test.span.end(), '{').unwrap_or(span.end());
        let close = span.end().saturating_sub(1);
        let spans: Vec<Span> = c.options.iter().map(|o| o.span).collect();
        self.depth += 1;
        let l = self.list(open + 1, &spans, close, false, |me, i| {
            let Some(o) = c.options.get(i) else {
                return cat(vec![]);
            };
            let mut v = Vec::new();
            for (j, val) in o.values.iter().enumerate() {
                if j > 0 {
                    v.push(txt(", "));
                }
                v.push(me.expr(val));
            }
            v.push(txt(": "));
            v.push(me.body(&o.body));
            cat(v)
        });
        self.depth -= 1;
        cat(vec![
            txt("case "),
            t,
            txt(" "),
            self.braced_lines(l, "{", "}", "", false),
        ])
    }

    pub(super) fn unless(&mut self, u: &UnlessExpr) -> Doc {
        let t = self.expr(&u.test);
        let b = self.body(&u.then_body);
        let mut v = vec![txt("unless "), t, txt(" "), b];
        if let Some(eb) = &u.else_body {
            v.push(txt(" else "));
            v.push(self.body(eb));
        }
        cat(v)
    }
}

/// Aligns the `=` of a run of top-level statements and prints them one by one.
fn print_run(run: Vec<Slot>, joiner: &mut Lines, print: &mut dyn FnMut(Doc)) {
    let l = align_assignments(ListDocs {
        open_suffix: Vec::new(),
        slots: run,
        dangling: Vec::new(),
    });
    for s in l.slots {
        let mut out = Vec::new();
        joiner.slot(s, None, &mut out);
        print(cat(out));
    }
}

/// Aligns the `=` of each run of assignments in a statement list: one space after the
/// widest left side of the run. A run is broken by any other statement, not by comments
/// or blank lines, and an assignment whose value spans several lines takes part (what
/// most real code does; see `tests/fixtures/format/style/README.md`).
fn align_assignments(l: ListDocs) -> ListDocs {
    let widths: Vec<usize> = l.slots.iter().map(|s| marker_width(&s.doc)).collect();
    let mut max = vec![0; widths.len()];
    let mut start = 0;
    while start < widths.len() {
        let mut end = start;
        while widths.get(end).is_some_and(|w| *w > 0) {
            end += 1;
        }
        let m = widths.get(start..end).and_then(|r| r.iter().max()).copied();
        for x in max.iter_mut().take(end).skip(start) {
            *x = m.unwrap_or(0);
        }
        start = end + 1;
    }
    ListDocs {
        slots: l
            .slots
            .into_iter()
            .zip(max)
            .map(|(s, m)| Slot {
                doc: pad_marker(s.doc, m),
                ..s
            })
            .collect(),
        ..l
    }
}
