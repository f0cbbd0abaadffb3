//! Diagnostics: findings with positions, and their output formats.
//!
//! A [`Finding`] is one problem in one file, with 1-based line and column (columns count
//! characters) of its start and end. Findings are printed in one of three formats:
//! `human` (a code frame per finding, by codespan-reporting), `concise` (one line per
//! finding: `path:line:col: severity[rule] message`) and `json` (one JSON array of objects
//! `{"file","line","column","end_line","end_column","rule","severity","message"}`).

use std::io::{self, Write};

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::WriteColor};
use serde::Serialize;

use crate::syntax::{self, LineIndex, Span, SyntaxError};

/// How bad a finding is. Only errors change the exit status of `rein check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl From<syntax::Severity> for Severity {
    fn from(s: syntax::Severity) -> Severity {
        match s {
            syntax::Severity::Error => Severity::Error,
            syntax::Severity::Warning => Severity::Warning,
        }
    }
}

/// One problem found in one file. Field order is the JSON output order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The file's path as displayed.
    pub file: String,
    /// 1-based line of the start.
    pub line: usize,
    /// 1-based column (in characters) of the start.
    pub column: usize,
    /// 1-based line of the end (exclusive end position).
    pub end_line: usize,
    /// 1-based column of the end: the column just after the last character.
    pub end_column: usize,
    /// The rule that found it (`syntax` for parse errors).
    pub rule: String,
    pub severity: Severity,
    pub message: String,
    /// What to do about it, when the rule says more than the message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// The rule's fix, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<FindingFix>,
    /// The byte range in the source, for code frames.
    #[serde(skip)]
    pub span: Span,
}

/// A fix as printed: its safety and its edits with 1-based positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FindingFix {
    pub applicability: crate::rules::Applicability,
    pub edits: Vec<FindingEdit>,
}

/// One edit of a fix: replace the text from (line, column) to (end_line, end_column).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FindingEdit {
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub replacement: String,
}

/// The rule name of syntax errors and warnings.
pub const SYNTAX_RULE: &str = "syntax";

impl Finding {
    /// A finding for a syntax error or warning of the file `file` with text `source`.
    pub fn from_syntax(file: &str, source: &str, index: &LineIndex, e: &SyntaxError) -> Finding {
        Finding::new(
            file,
            source,
            index,
            e.span,
            SYNTAX_RULE,
            e.severity.into(),
            &e.message,
        )
    }

    /// A finding at the byte range `span` of `source`.
    pub fn new(
        file: &str,
        source: &str,
        index: &LineIndex,
        span: Span,
        rule: &str,
        severity: Severity,
        message: &str,
    ) -> Finding {
        let start = floor_char_boundary(source, span.start());
        let end = floor_char_boundary(source, span.end()).max(start);
        let (line, column) = index.line_col(source, start);
        let (end_line, end_column) = index.line_col(source, end);
        Finding {
            file: file.to_string(),
            line,
            column,
            end_line,
            end_column,
            rule: rule.to_string(),
            severity,
            message: message.to_string(),
            help: None,
            fix: None,
            span: Span::new(start, end),
        }
    }

    /// A finding for a rule's diagnostic in the file `file` with text `source`.
    pub fn from_diagnostic(
        file: &str,
        source: &str,
        index: &LineIndex,
        d: &crate::rules::Diagnostic,
    ) -> Finding {
        let mut f = Finding::new(file, source, index, d.span, d.rule, d.severity, &d.message);
        f.help = d.help.clone();
        f.fix = d.fix.as_ref().map(|fix| FindingFix {
            applicability: fix.applicability,
            edits: fix
                .edits
                .iter()
                .map(|e| {
                    let start = floor_char_boundary(source, e.span.start());
                    let end = floor_char_boundary(source, e.span.end()).max(start);
                    let (line, column) = index.line_col(source, start);
                    let (end_line, end_column) = index.line_col(source, end);
                    FindingEdit {
                        line,
                        column,
                        end_line,
                        end_column,
                        replacement: e.replacement.clone(),
                    }
                })
                .collect(),
        });
        f
    }

