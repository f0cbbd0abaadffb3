//! Unfurl's `eval` path expressions (`::root::.instances[name=web]::port?`).
//!
//! The seed's grammar:
//!
//! ```text
//! expr    : segment? ("::" segment)*
//! segment : [key] ("[" filter "]")* ["?"]
//! key     : name | integer | var | "*"
//! filter  : ['!'] [expr] [("!=" | "=") test]
//! test    : var | ([^$[]:?])+
//! var     : "$" name
//! ```
//!
//! Unfurl (1.2, `unfurl.eval.parse_exp`) never rejects an expression while parsing: it
//! splits the text at brackets and `::`, and text it cannot place is dropped or read in
//! a way the text does not say. [`parse`] reads an expression exactly as Unfurl does (the
//! [`Segment`]s it returns are Unfurl's, quirks included, so that tests can compare the two)
//! and reports, with their places, what Unfurl misreads or fails on:
//!
//! - errors: an empty expression (Unfurl fails), a first key that is an integer other
//!   than 0 (Unfurl fails), a `[` never closed (read as closed at the end), text after a
//!   `]` that is not `[`, `::`, `?` or a test (Unfurl drops it: `a[b]c` is `a[b]`);
//! - warnings: a `]` that closes no `[` (Unfurl reads it as the end of a segment).

use super::{py_space, Gravity, Problem, Range};

/// How a segment's test compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestOp {
    Eq,
    Ne,
}

/// `=value` or `!=value` after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    pub op: TestOp,
    pub value: String,
}

/// A segment's key: Unfurl turns keys that Python's `int()` accepts into integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    Str(String),
    /// The integer, in decimal.
    Int(i64),
}

impl Key {
    fn is_empty(&self) -> bool {
        matches!(self, Key::Str(s) if s.is_empty())
    }
}

/// `!` before a segment or `?` after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifier {
    None,
    /// `!`: the filter holds when the expression finds nothing.
    Not,
    /// `?`: only the first match.
    First,
}

/// One segment of an expression, as Unfurl reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    pub key: Key,
    /// Where the key's text is (empty for an empty key).
    pub at: Range,
    pub test: Option<Test>,
    pub modifier: Modifier,
    /// The filters, each an expression.
    pub filters: Vec<Vec<Segment>>,
}

impl Segment {
    fn empty(at: usize) -> Segment {
        Segment {
            key: Key::Str(String::new()),
            at: at..at,
            test: None,
            modifier: Modifier::None,
            filters: Vec::new(),
        }
    }
}

/// An expression as Unfurl reads it, and its problems in source order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    pub segments: Vec<Segment>,
    pub problems: Vec<Problem>,
}

/// Parses an `eval` expression.
pub fn parse(text: &str) -> Expr {
    let mut reader = Reader {
        text,
        problems: Vec::new(),
        depth: 0,
    };
    let segments = reader.expression();
    let mut problems = reader.problems;
    brackets(text, &mut problems);
    if text.is_empty() {
        problems.push(Problem {
            at: 0..0,
            gravity: Gravity::Error,
            message: "empty expression (Unfurl fails on it)".to_string(),
        });
    }
    if let Some(first) = segments.first() {
        if matches!(first.key, Key::Int(n) if n != 0) {
            problems.push(Problem {
                at: first.at.clone(),
                gravity: Gravity::Error,
                message: "an expression cannot start with an integer key other than 0 \
                          (Unfurl fails on it); start with `.::` to index the current value"
                    .to_string(),
            });
        }
    }
    problems.sort_by_key(|p| (p.at.start, p.at.end));
    Expr { segments, problems }
}

/// Reads the text as Unfurl's `parse_exp` does, noting dropped text.
struct Reader<'a> {
    text: &'a str,
    problems: Vec<Problem>,
    /// How many filters the step being read is inside.
    depth: usize,
}

/// How deep filters may nest: the reader recurses into each (as Unfurl's does, whose
/// Python fails with a recursion error long before this), and stops there with an error.
const MAX_NESTING: usize = 256;

