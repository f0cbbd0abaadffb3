//! AST → document: one formatting function per node kind, with comment attachment.
//!
//! Comments are taken from the file's comment table in source order through a cursor.
//! A list (statements, attributes, hash entries, array elements, arguments, parameters)
//! attaches each comment before an element as a leading comment, a comment on the same
//! line after an element as a trailing comment, a comment on the opening bracket's line
//! as a suffix of the opener, and the rest before the closing bracket as dangling
//! comments. Any element whose formatting leaves a comment inside it unplaced (say
//! between an operator and its operand) is printed verbatim instead, so no comment is
//! ever lost or moved across code it cannot be moved across.

use crate::fmt::doc::Doc;
use crate::syntax::ast::*;
use crate::syntax::ParsedFile;

pub(crate) struct Formatter<'a> {
    src: &'a str,
    comments: &'a [Comment],
    /// Index of the next comment not yet attached.
    next: usize,
    /// Heredoc openings and their body spans, in source order.
    heredocs: Vec<(Span, Span)>,
    #[allow(dead_code)]
    width: usize,
}

/// A comment attached before an element (with whether a blank line precedes it).
struct Leading {
    blank_before: bool,
    doc: Doc,
    text: String,
}

struct Slot {
    leading: Vec<Leading>,
    blank_before: bool,
    doc: Doc,
    trailing: Vec<Doc>,
}

struct ListDocs {
    open_suffix: Vec<Doc>,
    slots: Vec<Slot>,
    dangling: Vec<Leading>,
}

impl ListDocs {
    fn has_comments(&self) -> bool {
        !self.open_suffix.is_empty()
            || !self.dangling.is_empty()
            || self
                .slots
                .iter()
                .any(|s| !s.leading.is_empty() || !s.trailing.is_empty())
    }
}

fn cat(v: Vec<Doc>) -> Doc {
    Doc::Concat(v)
}

fn txt(s: impl Into<String>) -> Doc {
    Doc::Text(s.into())
}

impl<'a> Formatter<'a> {
    pub(crate) fn new(file: &'a ParsedFile, width: usize) -> Formatter<'a> {
        let mut heredocs = Vec::new();
        for e in &file.program.body {
            collect_heredocs(e, &mut heredocs);
        }
        heredocs.sort();
        Formatter {
            src: &file.source,
            comments: &file.comments,
            next: 0,
            heredocs,
            width,
        }
    }

    fn s(&self, span: Span) -> &'a str {
        self.src.get(span.start()..span.end()).unwrap_or("")
    }

    fn has_newline(&self, a: usize, b: usize) -> bool {
        if a >= b {
            return false;
        }
        self.segments(a, b)
            .iter()
            .any(|&(x, y)| self.src.get(x..y).is_some_and(|t| t.contains('\n')))
    }

    /// The parts of `[a, b)` outside heredoc bodies.
    fn segments(&self, a: usize, b: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut cur = a;
        for (_, body) in &self.heredocs {
            if body.end() <= cur || body.start() >= b {
                continue;
            }
            if body.start() > cur {
                out.push((cur, body.start()));
            }
            cur = cur.max(body.end());
        }
        if cur < b {
            out.push((cur, b));
        }
        out
    }

    /// Whether a blank line separates `a` and `b` (heredoc bodies do not count).
    fn blank_between(&self, a: usize, b: usize) -> bool {
        if a >= b {
            return false;
        }
        self.segments(a, b)
            .iter()
            .any(|&(x, y)| self.src.get(x..y).is_some_and(has_blank_line))
    }

    fn comment_doc(&self, i: usize) -> (Doc, String) {
        let c = self.comments.get(i);
        let t = c.map_or("", |c| self.s(c.span));
        let t = if c.is_some_and(|c| c.kind == CommentKind::Line) {
            t.trim_end()
        } else {
            t
        };
        (Doc::Comment(i, t.to_string()), t.to_string())
    }

    fn comment_start(&self, i: usize) -> Option<usize> {
        self.comments.get(i).map(|c| c.span.start())
    }

    fn comment_end(&self, i: usize) -> usize {
        self.comments.get(i).map_or(0, |c| c.span.end())
    }