    /// `path:line:col: severity[rule] message`.
    pub fn concise(&self) -> String {
        format!(
            "{}:{}:{}: {}[{}] {}",
            self.file,
            self.line,
            self.column,
            self.severity.as_str(),
            self.rule,
            self.message
        )
    }
}

/// The largest char boundary of `s` at or before `offset` (clamped to the length).
pub fn floor_char_boundary(s: &str, offset: usize) -> usize {
    let mut i = offset.min(s.len());
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The findings of one file, with its text for code frames.
#[derive(Clone, Debug)]
pub struct FileReport {
    pub path: String,
    pub source: String,
    pub findings: Vec<Finding>,
}

/// The output formats of `rein check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A code frame per finding and a summary.
    #[value(alias = "human")]
    Text,
    /// One line per finding: `path:line:col: severity[rule] message`.
    Concise,
    /// One JSON array of findings.
    Json,
}

/// Writes `reports` to standard output in `format`; `color` says whether to colour it.
pub fn write(
    format: Format,
    reports: &[FileReport],
    files_checked: usize,
    color: bool,
) -> io::Result<()> {
    let stdout = std::io::stdout();
    match format {
        Format::Text => {
            use codespan_reporting::term::termcolor::{ColorChoice, StandardStream};
            let choice = if color {
                ColorChoice::Always
            } else {
                ColorChoice::Never
            };
            let stream = StandardStream::stdout(choice);
            let mut lock = stream.lock();
            write_human(&mut lock, reports, files_checked)
        }
        Format::Concise => {
            let mut lock = stdout.lock();
            write_concise(&mut lock, reports).and_then(|_| lock.flush())
        }
        Format::Json => {
            let mut lock = stdout.lock();
            write_json(&mut lock, reports).and_then(|_| lock.flush())
        }
    }
}

/// Sorts reports by path and each report's findings by position.
pub fn sort_reports(reports: &mut [FileReport]) {
    reports.sort_by(|a, b| a.path.cmp(&b.path));
    for r in reports.iter_mut() {
        sort_findings(&mut r.findings);
    }
}

/// Sorts findings by file, line, column, then end. The sort is stable: findings at the same
/// place keep the order they were produced in (the lowering's order, which is Puppet's:
/// two escape warnings at the end of one string part come out in source order).
pub fn sort_findings(findings: &mut [Finding]) {
    findings.sort_by(|a, b| {
        (&a.file, a.line, a.column, a.end_line, a.end_column).cmp(&(
            &b.file,
            b.line,
            b.column,
            b.end_line,
            b.end_column,
        ))
    });
}

/// Counts of errors and warnings.
pub fn count(reports: &[FileReport]) -> (usize, usize) {
    let mut errors = 0;
    let mut warnings = 0;
    for f in reports.iter().flat_map(|r| &r.findings) {
        match f.severity {
            Severity::Error => errors += 1,
            Severity::Warning => warnings += 1,
        }
    }
    (errors, warnings)
}

/// One line per finding: `path:line:col: severity[rule] message`.
pub fn write_concise(w: &mut dyn Write, reports: &[FileReport]) -> io::Result<()> {
    for f in reports.iter().flat_map(|r| &r.findings) {
        writeln!(w, "{}", f.concise())?;
    }
    Ok(())
}

/// One JSON array of all findings, then a newline.
pub fn write_json(w: &mut dyn Write, reports: &[FileReport]) -> io::Result<()> {
    let all: Vec<&Finding> = reports.iter().flat_map(|r| &r.findings).collect();
    serde_json::to_writer_pretty(&mut *w, &all).map_err(io::Error::other)?;
    writeln!(w)
}

