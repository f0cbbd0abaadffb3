//! The formatter's document IR and its printer (Prettier/ruff style).
//!
//! A [`Doc`] is text, spaces and line breaks (soft, hard), groups that print flat when they
//! fit the line width and broken otherwise, indentation, line suffixes (trailing comments,
//! flushed before the next newline), heredoc bodies (flushed after the line that opens
//! them), verbatim source, and comments tagged with their index so the printer can prove
//! each comment is printed exactly once and in order.

/// One node of the document IR.
#[derive(Clone, Debug)]
pub enum Doc {
    /// Text to print as is (may contain newlines only for multi-line literals).
    Text(String),
    /// A space when flat, a newline when broken.
    Line,
    /// Nothing when flat, a newline when broken.
    SoftLine,
    /// Always a newline; forces every enclosing group to break.
    HardLine,
    /// A sequence.
    Concat(Vec<Doc>),
    /// Contents printed flat if they fit, else broken. `broken` forces the broken mode.
    Group { doc: Box<Doc>, broken: bool },
    /// Like a group, but its flat mode applies only to its own line breaks and `IfBreak`s:
    /// the groups inside it decide for themselves, and its hard lines (a lambda's body)
    /// do not count when it checks whether it fits (a chain of method calls is flat when
    /// it fits up to the first line of its last lambda's body).
    LocalGroup { doc: Box<Doc>, broken: bool },
    /// Contents indented one more level (for the lines they break).
    Indent(Box<Doc>),
    /// First doc when the enclosing group is broken, second when flat.
    IfBreak(Box<Doc>, Box<Doc>),
    /// Printed at the end of the current line (a trailing comment); forces a break.
    LineSuffix(Box<Doc>),
    /// A comment (index into the file's comment table, and its text).
    Comment(usize, String),
    /// Source text printed as written, with the indices of the comments it contains.
    Verbatim { text: String, comments: Vec<usize> },
    /// A heredoc opening `@(TAG)`; its body is printed after the current line, with the
    /// indices of the comments written inside it (in its interpolations).
    Heredoc {
        opener: String,
        body: String,
        comments: Vec<usize>,
    },
}

impl Doc {
    pub fn text(s: impl Into<String>) -> Doc {
        Doc::Text(s.into())
    }

    /// A group that breaks if it contains a forced break or does not fit.
    pub fn group(doc: Doc) -> Doc {
        let broken = doc.forces_break();
        Doc::Group {
            doc: Box::new(doc),
            broken,
        }
    }

    /// A group that is always broken.
    pub fn broken_group(doc: Doc) -> Doc {
        Doc::Group {
            doc: Box::new(doc),
            broken: true,
        }
    }

    pub fn indent(doc: Doc) -> Doc {
        Doc::Indent(Box::new(doc))
    }

    pub fn if_break(a: Doc, b: Doc) -> Doc {
        Doc::IfBreak(Box::new(a), Box::new(b))
    }

    /// Whether printing this doc necessarily ends a line (hard line, trailing comment,
    /// multi-line verbatim text).
    pub fn forces_break(&self) -> bool {
        match self {
            Doc::HardLine | Doc::LineSuffix(_) => true,
            Doc::Verbatim { text, .. } => text.contains('\n'),
            Doc::Comment(_, t) => t.starts_with('#') || t.contains('\n'),
            Doc::Concat(v) => v.iter().any(Doc::forces_break),
            Doc::Group { broken, doc } | Doc::LocalGroup { broken, doc } => {
                *broken || doc.forces_break()
            }
            Doc::Indent(d) => d.forces_break(),
            Doc::IfBreak(a, _) => a.forces_break(),
            _ => false,
        }
    }

    /// The doc as it prints flat, with no line break left to take (for a doc that does not
    /// force one).
    pub fn flat(self) -> Doc {
        match self {
            Doc::Line => Doc::Text(" ".into()),
            Doc::SoftLine => Doc::Concat(Vec::new()),
            Doc::Concat(v) => Doc::Concat(v.into_iter().map(Doc::flat).collect()),
            Doc::Group { doc, .. } | Doc::LocalGroup { doc, .. } | Doc::Indent(doc) => doc.flat(),
            Doc::IfBreak(_, flat) => flat.flat(),
            other => other,
        }
    }

