//! Dropping the errors that only follow from an earlier one: after a syntax error the
//! parser is out of step until the next statement at the error's level.

use crate::syntax::parsed::{Severity, SyntaxError};
use crate::syntax::source_map::LineIndex;

/// Can this error be a consequence of an earlier one (the parser out of step after it)?
/// Lexical errors and warnings never are; "unexpected X" and the errors Puppet raises on
/// odd statement shapes (which garbage after an error produces) can be.
fn is_cascadable(e: &SyntaxError) -> bool {
    let m = e.message.as_str();
    e.severity == Severity::Error
        && (m.starts_with("unexpected ")
            || m.starts_with("Syntax error at")
            || m.starts_with("attempt to pass argument list to the function")
            || m == "illegal comma separated argument list"
            || m == "Expression is not valid as a resource, resource-default, or resource-override")
}

/// Drops errors that merely follow from an earlier error (see [`is_cascadable`]) before
/// the parser is back in step: until a line indented no deeper than the line of the last
/// reported error, that is, the next statement at that level. Without this, a deleted `{`
/// gives one error per line of the resource body after it. `errors` must be sorted by
/// position; the first error is always kept.
pub fn drop_cascades(
    source: &str,
    index: &LineIndex,
    errors: Vec<SyntaxError>,
) -> Vec<SyntaxError> {
    let mut out: Vec<SyntaxError> = Vec::with_capacity(errors.len());
    // (line, indentation) of the last reported error, and the last line known not to
    // start a statement at that indentation (so each line is looked at once).
    let mut last: Option<(usize, usize)> = None;
    let mut checked = 0usize;
    for e in errors {
        if e.severity != Severity::Error {
            out.push(e);
            continue;
        }
        let line = index.line(e.span.start());
        let in_cascade = match last {
            Some((last_line, indent)) => {
                let from = checked.max(last_line) + 1;
                let resynced = (from..=line)
                    .any(|l| indentation(source, index, l).is_some_and(|i| i <= indent));
                if !resynced {
                    checked = checked.max(line);
                }
                !resynced
            }
            None => false,
        };
        if in_cascade {
            // Inside the zone of an earlier error: only errors that stand on their own
            // (lexical ones) are kept, and the zone goes on.
            if !is_cascadable(&e) {
                out.push(e);
            }
            continue;
        }
        last = Some((line, indentation(source, index, line).unwrap_or(0)));
        checked = line;
        out.push(e);
    }
    out
}

/// The indentation (in characters) of a 1-based line, or None for a blank or comment line.
fn indentation(source: &str, index: &LineIndex, line: usize) -> Option<usize> {
    let start = index.line_start(line)?;
    let end = index.line_start(line + 1).unwrap_or(source.len());
    let text = source.get(start..end)?;
    let trimmed = text.trim_start_matches([' ', '\t']);
    if trimmed.trim().is_empty() || trimmed.starts_with('#') {
        return None;
    }
    Some(text.len() - trimmed.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::Span;

    fn err(source: &str, line: usize, col: usize, message: &str) -> SyntaxError {
        let index = LineIndex::new(source);
        let at = index.line_start(line).unwrap_or(0) + col - 1;
        SyntaxError {
            span: Span::new(at, at + 1),
            message: message.to_string(),
            severity: Severity::Error,
        }
    }

    #[test]
    fn cascades_stop_at_a_statement_as_shallow_as_the_error() {
        let source = "class a {\n  x 'y':\n    a => 1,\n    # c\n\n    b => 2,\n  }\n  z 1, 2\n}\n";
        let index = LineIndex::new(source);
        let errors = vec![
            err(source, 2, 8, "unexpected `:`"),
            err(source, 3, 7, "unexpected `=>`"),
            err(source, 3, 9, "Not a valid octal number 09"),
            err(source, 6, 7, "attempt to pass argument list to the function 'b' which cannot be called without parentheses"),
            err(source, 7, 3, "unexpected `}`"),
            err(source, 8, 6, "illegal comma separated argument list"),
        ];
        let kept: Vec<(usize, String)> = drop_cascades(source, &index, errors)
            .into_iter()
            .map(|e| (index.line(e.span.start()), e.message))
            .collect();
        assert_eq!(
            kept,
            [
                (2, "unexpected `:`".to_string()),
                (3, "Not a valid octal number 09".to_string()),
                (7, "unexpected `}`".to_string()),
                (8, "illegal comma separated argument list".to_string()),
            ]
        );
    }
}