/// A code frame per finding (codespan-reporting), then a summary line.
pub fn write_human(
    w: &mut dyn WriteColor,
    reports: &[FileReport],
    files_checked: usize,
) -> io::Result<()> {
    let config = term::Config::default();
    for r in reports {
        if r.findings.is_empty() {
            continue;
        }
        let file = SimpleFile::new(r.path.as_str(), r.source.as_str());
        for f in &r.findings {
            let diagnostic = match f.severity {
                Severity::Error => Diagnostic::error(),
                Severity::Warning => Diagnostic::warning(),
            };
            let start = floor_char_boundary(&r.source, f.span.start());
            let end = floor_char_boundary(&r.source, f.span.end()).max(start);
            let diagnostic = diagnostic
                .with_code(f.rule.as_str())
                .with_message(f.message.as_str())
                .with_labels(vec![Label::primary((), start..end)]);
            if term::emit(w, &config, &file, &diagnostic).is_err() {
                // The frame could not be drawn: fall back to the one-line form.
                writeln!(w, "{}", f.concise())?;
            }
        }
    }
    let (errors, warnings) = count(reports);
    let files = plural(files_checked, "file", "files");
    if errors == 0 && warnings == 0 {
        writeln!(w, "Checked {files}: no problems found.")
    } else {
        writeln!(
            w,
            "Checked {files}: {}, {}.",
            plural(errors, "error", "errors"),
            plural(warnings, "warning", "warnings")
        )
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(source: &str, start: usize, end: usize) -> Finding {
        let index = LineIndex::new(source);
        Finding::new(
            "f.pp",
            source,
            &index,
            Span::new(start, end),
            SYNTAX_RULE,
            Severity::Error,
            "bad",
        )
    }

    #[test]
    fn positions_are_one_based_characters() {
        let f = finding("$x = 'ééé' ]\n$y", 14, 15);
        assert_eq!((f.line, f.column, f.end_line, f.end_column), (1, 12, 1, 13));
        let f = finding("a\nbc\n", 3, 5);
        assert_eq!((f.line, f.column, f.end_line, f.end_column), (2, 2, 3, 1));
    }

    #[test]
    fn spans_out_of_range_or_inside_a_character_are_clamped() {
        let f = finding("é", 1, 99);
        assert_eq!(f.span, Span::new(0, 2));
        assert_eq!((f.line, f.column, f.end_column), (1, 1, 2));
    }

    #[test]
    fn concise_form() {
        assert_eq!(
            finding("abc", 1, 2).concise(),
            "f.pp:1:2: error[syntax] bad"
        );
    }

    #[test]
    fn json_form_has_the_documented_keys_in_order() {
        let report = FileReport {
            path: "f.pp".into(),
            source: "abc".into(),
            findings: vec![finding("abc", 1, 2)],
        };
        let mut out = Vec::new();
        write_json(&mut out, &[report]).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(
            v,
            serde_json::json!([{"file": "f.pp", "line": 1, "column": 2, "end_line": 1,
                "end_column": 3, "rule": "syntax", "severity": "error", "message": "bad"}])
        );
        let text = String::from_utf8(out).unwrap();
        let keys: Vec<usize> = [
            "\"file\"",
            "\"line\"",
            "\"column\"",
            "\"end_line\"",
            "\"end_column\"",
            "\"rule\"",
            "\"severity\"",
            "\"message\"",
        ]
        .iter()
        .map(|k| text.find(k).unwrap())
        .collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn human_form_draws_a_code_frame() {
        let report = FileReport {
            path: "f.pp".into(),
            source: "class a {\n".into(),
            findings: vec![finding("class a {\n", 8, 9)],
        };
        let mut out = codespan_reporting::term::termcolor::NoColor::new(Vec::new());
        write_human(&mut out, &[report], 1).unwrap();
        let text = String::from_utf8(out.into_inner()).unwrap();
        assert!(text.starts_with("error[syntax]: bad\n"), "{text}");
        assert!(text.contains("f.pp:1:9"), "{text}");
        assert!(text.contains("class a {"), "{text}");
        assert!(
            text.ends_with("Checked 1 file: 1 error, 0 warnings.\n"),
            "{text}"
        );
    }
}
