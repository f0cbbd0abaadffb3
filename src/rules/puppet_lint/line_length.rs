//! The body of the two line-length checks, `140chars` and `80chars`, which differ only in
//! the length they allow.

use crate::rules::{Context, Diagnostic};
use crate::syntax::Span;

use crate::rules::lint_tokens::chars;

/// The line-length checks (`140chars`, `80chars`): a line longer than `max` characters
/// (a `\r` before the line end counts, as in puppet-lint), unless it holds `://` or
/// `template(`. The finding starts at column `max`, where puppet-lint reports it.
pub fn check_line_length(cx: &mut Context<'_>, max: usize) {
    let mut found = Vec::new();
    for (_, span) in cx.lines() {
        let line = cx.text(span);
        // No more characters than bytes: most lines are let through on their length.
        if line.len() <= max
            || line.contains("://")
            || line.contains("template(")
            || chars(line) <= max
        {
            continue;
        }
        let start = line
            .char_indices()
            .nth(max.saturating_sub(1))
            .map_or(span.start(), |(i, _)| span.start() + i);
        found.push(Span::new(start, span.end()));
    }
    for span in found {
        cx.report(Diagnostic::new(
            span,
            format!("line has more than {max} characters"),
        ));
    }
}