    /// Leading comments before `pos`, with blank-line flags relative to `prev_end`.
    fn take_leading(&mut self, mut prev_end: usize, pos: usize) -> Vec<Leading> {
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
    fn take_trailing(&mut self, after: usize, limit: usize) -> (Vec<Doc>, usize) {
        let mut out = Vec::new();
        let mut end = after;
        while let Some(st) = self.comment_start(self.next) {
            if st >= limit || self.has_newline(end, st) {
                break;
            }
            let (doc, _) = self.comment_doc(self.next);
            out.push(Doc::LineSuffix(Box::new(cat(vec![txt(" "), doc]))));
            end = self.comment_end(self.next);
            self.next += 1;
        }
        (out, end)
    }

    /// Verbatim source for `span`, with its comments and the bodies of heredocs opened in it.
    fn verbatim(&mut self, span: Span) -> Doc {
        let mut comments = Vec::new();
        while let Some(st) = self.comment_start(self.next) {
            if st >= span.end() {
                break;
            }
            comments.push(self.next);
            self.next += 1;
        }
        let text = self.s(span).to_string();
        let mut docs = Vec::new();
        // Comments before the span (left over by an enclosing element) are printed first.
        let mut inside = Vec::new();
        for i in comments {
            if self.comment_start(i).is_some_and(|st| st < span.start()) {
                let (d, _) = self.comment_doc(i);
                docs.push(d);
                docs.push(Doc::HardLine);
            } else {
                inside.push(i);
            }
        }
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
                });
            }
        }
        cat(docs)
    }

    /// Formats with `f`; if a comment inside `span` was left unplaced, prints verbatim.
    fn guarded(&mut self, span: Span, f: impl FnOnce(&mut Self) -> Doc) -> Doc {
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

    /// Attaches comments to the elements of a list and formats them.
    fn list(
        &mut self,
        open_end: usize,
        spans: &[Span],
        close: usize,
        statements: bool,
        mut f: impl FnMut(&mut Self, usize) -> Doc,
    ) -> ListDocs {
        let mut open_suffix = Vec::new();
        while let Some(st) = self.comment_start(self.next) {
            if open_end == 0 || st < open_end || st >= close || self.has_newline(open_end, st) {
                break;
            }
            let first = spans.first().map_or(close, |s| s.start());
            if st >= first {
                break;
            }
            let (doc, _) = self.comment_doc(self.next);
            open_suffix.push(Doc::LineSuffix(Box::new(cat(vec![txt(" "), doc]))));
            self.next += 1;
        }
        let mut prev_end = open_end;
        let mut slots = Vec::new();
        let mut i = 0;
        while i < spans.len() {
            let span = spans.get(i).copied().unwrap_or_default();
            let mut leading = self.take_leading(prev_end, span.start());
            let blank_before = !slots.is_empty()
                && leading.is_empty()
                && self.blank_between(prev_end, span.start());
            let code_blank = !leading.is_empty()
                && self.blank_between(self.comment_end(self.next.saturating_sub(1)), span.start());
            if statements {
                if let Some(pos) = leading.iter().position(|l| l.text.trim() == "# fmt: off") {
                    // Verbatim region up to `# fmt: on` (or the end of the list).
                    let after: Vec<Leading> = leading.split_off(pos);
                    self.next -= after.len();
                    let off_start = self.comment_start(self.next).unwrap_or(span.start());
                    let mut end = spans.last().map_or(span.end(), |s| s.end());
                    let mut k = self.next + 1;
                    while let Some(st) = self.comment_start(k) {
                        if st >= close {
                            break;
                        }
                        let t = self.s(self.comments.get(k).map_or(Span::default(), |c| c.span));
                        if t.trim() == "# fmt: on" {
                            end = self.comment_end(k);
                            break;
                        }
                        k += 1;
                    }
                    let end = end.max(span.end());
                    let doc = self.verbatim(Span::new(off_start, end));
                    let blank = after.first().is_some_and(|l| l.blank_before);
                    while spans.get(i).is_some_and(|s| s.start() < end) {
                        i += 1;
                    }
                    let limit = spans.get(i).map_or(close, |s| s.start());
                    let (trailing, tend) = self.take_trailing(end, limit);
                    slots.push(Slot {
                        leading,
                        blank_before: blank,
                        doc,
                        trailing,
                    });
                    prev_end = tend.max(end);
                    continue;
                }
            }
            let skip_lead = statements
                && leading
                    .last()
                    .is_some_and(|l| l.text.trim() == "# fmt: skip");
            let skip_trail = statements
                && self.comment_start(self.next).is_some_and(|st| {
                    st >= span.end()
                        && !self.has_newline(span.end(), st)
                        && self
                            .s(self
                                .comments
                                .get(self.next)
                                .map_or(Span::default(), |c| c.span))
                            .trim()
                            == "# fmt: skip"
                });
            let doc = if skip_lead || skip_trail {
                self.verbatim(span)
            } else {
                let idx = i;
                self.guarded(span, |me| f(me, idx))
            };
            let doc = if code_blank {
                cat(vec![Doc::HardLine, doc])
            } else {
                doc
            };
            let limit = spans.get(i + 1).map_or(close, |s| s.start());
            let (trailing, end) = self.take_trailing(span.end(), limit);
            slots.push(Slot {
                leading,
                blank_before,
                doc,
                trailing,
            });
            prev_end = end.max(span.end());
            i += 1;
        }
        let dangling = self.take_leading(prev_end, close);
        ListDocs {
            open_suffix,
            slots,
            dangling,
        }
    }

    /// Lays out a list one element per line: `sep` after each element (not after the last
    /// when `last_sep` is false); no leading or trailing newline.
    fn lines(&self, l: ListDocs, sep: &str, last_sep: bool) -> Doc {
        let mut out = Vec::new();
        let n = l.slots.len();
        let mut first = true;
        for (i, s) in l.slots.into_iter().enumerate() {
            let has_leading = !s.leading.is_empty();
            for (j, c) in s.leading.into_iter().enumerate() {
                if !first {
                    out.push(Doc::HardLine);
                    if c.blank_before || (j == 0 && s.blank_before) {
                        out.push(Doc::HardLine);
                    }
                }
                first = false;
                out.push(c.doc);
            }
            if !first {
                out.push(Doc::HardLine);
                if s.blank_before && !has_leading {
                    out.push(Doc::HardLine);
                }
            }
            first = false;
            out.push(s.doc);
            if i + 1 < n || last_sep {
                out.push(txt(sep));
            }
            out.extend(s.trailing);
        }
        for c in l.dangling {
            if !first {
                out.push(Doc::HardLine);
                if c.blank_before {
                    out.push(Doc::HardLine);
                }
            }
            first = false;
            out.push(c.doc);
        }
        cat(out)
    }

    // ---------------------------------------------------------------- program / bodies

    pub(crate) fn program(&mut self, p: &Program) -> Doc {
        let spans: Vec<Span> = p.body.iter().map(|e| e.span).collect();
        let body = &p.body;
        let l = self.list(0, &spans, self.src.len(), true, |me, i| {
            body.get(i).map_or(Doc::Concat(vec![]), |e| me.expr(e))
        });
        let mut docs = l.open_suffix.clone();
        let l = ListDocs {
            open_suffix: Vec::new(),
            ..l
        };
        let empty = l.slots.is_empty() && l.dangling.is_empty();
        docs.push(self.lines(l, "", false));
        if !empty {
            docs.push(Doc::HardLine);
        }
        cat(docs)
    }

    fn statements(&mut self, stmts: &[Expr], open_end: usize, close: usize) -> ListDocs {
        let spans: Vec<Span> = stmts
            .iter()
            .filter(|e| !matches!(e.kind, ExprKind::Nop))
            .map(|e| e.span)
            .collect();
        let real: Vec<&Expr> = stmts
            .iter()
            .filter(|e| !matches!(e.kind, ExprKind::Nop))
            .collect();
        self.list(open_end, &spans, close, true, |me, i| {
            real.get(i).map_or(Doc::Concat(vec![]), |e| me.expr(e))
        })
    }

    /// `{ ... }` block of statements.
    fn body(&mut self, b: &Body) -> Doc {
        let open_end = b.span.start() + 1;
        let close = b.span.end().saturating_sub(1);
        let l = self.statements(&b.statements, open_end, close);
        self.braced_lines(l, "{", "}", "", false)
    }

    /// `open` + elements one per line + `close`; `{}` style when empty.
    fn braced_lines(
        &self,
        mut l: ListDocs,
        open: &str,
        close: &str,
        sep: &str,
        last_sep: bool,
    ) -> Doc {
        if l.slots.is_empty() && l.dangling.is_empty() && l.open_suffix.is_empty() {
            return txt(format!("{open}{close}"));
        }
        let suffix = std::mem::take(&mut l.open_suffix);
        let has_items = !(l.slots.is_empty() && l.dangling.is_empty());
        let mut v = vec![txt(open)];
        v.extend(suffix);
        if has_items {
            v.push(Doc::indent(cat(vec![
                Doc::HardLine,
                self.lines(l, sep, last_sep),
            ])));
        }
        v.push(Doc::HardLine);
        v.push(txt(close));
        cat(v)
    }

    // ---------------------------------------------------------------- expressions

    pub(crate) fn expr(&mut self, e: &Expr) -> Doc {
        let span = e.span;
        self.guarded(span, |me| me.expr_inner(e))
    }

    fn expr_inner(&mut self, e: &Expr) -> Doc {
        match &e.kind {
            ExprKind::Nop => cat(vec![]),
            ExprKind::String {
                style: StringStyle::Double,
                ..
            } => {
                let raw = self.s(e.span);
                let inner = raw
                    .strip_prefix('"')
                    .and_then(|r| r.strip_suffix('"'))
                    .unwrap_or(raw);
                if raw.len() >= 2 && raw.starts_with('"') && !inner.contains(['$', '\\', '\'', '"'])
                {
                    txt(format!("'{inner}'"))
                } else {
                    txt(raw)
                }
            }
            ExprKind::Concat(parts) => txt(self.concat(e.span, parts)),
            ExprKind::Heredoc(h) => {
                if h.text.span.is_empty() {
                    return self.verbatim(e.span);
                }
                Doc::Heredoc {
                    opener: self.s(h.opening).to_string(),
                    body: heredoc_body_text(self.s(h.text.span)),
                }
            }
            ExprKind::Integer { .. }
            | ExprKind::Float(_)
            | ExprKind::String { .. }
            | ExprKind::Boolean(_)
            | ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Regex { .. }
            | ExprKind::Reserved(_)
            | ExprKind::QualifiedName(_)
            | ExprKind::QualifiedReference(_)
            | ExprKind::Variable(_) => txt(self.s(e.span)),
            ExprKind::Array(items) => self.array(e.span, items),
            ExprKind::Hash { entries, synthetic } => {
                if *synthetic {
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
                } else {
                    self.hash(e.span, entries)
                }
            }
            ExprKind::Access { target, keys } => {
                let t = self.expr(target);
                let open = self
                    .find_from(target.span.end(), '[')
                    .unwrap_or(target.span.end());
                let close = e.span.end().saturating_sub(1);
                let multi = self.has_newline(open, close);
                let spans: Vec<Span> = keys.iter().map(|k| k.span).collect();
                let l = self.list(open + 1, &spans, close, false, |me, i| {
                    keys.get(i).map_or(cat(vec![]), |k| me.expr(k))
                });
                cat(vec![t, self.seq(l, "[", "]", multi, false)])
            }
            ExprKind::Unary { op, operand } => {
                let o = self.expr(operand);
                let p = match op {
                    UnaryOp::Not => "!",
                    UnaryOp::Neg => "-",
                    UnaryOp::Splat => "*",
                };
                cat(vec![txt(p), o])
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let l = self.expr(lhs);
                let r = self.expr(rhs);
                if self.has_newline(lhs.span.end(), rhs.span.start()) {
                    cat(vec![
                        l,
                        txt(format!(" {}", op.as_str())),
                        Doc::indent(cat(vec![Doc::HardLine, r])),
                    ])
                } else {
                    cat(vec![l, txt(format!(" {} ", op.as_str())), r])
                }
            }
            ExprKind::Assignment { op, lhs, rhs } => {
                let l = self.expr(lhs);
                let r = self.expr(rhs);
                cat(vec![l, txt(format!(" {} ", op.as_str())), r])
            }
            ExprKind::Relationship { op, lhs, rhs } => {
                let l = self.expr(lhs);
                let (trail, _) = self.take_trailing(lhs.span.end(), rhs.span.start());
                let lead = self.take_leading(lhs.span.end(), rhs.span.start());
                let r = self.expr(rhs);
                if !trail.is_empty()
                    || !lead.is_empty()
                    || self.has_newline(lhs.span.end(), rhs.span.start())
                {
                    let mut v = vec![l];
                    v.extend(trail);
                    for c in lead {
                        v.push(Doc::HardLine);
                        v.push(c.doc);
                    }
                    v.extend([Doc::HardLine, txt(format!("{} ", op.as_str())), r]);
                    cat(v)
                } else {
                    cat(vec![l, txt(format!(" {} ", op.as_str())), r])
                }
            }
            ExprKind::Paren(inner) => {
                let i = self.expr(inner);
                cat(vec![txt("("), i, txt(")")])
            }
            ExprKind::Selector {
                subject,
                entries,
                braces,
            } => {
                let s = self.expr(subject);
                if !*braces {
                    return self.verbatim(e.span);
                }
                let open = self
                    .find_from(subject.span.end(), '{')
                    .unwrap_or(subject.span.end());
                let close = e.span.end().saturating_sub(1);
                let multi = self.has_newline(open, close);
                let pairs: Vec<(&Expr, &Expr, Span)> = entries
                    .iter()
                    .map(|en| (&en.matching, &en.value, en.span))
                    .collect();
                let h = self.pairs(open, close, &pairs, multi, "=>");
                cat(vec![s, txt(" ? "), h])
            }
            ExprKind::If(i) => self.if_expr(i, "if"),
            ExprKind::Unless(u) => {
                let t = self.expr(&u.test);
                let b = self.body(&u.then_body);
                let mut v = vec![txt("unless "), t, txt(" "), b];
                if let Some(eb) = &u.else_body {
                    v.push(txt(" else "));
                    v.push(self.body(eb));
                }
                cat(v)
            }
            ExprKind::Case(c) => self.case(e.span, c),
            ExprKind::Call(c) => self.call(e.span, c),
            ExprKind::MethodCall(m) => self.method_call(m),
            ExprKind::Resource(r) => self.resource(e.span, r),
            ExprKind::ResourceDefaults(d) => {
                let t = self.expr(&d.type_ref);
                let open = self
                    .find_from(d.type_ref.span.end(), '{')
                    .unwrap_or(e.span.end());
                let b = self.attr_block(open, e.span.end().saturating_sub(1), &d.ops, false);
                cat(vec![txt(form_prefix(d.form)), t, txt(" "), b])
            }
            ExprKind::ResourceOverride(o) => {
                let t = self.expr(&o.resources);
                let open = self
                    .find_from(o.resources.span.end(), '{')
                    .unwrap_or(e.span.end());
                let b = self.attr_block(open, e.span.end().saturating_sub(1), &o.ops, false);
                cat(vec![txt(form_prefix(o.form)), t, txt(" "), b])
            }
            ExprKind::Collect(c) => {
                let t = self.expr(&c.type_expr);
                let (o, cl) = if c.exported {
                    ("<<|", "|>>")
                } else {
                    ("<|", "|>")
                };
                let mut v = vec![t, txt(" "), txt(o)];
                if let Some(q) = &c.query {
                    v.push(txt(" "));
                    v.push(self.expr(q));
                }
                v.push(txt(" "));
                v.push(txt(cl));
                if c.query_span.end() < e.span.end() {
                    let open = self
                        .find_from(c.query_span.end(), '{')
                        .unwrap_or(e.span.end());
                    v.push(txt(" "));
                    v.push(self.attr_block(open, e.span.end().saturating_sub(1), &c.ops, false));
                }
                cat(v)
            }
            ExprKind::Class(c) => self.definition(
                "class ",
                c.name_span,
                &c.params,
                c.has_param_list,
                c.parent.as_ref().map(|p| p.name.as_str()),
                &c.body,
            ),
            ExprKind::Define(d) => self.definition(
                "define ",
                d.name_span,
                &d.params,
                d.has_param_list,
                None,
                &d.body,
            ),
            ExprKind::Plan(d) => self.definition(
                "plan ",
                d.name_span,
                &d.params,
                d.has_param_list,
                None,
                &d.body,
            ),
            ExprKind::Function(d) => {
                let mut v = vec![txt("function "), txt(self.s(d.name_span))];
                let limit = d
                    .return_type
                    .as_ref()
                    .map_or(d.body.span.start(), |r| r.span.start());
                v.push(self.params_table(d.name_span.end(), &d.params, d.has_param_list, limit));
                if let Some(r) = &d.return_type {
                    v.push(txt(" >> "));
                    v.push(self.expr(r));
                }
                v.push(txt(" "));
                v.push(self.body(&d.body));
                cat(v)
            }
            ExprKind::Node(n) => {
                let mut v = vec![txt("node ")];
                for (i, m) in n.matches.iter().enumerate() {
                    if i > 0 {
                        v.push(txt(", "));
                    }
                    v.push(txt(self.s(m.span)));
                }
                if let Some(p) = &n.parent {
                    v.push(txt(" inherits "));
                    v.push(txt(self.s(p.span)));
                }
                v.push(txt(" "));
                v.push(self.body(&n.body));
                cat(v)
            }
            ExprKind::TypeAlias(_)
            | ExprKind::TypeMapping { .. }
            | ExprKind::TypeDefinition(_)
            | ExprKind::Block(_) => self.verbatim(e.span),
        }
    }

    /// The first occurrence of `kw` at or after `pos` outside comments.
    fn find_keyword(&self, pos: usize, kw: &str) -> Option<usize> {
        let mut i = pos;
        let bytes = self.src.as_bytes();
        while i < bytes.len() {
            if bytes.get(i) == Some(&b'#') {
                while i < bytes.len() && bytes.get(i) != Some(&b'\n') {
                    i += 1;
                }
                continue;
            }
            if bytes.get(i..i + 2) == Some(b"/*") {
                match self.src.get(i + 2..).and_then(|r| r.find("*/")) {
                    Some(k) => i += k + 4,
                    None => return None,
                }
                continue;
            }
            if self.src.get(i..).is_some_and(|r| r.starts_with(kw)) {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    fn find_from(&self, pos: usize, ch: char) -> Option<usize> {
        self.src.get(pos..)?.find(ch).map(|i| i + pos)
    }

    fn rfind_before(&self, pos: usize, ch: char) -> Option<usize> {
        self.src.get(..pos)?.rfind(ch)
    }

    fn concat(&self, span: Span, parts: &[StringPart]) -> String {
        let raw = self.s(span);
        if !raw.starts_with('"') {
            return raw.to_string();
        }
        let mut out = String::new();
        let mut cur = span.start();
        for p in parts {
            if let StringPart::Interpolation {
                braces: false,
                span: ps,
                ..
            } = p
            {
                let t = self.s(*ps);
                if let Some(name) = t.strip_prefix('$') {
                    if !name.is_empty()
                        && !name.starts_with('{')
                        && !name.chars().all(|c| c.is_ascii_digit())
                        && ps.start() >= cur
                    {
                        out.push_str(self.src.get(cur..ps.start()).unwrap_or(""));
                        out.push_str("${");
                        out.push_str(name);
                        out.push('}');
                        cur = ps.end();
                    }
                }
            }
        }
        out.push_str(self.src.get(cur..span.end()).unwrap_or(""));
        out
    }

    /// A bracketed sequence: one line if written on one line and it fits, else one
    /// element per line with a trailing comma.
    /// `trailing`: whether the broken form ends with a comma (Puppet rejects one after
    /// access keys in parameter types and after method-call arguments).
    fn seq(&self, l: ListDocs, open: &str, close: &str, multi: bool, trailing: bool) -> Doc {
        if l.slots.is_empty() && !l.has_comments() {
            return txt(format!("{open}{close}"));
        }
        if multi || l.has_comments() {
            return self.braced_lines(l, open, close, ",", trailing);
        }
        let mut items = Vec::new();
        let n = l.slots.len();
        for (i, s) in l.slots.into_iter().enumerate() {
            items.push(s.doc);
            if i + 1 < n {
                items.push(txt(","));
                items.push(Doc::Line);
            }
        }
        Doc::group(cat(vec![
            txt(open),
            Doc::indent(cat(vec![Doc::SoftLine, cat(items)])),
            Doc::if_break(txt(if trailing { "," } else { "" }), cat(vec![])),
            Doc::SoftLine,
            txt(close),
        ]))
    }

    /// Whether a comma follows the last element (a "magic" trailing comma).
    fn trailing_comma(&self, last_end: Option<usize>, close: usize) -> bool {
        last_end.is_some_and(|e| {
            self.src
                .get(e..close)
                .is_some_and(|t| t.trim_start().starts_with(','))
        })
    }

    fn array(&mut self, span: Span, items: &[Expr]) -> Doc {
        let close = span.end().saturating_sub(1);
        let multi = self.has_newline(span.start(), close)
            || self.trailing_comma(items.last().map(|i| i.span.end()), close);
        let spans: Vec<Span> = items.iter().map(|k| k.span).collect();
        let l = self.list(span.start() + 1, &spans, close, false, |me, i| {
            items.get(i).map_or(cat(vec![]), |k| me.expr(k))
        });
        self.seq(l, "[", "]", multi, true)
    }

    fn hash(&mut self, span: Span, entries: &[HashEntry]) -> Doc {
        let close = span.end().saturating_sub(1);
        let multi = self.has_newline(span.start(), close)
            || self.trailing_comma(entries.last().map(|e| e.span.end()), close);
        let pairs: Vec<(&Expr, &Expr, Span)> = entries
            .iter()
            .map(|en| (&en.key, &en.value, en.span))
            .collect();
        self.pairs(span.start(), close, &pairs, multi, "=>")
    }

    /// `{ k => v, ... }` with aligned arrows when broken.
    fn pairs(
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
            let Some((k, v, _)) = pairs.get(i) else {
                return cat(vec![]);
            };
            let kd = me.expr(k);
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
        let l = ListDocs {
            slots: l
                .slots
                .into_iter()
                .map(|s| Slot {
                    doc: pad_marker(s.doc, max),
                    ..s
                })
                .collect(),
            ..l
        };
        if l.slots.is_empty() && !l.has_comments() {
            return txt("{}");
        }
        if multi || l.has_comments() {
            return self.braced_lines(l, "{", "}", ",", true);
        }
        let mut items = Vec::new();
        let n = l.slots.len();
        for (i, s) in l.slots.into_iter().enumerate() {
            items.push(s.doc);
            if i + 1 < n {
                items.push(txt(","));
                items.push(Doc::Line);
            }
        }
        Doc::group(cat(vec![
            txt("{"),
            Doc::indent(cat(vec![Doc::Line, cat(items)])),
            Doc::if_break(txt(","), cat(vec![])),
            Doc::Line,
            txt("}"),
        ]))
    }

    fn if_expr(&mut self, i: &IfExpr, kw: &str) -> Doc {
        let t = self.expr(&i.test);
        let b = self.body(&i.then_body);
        let mut v = vec![txt(format!("{kw} ")), t, txt(" "), b];
        if i.else_branch.is_some() {
            // Comments between `}` and `else`/`elsif` stay there (no cuddling then).
            let end = i.then_body.span.end();
            let kw_at = self.find_keyword(end, "els").unwrap_or(end);
            let (trail, _) = self.take_trailing(end, kw_at);
            let lead = self.take_leading(end, kw_at);
            if !trail.is_empty() || !lead.is_empty() {
                v.extend(trail);
                for c in lead {
                    v.push(Doc::HardLine);
                    v.push(c.doc);
                }
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

    fn case(&mut self, span: Span, c: &CaseExpr) -> Doc {
        let t = self.expr(&c.test);
        let open = self.find_from(c.test.span.end(), '{').unwrap_or(span.end());
        let close = span.end().saturating_sub(1);
        let spans: Vec<Span> = c.options.iter().map(|o| o.span).collect();
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
        cat(vec![
            txt("case "),
            t,
            txt(" "),
            self.braced_lines(l, "{", "}", "", false),
        ])
    }

    fn args(&mut self, open: usize, close: usize, args: &[Expr]) -> ListDocs {
        let spans: Vec<Span> = args.iter().map(|k| k.span).collect();
        self.list(open + 1, &spans, close, false, |me, i| {
            args.get(i).map_or(cat(vec![]), |k| me.expr(k))
        })
    }

    /// `(args)` with hugging of a last hash/array/lambda-like argument.
    fn paren_args(&mut self, open: usize, close: usize, args: &[Expr], trailing: bool) -> Doc {
        let multi = self.has_newline(open, close)
            && args
                .first()
                .is_some_and(|a| self.has_newline(open, a.span.start()));
        let l = self.args(open, close, args);
        if !multi && !l.has_comments() && !l.slots.is_empty() {
            let n = l.slots.len();
            let last_forces = l.slots.last().is_some_and(|s| s.doc.forces_break());
            let others_flat = l.slots.iter().take(n - 1).all(|s| !s.doc.forces_break());
            let last_hug = args.last().is_some_and(|a| {
                matches!(
                    a.kind,
                    ExprKind::Hash {
                        synthetic: false,
                        ..
                    } | ExprKind::Array(_)
                        | ExprKind::Heredoc(_)
                )
            });
            if last_forces && others_flat && last_hug {
                let mut v = vec![txt("(")];
                for (i, s) in l.slots.into_iter().enumerate() {
                    if i > 0 {
                        v.push(txt(", "));
                    }
                    v.push(s.doc);
                }
                v.push(txt(")"));
                return cat(v);
            }
        }
        self.seq(l, "(", ")", multi, trailing)
    }

    fn lambda(&mut self, l: &Lambda) -> Doc {
        let mut v = vec![txt(" |")];
        for (i, p) in l.params.iter().enumerate() {
            if i > 0 {
                v.push(txt(", "));
            }
            let pd = self.guarded(p.span, |me| me.param_inline(p));
            v.push(pd);
        }
        v.push(txt("|"));
        if let Some(r) = &l.return_type {
            v.push(txt(" >> "));
            v.push(self.expr(r));
        }
        v.push(txt(" "));
        v.push(self.body(&l.body));
        cat(v)
    }

    fn param_inline(&mut self, p: &Parameter) -> Doc {
        let mut v = Vec::new();
        if let Some(t) = &p.type_expr {
            v.push(self.expr(t));
            v.push(txt(" "));
        }
        if p.captures_rest {
            v.push(txt("*"));
        }
        v.push(txt(format!("${}", p.name.name)));
        if let Some(d) = &p.default {
            v.push(txt(" = "));
            v.push(self.expr(d));
        }
        cat(v)
    }

    /// Arguments of a call written without parentheses (`include a, b`): ` a, b`.
    fn bare_args(&mut self, args: &[Expr]) -> Doc {
        let mut v = vec![txt(" ")];
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                v.push(txt(", "));
            }
            v.push(self.expr(a));
        }
        cat(v)
    }

    fn call(&mut self, span: Span, c: &CallExpr) -> Doc {
        let f = self.expr(&c.functor);
        let args_end = c.lambda.as_ref().map_or(span.end(), |l| l.span.start());
        let mut v = vec![f];
        if c.parens {
            let open = self
                .find_from(c.functor.span.end(), '(')
                .unwrap_or(args_end);
            let close = self.rfind_before(args_end, ')').unwrap_or(args_end);
            v.push(self.paren_args(open, close, &c.args, true));
        } else if !c.args.is_empty() {
            v.push(self.bare_args(&c.args));
        }
        if let Some(l) = &c.lambda {
            v.push(self.lambda(l));
        }
        cat(v)
    }

    fn method_call(&mut self, m: &MethodCallExpr) -> Doc {
        let r = self.expr(&m.receiver);
        let dot = self
            .rfind_before(m.name.span.start(), '.')
            .unwrap_or(m.name.span.start());
        let broken = self.has_newline(m.receiver.span.end(), dot);
        let mut v = vec![txt("."), txt(m.name.name.clone())];
        let end = m.lambda.as_ref().map_or(usize::MAX, |l| l.span.start());
        if m.parens {
            let open = self
                .find_from(m.name.span.end(), '(')
                .unwrap_or(m.name.span.end());
            let last = m.args.last().map_or(open, |a| a.span.end());
            let close = self.find_close_paren(last, end).unwrap_or(last);
            v.push(self.paren_args(open, close, &m.args, false));
        } else if !m.args.is_empty() {
            v.push(self.bare_args(&m.args));
        }
        if let Some(l) = &m.lambda {
            v.push(self.lambda(l));
        }
        if broken {
            cat(vec![r, Doc::indent(cat(vec![Doc::HardLine, cat(v)]))])
        } else {
            cat(vec![r, cat(v)])
        }
    }

    /// The `)` after the last argument (skipping comments and whitespace).
    fn find_close_paren(&self, from: usize, limit: usize) -> Option<usize> {
        let mut i = from;
        let bytes = self.src.as_bytes();
        while i < bytes.len() && i < limit {
            match bytes.get(i) {
                Some(b')') => return Some(i),
                Some(b'#') => {
                    while i < bytes.len() && bytes.get(i) != Some(&b'\n') {
                        i += 1;
                    }
                }
                _ => i += 1,
            }
        }
        None
    }

    /// Parameter list of a class/define/function/plan as an aligned table.
    /// `keyword name (params) [inherits parent] { body }` of a class, define or plan.
    fn definition(
        &mut self,
        keyword: &'static str,
        name_span: Span,
        params: &[Parameter],
        has_list: bool,
        parent: Option<&str>,
        body: &Body,
    ) -> Doc {
        let mut v = vec![txt(keyword), txt(self.s(name_span))];
        v.push(self.params_table(name_span.end(), params, has_list, body.span.start()));
        if let Some(p) = parent {
            v.push(txt(" inherits "));
            v.push(txt(p.to_string()));
        }
        v.push(txt(" "));
        v.push(self.body(body));
        cat(v)
    }

    fn params_table(
        &mut self,
        name_end: usize,
        params: &[Parameter],
        has_list: bool,
        limit: usize,
    ) -> Doc {
        if !has_list || params.is_empty() {
            if has_list {
                // `()` dropped; comments inside make the statement verbatim.
                return cat(vec![]);
            }
            return cat(vec![]);
        }
        let open = self.find_from(name_end, '(').unwrap_or(name_end);
        let close = self.rfind_before(limit, ')').unwrap_or(limit);
        let spans: Vec<Span> = params.iter().map(|p| p.span).collect();
        let mut cols: Vec<(usize, usize)> = Vec::new();
        let l = self.list(open + 1, &spans, close, false, |me, i| {
            let Some(p) = params.get(i) else {
                return cat(vec![]);
            };
            let t = p.type_expr.as_ref().map(|t| me.expr(t));
            // Long or multi-line types do not take part in the type column.
            let (tw, marker) = match &t {
                None => (0, "\u{0}0".to_string()),
                Some(t) if t.forces_break() => (usize::MAX, "\u{0}X".to_string()),
                Some(t) => {
                    let w = t.flat_width();
                    if w > 50 {
                        (usize::MAX, format!("\u{0}L{w}"))
                    } else {
                        (w, format!("\u{0}{w}"))
                    }
                }
            };
            let name = format!("{}${}", if p.captures_rest { "*" } else { "" }, p.name.name);
            let nw = name.chars().count();
            cols.push((tw, nw));
            let mut v = Vec::new();
            if let Some(t) = t {
                v.push(t);
                v.push(txt(marker));
                v.push(txt(" "));
            } else {
                v.push(txt(marker));
            }
            v.push(txt(name));
            if let Some(d) = &p.default {
                v.push(txt(format!("\u{1}{nw}")));
                v.push(txt(" = "));
                v.push(me.expr(d));
            }
            cat(v)
        });
        let any_type = params.iter().any(|p| p.type_expr.is_some());
        let tmax = cols
            .iter()
            .map(|c| c.0)
            .filter(|w| *w != usize::MAX)
            .max()
            .unwrap_or(0);
        let nmax = cols.iter().map(|c| c.1).max().unwrap_or(0);
        let l = ListDocs {
            slots: l
                .slots
                .into_iter()
                .map(|s| Slot {
                    doc: pad_params(s.doc, tmax, nmax, any_type),
                    ..s
                })
                .collect(),
            ..l
        };
        let body = self.braced_lines(l, "(", ")", ",", true);
        cat(vec![txt(" "), body])
    }

    // ---------------------------------------------------------------- resources

    fn resource(&mut self, span: Span, r: &ResourceExpr) -> Doc {
        let t = self.expr(&r.type_name);
        let open = self
            .find_from(r.type_name.span.end(), '{')
            .unwrap_or(span.end());
        let close = span.end().saturating_sub(1);
        let prefix = txt(form_prefix(r.form));
        if r.bodies.len() == 1 {
            let Some(b) = r.bodies.first() else {
                return self.verbatim(span);
            };
            if self
                .comment_start(self.next)
                .is_some_and(|st| st < b.title.span.start())
            {
                return self.verbatim(span);
            }
            let title = self.expr(&b.title);
            let colon = self
                .find_from(b.title.span.end(), ':')
                .unwrap_or(b.title.span.end());
            let one_line = !self.has_newline(span.start(), span.end())
                && b.ops.len() <= 1
                && !self.s(Span::new(colon, close)).trim_end().ends_with(',')
                && self
                    .comment_start(self.next)
                    .is_none_or(|st| st >= span.end());
            let ops = self.attr_list(colon + 1, close, &b.ops);
            if one_line && !ops.has_comments() && !ops.slots.is_empty() {
                let mut items = Vec::new();
                for sl in ops.slots {
                    items.push(strip_marker(sl.doc));
                }
                return Doc::group(cat(vec![
                    prefix,
                    t,
                    txt(" { "),
                    title,
                    txt(":"),
                    Doc::indent(cat(vec![
                        Doc::Line,
                        cat(items),
                        Doc::if_break(txt(","), cat(vec![])),
                    ])),
                    Doc::Line,
                    txt("}"),
                ]));
            }
            let mut v = vec![prefix, t, txt(" { "), title, txt(":")];
            if ops.slots.is_empty() && ops.dangling.is_empty() && ops.open_suffix.is_empty() {
                v.push(txt(" }"));
                return cat(v);
            }
            v.push(self.attr_lines(ops, false));
            v.push(Doc::HardLine);
            v.push(txt("}"));
            return cat(v);
        }
        // Several bodies.
        let spans: Vec<Span> = r.bodies.iter().map(|b| b.span).collect();
        let l = self.list(open + 1, &spans, close, false, |me, i| {
            let Some(b) = r.bodies.get(i) else {
                return cat(vec![]);
            };
            let title = me.expr(&b.title);
            let colon = me
                .find_from(b.title.span.end(), ':')
                .unwrap_or(b.title.span.end());
            let ops = me.attr_list(colon + 1, b.span.end(), &b.ops);
            let mut v = vec![title, txt(":")];
            if ops.slots.is_empty() && ops.dangling.is_empty() && ops.open_suffix.is_empty() {
                v.push(txt(" "));
            } else {
                v.push(me.attr_lines(ops, true));
                v.push(Doc::HardLine);
            }
            cat(v)
        });
        // Blank line between bodies.
        let l = ListDocs {
            slots: l
                .slots
                .into_iter()
                .enumerate()
                .map(|(i, s)| Slot {
                    blank_before: i > 0,
                    ..s
                })
                .collect(),
            ..l
        };
        cat(vec![
            prefix,
            t,
            txt(" "),
            self.braced_lines(l, "{", "}", ";", true),
        ])
    }

    fn attr_list(&mut self, open_end: usize, close: usize, ops: &[AttributeOp]) -> ListDocs {
        let spans: Vec<Span> = ops.iter().map(|o| o.span()).collect();
        self.list(open_end, &spans, close, false, |me, i| match ops.get(i) {
            Some(AttributeOp::Attribute {
                name, op, value, ..
            }) => {
                let v = me.expr(value);
                let w = name.name.chars().count();
                let o = match op {
                    AttributeOperator::Assign => "=>",
                    AttributeOperator::Append => "+>",
                };
                cat(vec![
                    txt(name.name.clone()),
                    txt(format!("\u{0}{w}")),
                    txt(format!(" {o} ")),
                    v,
                ])
            }
            Some(AttributeOp::Splat { value, .. }) => {
                let v = me.expr(value);
                cat(vec![txt("*"), txt("\u{0}1"), txt(" => "), v])
            }
            None => cat(vec![]),
        })
    }

    /// Attribute lines (indented, aligned, trailing commas), starting with a newline.
    fn attr_lines(&self, mut ops: ListDocs, _multi_body: bool) -> Doc {
        let max = ops
            .slots
            .iter()
            .map(|s| marker_width(&s.doc))
            .max()
            .unwrap_or(0);
        ops.slots = ops
            .slots
            .into_iter()
            .map(|s| Slot {
                doc: pad_marker(s.doc, max),
                ..s
            })
            .collect();
        let suffix = std::mem::take(&mut ops.open_suffix);
        let mut v = suffix;
        v.push(Doc::indent(cat(vec![
            Doc::HardLine,
            self.lines(ops, ",", true),
        ])));
        cat(v)
    }

    /// `{ attrs }` block of resource defaults, overrides and collectors.
    fn attr_block(&mut self, open: usize, close: usize, ops: &[AttributeOp], _x: bool) -> Doc {
        let l = self.attr_list(open + 1, close, ops);
        if l.slots.is_empty() && !l.has_comments() {
            return txt("{}");
        }
        cat(vec![
            txt("{"),
            self.attr_lines(l, false),
            Doc::HardLine,
            txt("}"),
        ])
    }
}

/// Whether `t` contains an empty line: two newlines with only whitespace between them.
fn has_blank_line(t: &str) -> bool {
    let mut seen_newline = false;
    for c in t.chars() {
        match c {
            '\n' if seen_newline => return true,
            '\n' => seen_newline = true,
            ' ' | '\t' | '\r' => {}
            _ => seen_newline = false,
        }
    }
    false
}

fn form_prefix(f: ResourceForm) -> &'static str {
    match f {
        ResourceForm::Regular => "",
        ResourceForm::Virtual => "@",
        ResourceForm::Exported => "@@",
    }
}

/// The body text of a heredoc (its lines through the end-tag line, without the final newline).
fn heredoc_body_text(s: &str) -> String {
    let s = s.strip_prefix('\n').unwrap_or(s);
    s.strip_suffix('\n').unwrap_or(s).to_string()
}

/// Width recorded by the first `\0W` marker of an element (its key width).
fn marker_width(d: &Doc) -> usize {
    match d {
        Doc::Text(t) => t
            .strip_prefix('\u{0}')
            .and_then(|w| w.parse().ok())
            .unwrap_or(0),
        Doc::Concat(v) => v.iter().map(marker_width).find(|w| *w > 0).unwrap_or(0),
        _ => 0,
    }
}

/// Replaces the first `\0W` marker of a key/value element with padding to `max`.
fn pad_marker(d: Doc, max: usize) -> Doc {
    let mut done = false;
    pad_marker_in(d, max, &mut done)
}

fn pad_marker_in(d: Doc, max: usize, done: &mut bool) -> Doc {
    if *done {
        return d;
    }
    match d {
        Doc::Concat(v) => Doc::Concat(v.into_iter().map(|x| pad_marker_in(x, max, done)).collect()),
        Doc::Text(t) if t.starts_with('\u{0}') => {
            *done = true;
            let w: usize = t.get(1..).and_then(|s| s.parse().ok()).unwrap_or(max);
            Doc::if_break(txt(" ".repeat(max.saturating_sub(w))), cat(vec![]))
        }
        other => other,
    }
}

fn strip_marker(d: Doc) -> Doc {
    pad_marker(d, 0)
}

/// Replaces the `\0` (type) and `\1` (name) markers of a parameter with padding. An
/// untyped parameter starts at the indentation (never at an odd column, which
/// puppet-lint's `2sp_soft_tabs` rejects) and its `=` is padded to the common column.
fn pad_params(d: Doc, tmax: usize, nmax: usize, any_type: bool) -> Doc {
    let mut name_col = Some(0);
    pad_params_in(d, tmax, nmax, any_type, &mut name_col)
}

/// `name_col`: the column (relative to the indentation) where the parameter's name
/// starts, `None` after a multi-line type.
fn pad_params_in(
    d: Doc,
    tmax: usize,
    nmax: usize,
    any_type: bool,
    name_col: &mut Option<usize>,
) -> Doc {
    let table = any_type && tmax > 0;
    match d {
        Doc::Concat(v) => Doc::Concat(
            v.into_iter()
                .map(|x| pad_params_in(x, tmax, nmax, any_type, name_col))
                .collect(),
        ),
        Doc::Text(t) if t.starts_with('\u{0}') => {
            let m = t.get(1..).unwrap_or("");
            if m == "X" {
                *name_col = None;
                return txt("");
            }
            if let Some(long) = m.strip_prefix('L') {
                *name_col = long.parse::<usize>().ok().map(|w| w + 1);
                return txt("");
            }
            let w: usize = m.parse().unwrap_or(0);
            if w == 0 {
                *name_col = Some(0);
                txt("")
            } else if table {
                *name_col = Some(tmax + 1);
                txt(" ".repeat(tmax.saturating_sub(w)))
            } else {
                *name_col = Some(w + 1);
                txt("")
            }
        }
        Doc::Text(t) if t.starts_with('\u{1}') => {
            let w: usize = t.get(1..).and_then(|s| s.parse().ok()).unwrap_or(0);
            let target = if table { tmax + 1 + nmax } else { nmax };
            let pad = name_col.map_or(0, |c| target.saturating_sub(c + w));
            txt(" ".repeat(pad))
        }
        other => other,
    }
}

fn collect_heredocs(e: &Expr, out: &mut Vec<(Span, Span)>) {
    walk(e, &mut |x| {
        if let ExprKind::Heredoc(h) = &x.kind {
            out.push((h.opening, h.text.span));
        }
    });
}

/// Calls `f` on every expression below `e` (pre-order).
fn walk(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    let mut kids: Vec<&Expr> = Vec::new();
    fn params<'x>(ps: &'x [Parameter], k: &mut Vec<&'x Expr>) {
        for p in ps {
            k.extend(p.type_expr.iter());
            k.extend(p.default.iter());
        }
    }
    fn ops<'x>(os: &'x [AttributeOp], k: &mut Vec<&'x Expr>) {
        for o in os {
            match o {
                AttributeOp::Attribute { value, .. } | AttributeOp::Splat { value, .. } => {
                    k.push(value)
                }
            }
        }
    }
    fn lambda<'x>(l: &'x Option<Lambda>, k: &mut Vec<&'x Expr>) {
        if let Some(l) = l {
            params(&l.params, k);
            k.extend(l.return_type.iter());
            k.extend(l.body.statements.iter());
        }
    }
    match &e.kind {
        ExprKind::Concat(parts) => {
            for p in parts {
                if let StringPart::Interpolation { expr, .. } = p {
                    kids.push(expr);
                }
            }
        }
        ExprKind::Heredoc(h) => kids.push(&h.text),
        ExprKind::Array(v) | ExprKind::Block(v) => kids.extend(v.iter()),
        ExprKind::Hash { entries, .. } => {
            for en in entries {
                kids.push(&en.key);
                kids.push(&en.value);
            }
        }
        ExprKind::Access { target, keys } => {
            kids.push(target);
            kids.extend(keys.iter());
        }
        ExprKind::Unary { operand, .. } => kids.push(operand),
        ExprKind::Binary { lhs, rhs, .. }
        | ExprKind::Assignment { lhs, rhs, .. }
        | ExprKind::Relationship { lhs, rhs, .. } => {
            kids.push(lhs);
            kids.push(rhs);
        }
        ExprKind::Paren(x) => kids.push(x),
        ExprKind::Selector {
            subject, entries, ..
        } => {
            kids.push(subject);
            for en in entries {
                kids.push(&en.matching);
                kids.push(&en.value);
            }
        }
        ExprKind::If(i) => {
            kids.push(&i.test);
            kids.extend(i.then_body.statements.iter());
            match &i.else_branch {
                Some(ElseBranch::Elsif(x)) => kids.push(x),
                Some(ElseBranch::Else(b)) => kids.extend(b.statements.iter()),
                None => {}
            }
        }
        ExprKind::Unless(u) => {
            kids.push(&u.test);
            kids.extend(u.then_body.statements.iter());
            if let Some(b) = &u.else_body {
                kids.extend(b.statements.iter());
            }
        }
        ExprKind::Case(c) => {
            kids.push(&c.test);
            for o in &c.options {
                kids.extend(o.values.iter());
                kids.extend(o.body.statements.iter());
            }
        }
        ExprKind::Call(c) => {
            kids.push(&c.functor);
            kids.extend(c.args.iter());
            lambda(&c.lambda, &mut kids);
        }
        ExprKind::MethodCall(m) => {
            kids.push(&m.receiver);
            kids.extend(m.args.iter());
            lambda(&m.lambda, &mut kids);
        }
        ExprKind::Resource(r) => {
            kids.push(&r.type_name);
            for b in &r.bodies {
                kids.push(&b.title);
                ops(&b.ops, &mut kids);
            }
        }
        ExprKind::ResourceDefaults(d) => {
            kids.push(&d.type_ref);
            ops(&d.ops, &mut kids);
        }
        ExprKind::ResourceOverride(o) => {
            kids.push(&o.resources);
            ops(&o.ops, &mut kids);
        }
        ExprKind::Collect(c) => {
            kids.push(&c.type_expr);
            kids.extend(c.query.iter());
            ops(&c.ops, &mut kids);
        }
        ExprKind::Class(c) => {
            params(&c.params, &mut kids);
            kids.extend(c.body.statements.iter());
        }
        ExprKind::Define(c) => {
            params(&c.params, &mut kids);
            kids.extend(c.body.statements.iter());
        }
        ExprKind::Plan(c) => {
            params(&c.params, &mut kids);
            kids.extend(c.body.statements.iter());
        }
        ExprKind::Function(c) => {
            params(&c.params, &mut kids);
            kids.extend(c.return_type.iter());
            kids.extend(c.body.statements.iter());
        }
        ExprKind::Node(n) => {
            kids.extend(n.matches.iter());
            kids.extend(n.parent.iter());
            kids.extend(n.body.statements.iter());
        }
        ExprKind::TypeAlias(t) => kids.push(&t.value),
        ExprKind::TypeMapping { mapping, value } => {
            kids.push(mapping);
            kids.push(value);
        }
        ExprKind::TypeDefinition(t) => kids.extend(t.body.statements.iter()),
        _ => {}
    }
    for k in kids {
        walk(k, f);
    }
}
