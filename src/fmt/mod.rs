//! `rein fmt`: the Puppet formatter.
//!
//! [`format_source`] parses a manifest, builds a document from the AST (`format`), prints
//! it (`doc`), proves every comment was printed once and in order, and (unless told not
//! to) verifies the result: the output must parse without errors, have the same PN as the
//! input (rein's own AST dump, which ignores layout, quote style and `$x`/`${x}`) and the
//! same comment texts in the same order. Configuration lives in [`config`].

pub mod config;
pub mod doc;
mod format;
pub mod line_diff;
mod pn_digest;

use crate::syntax::{self, pn, ParsedFile, Span};

pub use config::FormatConfig;

/// Why a file could not be formatted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormatError {
    /// The input has syntax errors (first one: line, column, message).
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    /// The formatter produced output that failed its own checks (a bug in rein).
    Internal(String),
    /// The code nests deeper than [`MAX_DEPTH`] (line and column of the first expression
    /// that deep, and its depth).
    TooDeep {
        line: usize,
        column: usize,
        depth: usize,
    },
}

/// The deepest nesting of expressions the formatter lays out. Deeper code is refused: its
/// indentation alone would grow with the square of the depth, and laying it out recurses
/// with it (this much fits on an 8 MB stack).
pub const MAX_DEPTH: usize = 500;

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormatError::Syntax {
                line,
                column,
                message,
            } => write!(f, "{line}:{column}: syntax error: {message}"),
            FormatError::Internal(m) => write!(f, "internal error: {m}"),
            FormatError::TooDeep {
                line,
                column,
                depth,
            } => write!(
                f,
                "{line}:{column}: nesting too deep to format: {depth} levels (the formatter lays out up to {MAX_DEPTH})"
            ),
        }
    }
}

/// Formats Puppet source text. `verify` runs the safety check on the result.
pub fn format_source(
    source: &str,
    config: &FormatConfig,
    verify: bool,
) -> Result<String, FormatError> {
    // Files written with CRLF throughout are formatted as LF and converted back.
    let crlf =
        source.contains("\r\n") && source.matches('\n').count() == source.matches("\r\n").count();
    let lf;
    let text = if crlf {
        lf = source.replace("\r\n", "\n");
        lf.as_str()
    } else {
        source
    };
    // The formatter reads the AST only: the concrete tree's memory is given back as soon
    // as it is lowered.
    let parsed = syntax::parse_ast_only(text.to_string());
    if let Some((line, column, e)) = parsed.first_error() {
        return Err(FormatError::Syntax {
            line,
            column,
            message: e.message.clone(),
        });
    }
    let mut out = format_parsed(&parsed, config)?;
    // Output the same as the input (a formatted file, as in `fmt --check` in CI) parses as
    // the input did: nothing to verify.
    if verify && out != text {
        // Only the input's PN and comment spans are kept while the output is parsed: a
        // large file's two ASTs are never held at once.
        let expected = Expected::of(&parsed);
        drop(parsed);
        out = expected.check(text, out)?;
    }
    Ok(if crlf { out.replace('\n', "\r\n") } else { out })
}

/// Formats an already parsed, error-free file (no verification).
pub fn format_parsed(parsed: &ParsedFile, config: &FormatConfig) -> Result<String, FormatError> {
    let (depth, at) = syntax::visit::nesting_depth(&parsed.program);
    if depth > MAX_DEPTH {
        let (line, column) = parsed.line_index.line_col(&parsed.source, at.start());
        return Err(FormatError::TooDeep {
            line,
            column,
            depth,
        });
    }
    let mut f = format::Formatter::new(parsed, config);
    // Each statement's document is printed and dropped as soon as it is formatted.
    let mut printer = doc::Stream::new(config.line_width, config.indent_width);
    f.program_each(&parsed.program, &mut |d| printer.print(&d));
    let printed = printer.finish();
    let expected: Vec<usize> = (0..parsed.comments.len()).collect();
    if printed.comments != expected {
        let first = first_difference(&printed.comments, &expected);
        let at = parsed
            .comments
            .get(first)
            .map(|c| parsed.line_index.line_col(&parsed.source, c.span.start()))
            .unwrap_or((0, 0));
        return Err(FormatError::Internal(format!(
            "comments not printed exactly once in order (printed {}, have {}; first difference at comment {} near {}:{})",
            printed.comments.len(),
            expected.len(),
            first + 1,
            at.0,
            at.1
        )));
    }
    let mut text = printed.text;
    while text.ends_with("\n\n") {
        text.pop();
    }
    if text.trim().is_empty() {
        text.clear();
    }
    // The printer grew it by doubling; the safety check holds it beside a parse.
    text.shrink_to_fit();
    Ok(text)
}

