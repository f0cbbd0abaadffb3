//! `# lint:ignore:NAME` suppression, compatible with puppet-lint: finding the directive
//! comments of a file, dropping (or marking) the findings they suppress, and reporting the
//! problems of the directives themselves under the rules of the `suppression` family (an
//! unknown rule name, a block without `# lint:endignore`, a directive that suppressed
//! nothing).
//!
//! Semantics (puppet-lint's): a comment whose text starts with `lint:ignore:NAME` or
//! `lint:endignore` is a directive; several `lint:ignore:` words may lead one comment, and
//! the rest of it is the reason. After code on the same line, it covers that line. On a
//! line of its own it opens a block that the next `lint:endignore` closes (blocks nest as a
//! stack); the block covers every line from the directive to the `lint:endignore`. An
//! unclosed block covers nothing. `syntax` cannot be suppressed.

use super::registry;
use super::suppression::{suppression_unclosed, suppression_unknown_rule, suppression_unused};
use super::{Diagnostic, Severity};
use crate::syntax::{Comment, CommentKind, LineIndex, Span};

/// The text directives are read from: a manifest or template, or a YAML file.
#[derive(Clone, Copy)]
pub struct Commented<'a> {
    pub source: &'a str,
    pub comments: &'a [Comment],
    pub line_index: &'a LineIndex,
}

/// puppet-lint plugin checks rein does not implement: a directive naming one of them is not
/// reported as unknown (a test keeps this list free of rein's own rule names).
pub const FOREIGN_CHECKS: &[&str] = &[
    "check_unsafe_interpolations",
    "empty_string_assignment",
    "reference_on_declaration_outside_of_class",
    "reference_on_foreign_class",
    "source_without_rights",
    "spaceship_operator_without_tag",
    "stdlib_deprecated_functions",
    "undef_in_function",
    "unsafe_interpolations",
];

/// One `lint:ignore:NAME` word of a directive.
#[derive(Debug)]
struct Name {
    /// As written.
    text: String,
    /// The canonical rule name, when the name is a known rule.
    rule: Option<&'static str>,
    span: Span,
    used: bool,
}

/// A directive comment.
#[derive(Debug)]
struct Directive {
    span: Span,
    /// 0-based line of the comment.
    line: usize,
    /// After code on the same line.
    trailing: bool,
    names: Vec<Name>,
    endignore: bool,
    /// The text after the names (trimmed): why the rules are ignored.
    reason: String,
}

/// A region where some rules are suppressed.
#[derive(Debug)]
struct Region {
    directive: usize,
    first_line: usize,
    last_line: usize,
}

/// Parses the directive words of one comment (`None` when it is not a directive).
/// The words of one directive comment: the names with their spans, whether it is an
/// `endignore`, and the reason.
type DirectiveWords = (Vec<(String, Span)>, bool, String);

fn parse_directive(text: &str, offset: usize) -> Option<DirectiveWords> {
    let trimmed_start = text.len() - text.trim_start().len();
    let mut pos = trimmed_start;
    let mut names = Vec::new();
    let mut endignore = false;
    loop {
        let rest = text.get(pos..)?;
        if let Some(after) = rest.strip_prefix("lint:ignore:") {
            let len = after
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            if len == 0 {
                break;
            }
            let start = pos + "lint:ignore:".len();
            names.push((
                after.get(..len).unwrap_or("").to_string(),
                Span::new(offset + start, offset + start + len),
            ));
            pos = start + len;
        } else if rest.starts_with("lint:endignore") && names.is_empty() {
            endignore = true;
            break;
        } else {
            break;
        }
        let rest = text.get(pos..).unwrap_or("");
        let ws = rest.len() - rest.trim_start().len();
        if ws == 0 {
            break;
        }
        pos += ws;
    }
    if names.is_empty() && !endignore {
        return None;
    }
    let reason = if endignore {
        String::new()
    } else {
        text.get(pos..).unwrap_or("").trim().to_string()
    };
    Some((names, endignore, reason))
}

fn directives(file: Commented<'_>) -> Vec<Directive> {
    let mut out = Vec::new();
    for c in file.comments {
        let raw = file.source.get(c.span.start()..c.span.end()).unwrap_or("");
        let (body, skip) = match c.kind {
            CommentKind::Line => (raw.strip_prefix('#').unwrap_or(raw), 1),
            CommentKind::Block => (
                raw.strip_prefix("/*")
                    .map(|s| s.strip_suffix("*/").unwrap_or(s))
                    .unwrap_or(raw),
                2,
            ),
        };
        let Some((names, endignore, reason)) = parse_directive(body, c.span.start() + skip) else {
            continue;
        };
        let line_start = file
            .source
            .get(..c.span.start())
            .map_or(0, |s| s.rfind('\n').map_or(0, |i| i + 1));
        let before = file.source.get(line_start..c.span.start()).unwrap_or("");
        let trailing = !before.trim().is_empty();
        let line = file.line_index.line(c.span.start());
        out.push(Directive {
            span: c.span,
            line,
            trailing,
            names: names
                .into_iter()
                .map(|(text, span)| Name {
                    rule: registry::find(&text).map(|r| r.meta().name),
                    text,
                    span,
                    used: false,
                })
                .collect(),
            endignore,
            reason,
        });
    }
    out
}