    /// Whether printing this doc can start a new line (a line break, a group, a trailing
    /// comment, multi-line text).
    pub fn can_break(&self) -> bool {
        match self {
            Doc::Line | Doc::SoftLine | Doc::Group { .. } | Doc::LocalGroup { .. } => true,
            Doc::Concat(v) => v.iter().any(Doc::can_break),
            Doc::Indent(d) => d.can_break(),
            Doc::IfBreak(a, b) => a.can_break() || b.can_break(),
            _ => self.forces_break(),
        }
    }

    /// Width of the doc printed flat (up to its last newline if it has one).
    pub fn flat_width(&self) -> usize {
        let mut s = String::new();
        self.flat_into(&mut s);
        match s.rfind('\n') {
            Some(i) => s.get(i + 1..).map_or(0, |t| t.chars().count()),
            None => s.chars().count(),
        }
    }

    fn flat_into(&self, out: &mut String) {
        match self {
            Doc::Text(t) => out.push_str(t),
            Doc::Line => out.push(' '),
            Doc::SoftLine => {}
            Doc::HardLine => out.push('\n'),
            Doc::Concat(v) => v.iter().for_each(|d| d.flat_into(out)),
            Doc::Group { doc, .. } | Doc::LocalGroup { doc, .. } | Doc::Indent(doc) => {
                doc.flat_into(out)
            }
            Doc::IfBreak(_, b) => b.flat_into(out),
            Doc::LineSuffix(_) => {}
            Doc::Comment(_, t) => out.push_str(t),
            Doc::Verbatim { text, .. } => out.push_str(text),
            Doc::Heredoc { opener, .. } => out.push_str(opener),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Flat,
    Break,
    /// Inside a flat [`Doc::LocalGroup`]: its line breaks are flat, its groups decide.
    Local,
}

/// The printed text and the comment indices in the order they were printed.
pub struct Printed {
    pub text: String,
    pub comments: Vec<usize>,
}

/// Prints `doc` with the given line width and indentation unit.
pub fn print(doc: &Doc, width: usize, indent_unit: usize) -> Printed {
    let mut s = Stream::new(width, indent_unit);
    s.print(doc);
    s.finish()
}

/// A printer fed one document after another (a file's statements as they are formatted,
/// so that the whole file's document is never held at once). The pieces print as their
/// concatenation would, provided each one after the first starts with a hard line at the
/// outermost level: pending trailing comments and heredoc bodies are written at the end of
/// each piece, where that line break would have written them.
pub struct Stream {
    out: String,
    width: usize,
    indent_unit: usize,
    col: usize,
    pending_indent: Option<usize>,
    comments: Vec<usize>,
}

impl Stream {
    pub fn new(width: usize, indent_unit: usize) -> Stream {
        Stream {
            out: String::new(),
            width,
            indent_unit,
            col: 0,
            pending_indent: None,
            comments: Vec::new(),
        }
    }

    /// Prints the next piece.
    pub fn print(&mut self, doc: &Doc) {
        let mut p = Printer {
            out: std::mem::take(&mut self.out),
            width: self.width,
            indent_unit: self.indent_unit,
            col: self.col,
            pending_indent: self.pending_indent,
            suffixes: Vec::new(),
            heredocs: Vec::new(),
            comments: std::mem::take(&mut self.comments),
        };
        let mut stack: Vec<(usize, Mode, &Doc)> = vec![(0, Mode::Break, doc)];
        p.run(&mut stack);
        p.flush_line_end();
        self.out = p.out;
        self.col = p.col;
        self.pending_indent = p.pending_indent;
        self.comments = p.comments;
    }

    pub fn finish(self) -> Printed {
        Printed {
            text: self.out,
            comments: self.comments,
        }
    }
}

struct Printer<'d> {
    out: String,
    width: usize,
    indent_unit: usize,
    /// Column of the output cursor (characters since the last newline).
    col: usize,
    /// Indentation to write before the next text (set after a newline).
    pending_indent: Option<usize>,
    suffixes: Vec<(usize, &'d Doc)>,
    heredocs: Vec<(&'d str, &'d [usize])>,
    comments: Vec<usize>,
}

impl<'d> Printer<'d> {
    fn run(&mut self, stack: &mut Vec<(usize, Mode, &'d Doc)>) {
        while let Some((ind, mode, doc)) = stack.pop() {
            match doc {
                Doc::Text(t) => self.write(t),
                Doc::Line | Doc::SoftLine if mode != Mode::Break => {
                    if matches!(doc, Doc::Line) {
                        self.write(" ");
                    }
                }
                Doc::Line | Doc::SoftLine | Doc::HardLine => self.newline(ind),
                Doc::Concat(v) => {
                    for d in v.iter().rev() {
                        stack.push((ind, mode, d));
                    }
                }
                Doc::Group { doc, broken } => {
                    let m = self.group_mode(doc, *broken, mode, Mode::Flat, stack);
                    stack.push((ind, m, doc));
                }
                Doc::LocalGroup { doc, broken } => {
                    let m = self.group_mode(doc, *broken, mode, Mode::Local, stack);
                    stack.push((ind, m, doc));
                }
                Doc::Indent(d) => stack.push((ind + self.indent_unit, mode, d)),
                Doc::IfBreak(a, b) => {
                    stack.push((ind, mode, if mode == Mode::Break { a } else { b }))
                }
                Doc::LineSuffix(d) => self.suffixes.push((ind, d)),
                Doc::Comment(i, t) => {
                    self.comments.push(*i);
                    self.write(t);
                }
                Doc::Verbatim { text, comments } => {
                    self.comments.extend(comments.iter().copied());
                    match text.split_once('\n') {
                        // The bodies of heredocs opened on this line come after it, before
                        // the text's next line (code written as it was around a heredoc
                        // opened before it: `@(END) <- ct⏎body⏎END⏎{ a => 0 }`).
                        Some((first, rest)) if !self.heredocs.is_empty() => {
                            self.write(first);
                            self.flush_line_end();
                            self.pending_indent = None;
                            self.out.push('\n');
                            self.col = 0;
                            self.write(rest);
                        }
                        _ => self.write(text),
                    }
                }
                Doc::Heredoc {
                    opener,
                    body,
                    comments,
                } => {
                    self.write(opener);
                    self.heredocs.push((body, comments));
                }
            }
        }
    }

    /// The mode of a group inside a part printed in `mode`: broken when forced, flat when
    /// the enclosing part is, else `flat` if it fits on the line, broken if not.
    fn group_mode(
        &self,
        doc: &Doc,
        broken: bool,
        mode: Mode,
        flat: Mode,
        rest: &[(usize, Mode, &Doc)],
    ) -> Mode {
        if broken {
            Mode::Break
        } else if mode == Mode::Flat {
            Mode::Flat
        } else if self.fits(doc, rest, self.width as isize - self.current_col() as isize) {
            flat
        } else {
            Mode::Break
        }
    }

    fn current_col(&self) -> usize {
        match self.pending_indent {
            Some(i) => i,
            None => self.col,
        }
    }

    /// Whether `doc` printed flat, followed by the rest of the stack up to its first
    /// possible line break, fits in `rem` columns.
    fn fits(&self, doc: &Doc, rest: &[(usize, Mode, &Doc)], mut rem: isize) -> bool {
        let mut work: Vec<(Mode, &Doc)> = vec![(Mode::Flat, doc)];
        let mut rest_i = rest.len();
        loop {
            let (mode, d) = match work.pop() {
                Some(x) => x,
                None => {
                    if rest_i == 0 {
                        return true;
                    }
                    rest_i -= 1;
                    match rest.get(rest_i) {
                        Some((_, m, d)) => (*m, *d),
                        None => return true,
                    }
                }
            };
            match d {
                Doc::Text(t) | Doc::Comment(_, t) | Doc::Verbatim { text: t, .. } => {
                    match t.find('\n') {
                        Some(i) => {
                            rem -= t.get(..i).map_or(0, |s| s.chars().count()) as isize;
                            return rem >= 0;
                        }
                        None => rem -= t.chars().count() as isize,
                    }
                }
                Doc::Heredoc { opener, .. } => rem -= opener.chars().count() as isize,
                Doc::Line => {
                    if mode == Mode::Break {
                        return true;
                    }
                    rem -= 1;
                }
                Doc::SoftLine => {
                    if mode == Mode::Break {
                        return true;
                    }
                }
                Doc::HardLine => return true,
                Doc::Concat(v) => {
                    for x in v.iter().rev() {
                        work.push((mode, x));
                    }
                }
                Doc::Group { doc, broken } | Doc::LocalGroup { doc, broken } => {
                    work.push((if *broken { Mode::Break } else { mode }, doc));
                }
                Doc::Indent(x) => work.push((mode, x)),
                Doc::IfBreak(a, b) => work.push((mode, if mode == Mode::Break { a } else { b })),
                Doc::LineSuffix(_) => {}
            }
            if rem < 0 {
                return false;
            }
        }
    }

    fn write(&mut self, t: &str) {
        if t.is_empty() {
            return;
        }
        if let Some(i) = self.pending_indent.take() {
            for _ in 0..i {
                self.out.push(' ');
            }
            self.col = i;
        }
        self.out.push_str(t);
        match t.rfind('\n') {
            Some(i) => self.col = t.get(i + 1..).map_or(0, |s| s.chars().count()),
            None => self.col += t.chars().count(),
        }
    }

    /// Prints pending trailing comments and heredoc bodies (before a newline).
    fn flush_line_end(&mut self) {
        // After a `#` comment, the rest of the line is that comment's: a trailing comment
        // pending after it goes on a line of its own, at its indentation (two trailing
        // comments met before one line break: an empty resource body's, and its `;`'s).
        let mut after_line_comment = false;
        while !self.suffixes.is_empty() {
            let sfx = std::mem::take(&mut self.suffixes);
            for (ind, d) in sfx {
                let d = if after_line_comment {
                    self.pending_indent = None;
                    self.out.push('\n');
                    self.col = 0;
                    self.pending_indent = Some(ind);
                    without_leading_space(d)
                } else {
                    d
                };
                after_line_comment |= has_line_comment(d);
                let mut stack = vec![(ind, Mode::Flat, d)];
                self.run(&mut stack);
            }
        }
        let bodies = std::mem::take(&mut self.heredocs);
        for (b, comments) in bodies {
            self.comments.extend(comments.iter().copied());
            self.pending_indent = None;
            self.out.push('\n');
            self.out.push_str(b);
            self.col = match b.rfind('\n') {
                Some(i) => b.get(i + 1..).map_or(0, |s| s.chars().count()),
                None => b.chars().count(),
            };
        }
    }

    fn newline(&mut self, ind: usize) {
        self.flush_line_end();
        self.pending_indent = None;
        self.out.push('\n');
        self.col = 0;
        self.pending_indent = Some(ind);
    }
}

/// Whether `d` holds a `#` comment (which runs to the end of its line).
fn has_line_comment(d: &Doc) -> bool {
    match d {
        Doc::Comment(_, t) => t.trim_start().starts_with('#'),
        Doc::Concat(v) => v.iter().any(has_line_comment),
        Doc::Group { doc, .. } | Doc::LocalGroup { doc, .. } | Doc::Indent(doc) => {
            has_line_comment(doc)
        }
        Doc::LineSuffix(doc) => has_line_comment(doc),
        _ => false,
    }
}

/// A trailing comment's document without the space that separates it from the code
/// before it (for when it starts a line of its own).
fn without_leading_space(d: &Doc) -> &Doc {
    match d {
        Doc::Concat(v) => match v.as_slice() {
            [Doc::Text(space), rest] if space == " " => rest,
            _ => d,
        },
        _ => d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Doc {
        Doc::text(s)
    }

    /// Statements printed one by one, each after the first starting with its hard line,
    /// print as their concatenation: a trailing comment pending at the end of a piece, a
    /// heredoc body, a group that fits only up to the next piece's line break.
    #[test]
    fn pieces_print_as_their_concatenation() {
        let pieces = vec![
            Doc::Concat(vec![
                t("$a = "),
                Doc::Heredoc {
                    opener: "@(END)".into(),
                    body: "  x\n  END".into(),
                    comments: Vec::new(),
                },
                Doc::LineSuffix(Box::new(Doc::Comment(0, " # one".into()))),
            ]),
            Doc::Concat(vec![
                Doc::HardLine,
                Doc::HardLine,
                Doc::group(Doc::Concat(vec![
                    t("f("),
                    Doc::indent(Doc::Concat(vec![
                        Doc::SoftLine,
                        t("aaaa,"),
                        Doc::Line,
                        t("b"),
                    ])),
                    Doc::SoftLine,
                    t(")"),
                ])),
                t(" # two, after the group"),
            ]),
            Doc::Concat(vec![Doc::HardLine, Doc::Comment(1, "# three".into())]),
            Doc::HardLine,
        ];
        let whole = print(&Doc::Concat(pieces.clone()), 20, 2);
        let mut s = Stream::new(20, 2);
        for p in &pieces {
            s.print(p);
        }
        let streamed = s.finish();
        assert_eq!(
            streamed.text,
            "$a = @(END) # one\n  x\n  END\n\nf(\n  aaaa,\n  b\n) # two, after the group\n# three\n"
        );
        assert_eq!(streamed.text, whole.text);
        assert_eq!(streamed.comments, vec![0, 1]);
        assert_eq!(whole.comments, vec![0, 1]);
    }
}