impl Reader<'_> {
    /// `parse_exp`: steps until the text is used up; the last segment of a step may take
    /// the test and modifier that follow a `]`.
    fn expression(&mut self) -> Vec<Segment> {
        let mut out = Vec::new();
        let mut rest = 0;
        let mut last: Option<Segment> = None;
        while rest < self.text.len() {
            let (mut steps, next) = self.step(rest, last.take());
            rest = next;
            if let Some(l) = steps.pop() {
                out.append(&mut steps);
                last = Some(l);
            }
        }
        out.extend(last);
        out
    }

    /// `parse_step`: the path up to the first bracket, and the filters that follow it.
    fn step(&mut self, from: usize, start: Option<Segment>) -> (Vec<Segment>, usize) {
        let tail = self.text.get(from..).unwrap_or("");
        let Some(i) = tail.find(['[', ']']) else {
            return (self.path(from, self.text.len(), start), self.text.len());
        };
        let bracket = from + i;
        let mut paths = self.path(from, bracket, start);
        let mut rest = bracket + 1;
        let mut filters = Vec::new();
        let mut sep = self.text.as_bytes().get(bracket).copied();
        while sep == Some(b'[') {
            if self.depth >= MAX_NESTING {
                self.problems.push(Problem {
                    at: rest - 1..rest,
                    gravity: Gravity::Error,
                    message: format!(
                        "filters nested more than {MAX_NESTING} deep (Unfurl fails on it): \
                         rein reads no further"
                    ),
                });
                return (paths, self.text.len());
            }
            self.depth += 1;
            let (filter, next) = self.step(rest, None);
            self.depth -= 1;
            filters.push(filter);
            rest = next;
            sep = self.text.as_bytes().get(rest).copied();
        }
        if let Some(last) = paths.last_mut() {
            if !last.filters.is_empty() {
                self.problems.push(Problem {
                    at: bracket..bracket + 1,
                    gravity: Gravity::Error,
                    message: "Unfurl drops the filters written before this bracket \
                              (a `?` or test between `]` and a bracket ends the segment)"
                        .to_string(),
                });
            }
            last.filters = filters;
        }
        (paths, rest)
    }

    /// `parse_path`: the segments between `::`; after a `]` (`start` given) the first
    /// piece only lends its test and modifier to `start`, unless it is empty.
    fn path(&mut self, from: usize, to: usize, start: Option<Segment>) -> Vec<Segment> {
        let text = self.text.get(from..to).unwrap_or("");
        let mut segments = Vec::new();
        let mut at = from;
        for piece in text.split("::") {
            segments.push(key_segment(piece, at));
            at += piece.len() + 2;
        }
        let Some(start) = start else {
            return segments;
        };
        if text.starts_with("::") || text.is_empty() {
            segments.insert(0, start);
            return segments;
        }
        let first = segments.remove(0);
        if !first.key.is_empty() {
            let shown = self.text.get(first.at.clone()).unwrap_or("");
            self.problems.push(Problem {
                at: first.at.clone(),
                gravity: Gravity::Error,
                message: format!(
                    "Unfurl ignores `{shown}`: after `]` only `[`, `::`, `?` or a test \
                     (`=value`, `!=value`) may follow"
                ),
            });
        }
        if let (Some(dropped), Some(_)) = (&start.test, &first.test) {
            let op = if dropped.op == TestOp::Eq { "=" } else { "!=" };
            self.problems.push(Problem {
                at: first.at.start..to,
                gravity: Gravity::Error,
                message: format!(
                    "Unfurl drops the test `{op}{}` written before: a segment has one test",
                    dropped.value
                ),
            });
        }
        let merged = Segment {
            test: first.test.or(start.test.clone()),
            modifier: if first.modifier != Modifier::None {
                first.modifier
            } else {
                start.modifier
            },
            ..start
        };
        segments.insert(0, merged);
        segments
    }
}

/// `parse_path_key`: one piece between `::` (stripped), at offset `at`.
fn key_segment(piece: &str, at: usize) -> Segment {
    let lead = piece.len() - piece.trim_start_matches(py_space).len();
    let stripped = piece.trim_matches(py_space);
    let mut start = at + lead;
    if stripped.is_empty() {
        return Segment::empty(start);
    }
    let mut body = stripped;
    let mut modifier = Modifier::None;
    if let Some(b) = body.strip_prefix('!') {
        body = b;
        start += 1;
        modifier = Modifier::Not;
    } else if let Some(b) = body.strip_suffix('?') {
        body = b;
        modifier = Modifier::First;
    }
    let (key_text, test) = match split_test(body) {
        Some((i, op, value)) => (&body[..i], Some(Test { op, value })),
        None => (body, None),
    };
    Segment {
        key: make_key(key_text),
        at: start..start + key_text.len(),
        test,
        modifier,
        filters: Vec::new(),
    }
}