/// A finding of the directive rule `rule` (the severity is set when it is reported).
fn finding(
    rule: &'static str,
    span: Span,
    message: impl Into<std::borrow::Cow<'static, str>>,
) -> Diagnostic {
    let mut d = Diagnostic::new(span, message);
    d.rule = rule;
    d
}

/// The regions the directives cover (puppet-lint's block stack), and the findings about
/// blocks never closed and closings without a block.
fn regions(dirs: &[Directive]) -> (Vec<Region>, Vec<Diagnostic>) {
    let mut found = Vec::new();
    let mut regions = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    for (i, d) in dirs.iter().enumerate() {
        if d.endignore {
            match stack.pop() {
                Some(open) => {
                    if let Some(o) = dirs.get(open) {
                        regions.push(Region {
                            directive: open,
                            first_line: o.line,
                            last_line: d.line,
                        });
                    }
                }
                None => found.push(finding(
                    suppression_unclosed::NAME,
                    d.span,
                    "`lint:endignore` without an opening `lint:ignore:` block",
                )),
            }
        } else if d.trailing {
            regions.push(Region {
                directive: i,
                first_line: d.line,
                last_line: d.line,
            });
        } else {
            stack.push(i);
        }
    }
    for open in stack {
        if let Some(d) = dirs.get(open) {
            let names: Vec<&str> = d.names.iter().map(|n| n.text.as_str()).collect();
            found.push(
                finding(
                    suppression_unclosed::NAME,
                    d.span,
                    format!(
                        "`lint:ignore:{}` block is never closed by `# lint:endignore`, so it suppresses nothing",
                        names.join(" lint:ignore:")
                    ),
                )
                .with_help("add `# lint:endignore` after the lines to ignore, or put the directive at the end of the one line it is for"),
            );
        }
    }
    (regions, found)
}

/// The findings about the names of the directives once they have been applied: names of no
/// rule, and names of an enabled rule whose directive suppressed nothing.
fn name_findings(
    dirs: &[Directive],
    regions: &[Region],
    severity_of: &dyn Fn(&str) -> Option<Severity>,
    broken: bool,
) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for (idx, d) in dirs.iter().enumerate() {
        let has_region = regions.iter().any(|r| r.directive == idx);
        for n in &d.names {
            match n.rule {
                None if !FOREIGN_CHECKS.contains(&n.text.as_str()) => found.push(
                    finding(
                        suppression_unknown_rule::NAME,
                        n.span,
                        format!("unknown rule `{}` in `lint:ignore:`", n.text),
                    )
                    .with_help("`rein rule` lists every rule name"),
                ),
                // A directive for a rule that is off cannot suppress anything: that is
                // the configuration's doing, not a stale directive.
                Some(rule)
                    if !n.used
                        && !broken
                        && has_region
                        && rule != super::syntax::NAME
                        && severity_of(rule).is_some() =>
                {
                    found.push(
                        finding(
                            suppression_unused::NAME,
                            n.span,
                            format!("`lint:ignore:{}` suppresses nothing here", n.text),
                        )
                        .with_help("remove the directive"),
                    );
                }
                _ => {}
            }
        }
    }
    found
}

/// Applies the directives of `file` to `diagnostics`: drops the suppressed ones (or, when
/// `keep_ignored`, marks them [`Diagnostic::ignored`] with the directive's reason) and adds
/// the findings of the three directive rules (when `severity_of` gives them a severity: the
/// severity of an enabled rule by name). `broken` says the file had syntax errors (rules
/// did not run, so no directive can be called unused).
pub fn apply(
    file: Commented<'_>,
    diagnostics: Vec<Diagnostic>,
    severity_of: &dyn Fn(&str) -> Option<Severity>,
    broken: bool,
    keep_ignored: bool,
) -> Vec<Diagnostic> {
    let mut dirs = directives(file);
    if dirs.is_empty() {
        return diagnostics;
    }
    let (regions, mut extra) = regions(&dirs);
    // In place: a big file has a finding per line or more.
    let mut kept = diagnostics;
    kept.retain_mut(|diag| {
        if diag.rule == super::syntax::NAME {
            return true;
        }
        let line = file.line_index.line(diag.span.start());
        let mut suppressed: Option<String> = None;
        for r in &regions {
            if line < r.first_line || line > r.last_line {
                continue;
            }
            if let Some(d) = dirs.get_mut(r.directive) {
                for n in d.names.iter_mut() {
                    if n.rule == Some(diag.rule) {
                        n.used = true;
                        suppressed.get_or_insert_with(|| d.reason.clone());
                    }
                }
            }
        }
        match suppressed {
            None => true,
            Some(reason) if keep_ignored => {
                diag.set_ignored(reason);
                true
            }
            Some(_) => false,
        }
    });
    extra.extend(name_findings(&dirs, &regions, severity_of, broken));
    for mut e in extra {
        if let Some(sev) = severity_of(e.rule) {
            e.severity = sev;
            kept.push(e);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::FOREIGN_CHECKS;

    #[test]
    fn foreign_checks_are_not_rein_rules() {
        let own: Vec<&str> = crate::rules::registry::all()
            .iter()
            .map(|r| r.meta().name)
            .collect();
        let stale: Vec<&&str> = FOREIGN_CHECKS.iter().filter(|c| own.contains(c)).collect();
        assert!(stale.is_empty(), "rein has these checks now: {stale:?}");
    }
}