/// The safety check: `out` parses, has the same PN and the same comments as `input`.
pub fn check_equivalent(input: &ParsedFile, out: &str) -> Result<(), FormatError> {
    Expected::of(input)
        .check(&input.source, out.to_string())
        .map(|_| ())
}

/// What the safety check compares a formatter's output with: the digest of the input's
/// PN (the text itself is made again only to say where an output differs) and the spans
/// of its comments (in the input's source).
struct Expected {
    keys: pn_digest::Keys,
    pn: (u64, u64),
    comments: Vec<Span>,
}

impl Expected {
    fn of(input: &ParsedFile) -> Expected {
        let keys = pn_digest::Keys::new();
        Expected {
            pn: keys.digest(&input.program),
            keys,
            comments: input.comments.iter().map(|c| c.span).collect(),
        }
    }

    /// Checks `out` against the input whose source is `source`; gives `out` back (moved
    /// into the parse, not copied).
    fn check(&self, source: &str, out: String) -> Result<String, FormatError> {
        let mut again = syntax::parse_ast_only(out);
        if let Some((l, c, e)) = again.first_error() {
            return Err(FormatError::Internal(format!(
                "formatted output does not parse ({l}:{c}: {})",
                e.message
            )));
        }
        if self.keys.digest(&again.program) != self.pn {
            let a = pn::to_pn(&syntax::parse_ast_only(source.to_string()).program);
            let b = pn::to_pn(&again.program);
            let i = first_difference(a.as_bytes(), b.as_bytes());
            let ctx = |s: &str| -> String {
                let lo = s.floor_char_boundary_compat(i.saturating_sub(30));
                let hi = s.floor_char_boundary_compat((i + 30).min(s.len()));
                s.get(lo..hi).unwrap_or("").to_string()
            };
            return Err(FormatError::Internal(format!(
                "formatting changed the syntax tree: before `{}`, after `{}`",
                ctx(&a),
                ctx(&b)
            )));
        }
        let ca: Vec<&str> = self
            .comments
            .iter()
            .map(|s| comment_text(source, *s))
            .collect();
        let cb: Vec<&str> = again
            .comments
            .iter()
            .map(|c| comment_text(&again.source, c.span))
            .collect();
        if ca != cb {
            let i = first_difference(&ca, &cb);
            return Err(FormatError::Internal(format!(
                "formatting changed comment {}: before {:?}, after {:?}",
                i + 1,
                ca.get(i).copied().unwrap_or("(none)"),
                cb.get(i).copied().unwrap_or("(none)")
            )));
        }
        Ok(std::mem::take(&mut again.source))
    }
}

/// The index of the first element where `a` and `b` differ (the shorter length when one
/// is a prefix of the other).
fn first_difference<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    a.iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()))
}

/// The text of the comment at `span` in `source`, without trailing white space.
fn comment_text(source: &str, span: Span) -> &str {
    source
        .get(span.start()..span.end())
        .unwrap_or("")
        .trim_end()
}

trait FloorBoundary {
    fn floor_char_boundary_compat(&self, i: usize) -> usize;
}

impl FloorBoundary for str {
    fn floor_char_boundary_compat(&self, mut i: usize) -> usize {
        while i > 0 && !self.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
}