/// The first `=` or `!=` (`re.split(r"(=|!=)", s, 1)`): where, which, and the value after.
fn split_test(body: &str) -> Option<(usize, TestOp, String)> {
    let bytes = body.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'=' {
            return Some((i, TestOp::Eq, body[i + 1..].to_string()));
        }
        if b == b'!' && bytes.get(i + 1) == Some(&b'=') {
            return Some((i, TestOp::Ne, body[i + 2..].to_string()));
        }
    }
    None
}

/// Python's `int(key)` when it succeeds (ASCII digits), else the text.
fn make_key(text: &str) -> Key {
    let t = text.trim_matches(py_space);
    let (negative, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let well_formed = !digits.is_empty()
        && !digits.starts_with('_')
        && !digits.ends_with('_')
        && !digits.contains("__")
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'_');
    if !well_formed {
        return Key::Str(text.to_string());
    }
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    match clean.parse::<i64>() {
        Ok(n) => Key::Int(if negative { -n } else { n }),
        Err(_) => Key::Str(text.to_string()),
    }
}

/// Brackets as the grammar nests them: the first `[` left open is an error, a `]` with
/// no `[` open a warning.
fn brackets(text: &str, problems: &mut Vec<Problem>) {
    let mut open = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            '[' => open.push(i),
            ']' if open.pop().is_none() => problems.push(Problem {
                at: i..i + 1,
                gravity: Gravity::Warning,
                message: "`]` closes no `[` (Unfurl reads it as the end of a segment)".to_string(),
            }),
            _ => {}
        }
    }
    if let Some(&first) = open.first() {
        problems.push(Problem {
            at: first..first + 1,
            gravity: Gravity::Error,
            message: "`[` is never closed (Unfurl reads the filter as ending with the expression)"
                .to_string(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(segments: &[Segment]) -> Vec<String> {
        segments
            .iter()
            .map(|s| match &s.key {
                Key::Str(k) => k.clone(),
                Key::Int(n) => format!("#{n}"),
            })
            .collect()
    }

    #[test]
    fn filters_nested_past_the_limit_are_an_error_not_a_stack_overflow() {
        let text = format!("a{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let expr = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(move || parse(&text))
            .expect("a thread")
            .join()
            .expect("no overflow");
        let errors: Vec<(Range, &str)> = expr
            .problems
            .iter()
            .map(|p| (p.at.clone(), p.message.as_str()))
            .collect();
        assert_eq!(
            errors,
            [(
                257..258,
                "filters nested more than 256 deep (Unfurl fails on it): rein reads no further"
            )]
        );
        assert_eq!(keys(&expr.segments), ["a"]);
    }

    #[test]
    fn reads_as_unfurl() {
        let e = parse("::root::.instances[name=web]::port?");
        // Unfurl reads `]::` as a `]`, an empty segment and `::`.
        assert_eq!(keys(&e.segments), ["", "root", ".instances", "", "port"]);
        assert_eq!(e.segments[2].filters.len(), 1);
        assert_eq!(
            e.segments[2].filters[0][0].test,
            Some(Test {
                op: TestOp::Eq,
                value: "web".into()
            })
        );
        assert_eq!(e.segments[4].modifier, Modifier::First);
        assert!(e.problems.is_empty());
        assert_eq!(keys(&parse("0::-1").segments), ["#0", "#-1"]);
        // A second filter is read as a filter of an empty key, and an empty segment follows.
        let e = parse("x[a][c]::d");
        assert_eq!(keys(&e.segments), ["x", "", "d"]);
        assert_eq!(keys(&e.segments[0].filters[1]), [""]);
    }

    #[test]
    fn problems_with_places() {
        let p = parse("a[b]c").problems;
        assert_eq!((p[0].at.clone(), p[0].gravity), (4..5, Gravity::Error));
        let p = parse("ab[c").problems;
        assert_eq!((p[0].at.clone(), p[0].gravity), (2..3, Gravity::Error));
        let p = parse("a]::b").problems;
        assert_eq!((p[0].at.clone(), p[0].gravity), (1..2, Gravity::Warning));
        assert_eq!(parse("").problems[0].gravity, Gravity::Error);
        assert_eq!(parse("1::a").problems[0].at, 0..1);
        assert!(parse("a[b]?::c[!d]").problems.is_empty());
    }
}
