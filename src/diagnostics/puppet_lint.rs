//! puppet-lint's own output formats, for scripts and CI jobs written for puppet-lint:
//!
//! - text: one line per finding from a log format (puppet-lint's `--log-format`, a Ruby
//!   format string with `%{path}`, `%{fullpath}`, `%{filename}`, `%{line}`, `%{column}`,
//!   `%{kind}`, `%{KIND}`, `%{check}`, `%{message}`; default
//!   `%{KIND}: %{message} on line %{line} (check: %{check})`, after `%{path} - ` when more
//!   than one file is checked or with `--with-filename`); `--with-context` adds the line and
//!   a caret; an ignored finding's reason follows on its own indented line.
//! - JSON (`--json`): an array with one array per file checked, each finding an object
//!   `{message, line, column, kind, check, fullpath, path, filename, [reason,] KIND}`.
//!
//! Kinds are `error`, `warning` and `ignored` (`--show-ignored`).

use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;

use super::{line_text, FileReport, Finding, Severity};

/// How puppet-lint text output looks.
#[derive(Clone, Debug, Default)]
pub struct Style {
    /// `--log-format`.
    pub log_format: Option<String>,
    /// `--with-filename` (also on when more than one file is checked).
    pub with_filename: bool,
    /// `--with-context`.
    pub with_context: bool,
}

/// puppet-lint's default log format.
pub const DEFAULT_LOG_FORMAT: &str = "%{KIND}: %{message} on line %{line} (check: %{check})";

fn kind(f: &Finding) -> &'static str {
    match (f.severity, &f.ignored) {
        (_, Some(_)) => "ignored",
        (Severity::Error, None) => "error",
        (Severity::Warning, None) => "warning",
    }
}

fn full_path(path: &str) -> String {
    std::path::absolute(path).map_or_else(|_| path.to_string(), |p| p.display().to_string())
}

fn file_name(path: &str) -> String {
    Path::new(path)
        .file_name()
        .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned())
}

/// The value of the placeholder `name` for finding `f` of the file `path`.
fn field(name: &str, path: &str, f: &Finding) -> Option<String> {
    Some(match name {
        "path" => path.to_string(),
        "fullpath" => full_path(path),
        "filename" => file_name(path),
        "line" | "linenumber" => f.line.to_string(),
        "column" => f.column.to_string(),
        "kind" => kind(f).to_string(),
        "KIND" => kind(f).to_ascii_uppercase(),
        "check" => f.rule.clone(),
        "message" => f.message.clone(),
        _ => return None,
    })
}

/// `format` with its `%{name}` and `%<name>s` placeholders filled in for `f`, and `%%` as
/// `%`. An unknown placeholder is kept as written.
pub fn render(format: &str, path: &str, f: &Finding) -> String {
    let mut out = String::with_capacity(format.len() + f.message.len());
    let mut rest = format;
    while let Some(i) = rest.find('%') {
        out.push_str(rest.get(..i).unwrap_or(""));
        let after = rest.get(i + 1..).unwrap_or("");
        let placeholder = match after.chars().next() {
            Some('%') => {
                out.push('%');
                rest = after.get(1..).unwrap_or("");
                continue;
            }
            Some('{') => after.find('}').map(|j| (after.get(1..j), j + 1)),
            Some('<') => after
                .find('>')
                .filter(|j| after.get(j + 1..j + 2) == Some("s"))
                .map(|j| (after.get(1..j), j + 2)),
            _ => None,
        };
        match placeholder {
            Some((Some(name), len)) => {
                match field(name, path, f) {
                    Some(v) => out.push_str(&v),
                    None => out.push_str(rest.get(i..i + 1 + len).unwrap_or("")),
                }
                rest = after.get(len..).unwrap_or("");
            }
            _ => {
                out.push('%');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// puppet-lint's text output.
pub fn write_text(
    w: &mut dyn Write,
    reports: &[FileReport],
    files_checked: usize,
    style: &Style,
) -> io::Result<()> {
    let format = match &style.log_format {
        Some(f) => f.clone(),
        None if style.with_filename || files_checked > 1 => {
            format!("%{{path}} - {DEFAULT_LOG_FORMAT}")
        }
        None => DEFAULT_LOG_FORMAT.to_string(),
    };
    for r in reports {
        for f in &r.findings {
            writeln!(w, "{}", render(&format, &r.path, f))?;
            if let Some(reason) = f.ignored.as_deref().filter(|r| !r.is_empty()) {
                writeln!(w, "  {reason}")?;
            }
            if style.with_context {
                // As puppet-lint: the line without its indentation, the caret where the
                // column is counted on the whole line.
                let line = line_text(&r.source, f.span.start()).trim();
                writeln!(w)?;
                writeln!(w, "  {line}")?;
                writeln!(w, "  {}^", " ".repeat(f.column.saturating_sub(1)))?;
                writeln!(w)?;
            }
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct Problem<'a> {
    message: &'a str,
    line: usize,
    column: usize,
    kind: &'static str,
    check: &'a str,
    fullpath: String,
    path: &'a str,
    filename: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
    #[serde(rename = "KIND")]
    kind_upper: String,
}

/// puppet-lint's `--json` output: one array per file checked.
pub fn write_json(w: &mut dyn Write, reports: &[FileReport]) -> io::Result<()> {
    let all: Vec<Vec<Problem<'_>>> = reports
        .iter()
        .map(|r| {
            let (fullpath, filename) = (full_path(&r.path), file_name(&r.path));
            r.findings
                .iter()
                .map(|f| Problem {
                    message: &f.message,
                    line: f.line,
                    column: f.column,
                    kind: kind(f),
                    check: &f.rule,
                    fullpath: fullpath.clone(),
                    path: &r.path,
                    filename: filename.clone(),
                    reason: f.ignored.as_deref(),
                    kind_upper: kind(f).to_ascii_uppercase(),
                })
                .collect()
        })
        .collect();
    serde_json::to_writer_pretty(&mut *w, &all).map_err(io::Error::other)?;
    writeln!(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{LineIndex, Span};

    /// A finding of `rule` at bytes `start..end` of `source` in the file `path`.
    fn mk(path: &str, source: &str, start: usize, rule: &str, severity: Severity) -> Finding {
        let index = LineIndex::new(source);
        Finding::new(
            path,
            source,
            &index,
            Span::new(start, start + 1),
            rule,
            severity,
            "bad",
        )
    }

    fn report(path: &str, source: &str, findings: Vec<Finding>) -> FileReport {
        FileReport {
            path: path.into(),
            source: source.into(),
            findings,
        }
    }

    fn text(reports: &[FileReport], files: usize, style: &Style) -> String {
        let mut out = Vec::new();
        write_text(&mut out, reports, files, style).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn default_and_custom_log_formats() {
        let src = "x\n$a = \"x\"\n";
        let f = mk("m/a.pp", src, 9, "double_quoted_strings", Severity::Warning);
        let r = vec![report("m/a.pp", src, vec![f])];
        assert_eq!(
            text(&r, 1, &Style::default()),
            "WARNING: bad on line 2 (check: double_quoted_strings)\n"
        );
        assert_eq!(
            text(&r, 2, &Style::default()),
            "m/a.pp - WARNING: bad on line 2 (check: double_quoted_strings)\n"
        );
        let style = Style {
            log_format: Some(
                "%{path}:%{line}:%{column}:%{kind}:%{check}:%<message>s %% %{nope} %{filename}"
                    .into(),
            ),
            ..Style::default()
        };
        assert_eq!(
            text(&r, 1, &style),
            "m/a.pp:2:8:warning:double_quoted_strings:bad % %{nope} a.pp\n"
        );
    }

    #[test]
    fn ignored_findings_and_context() {
        let src = "$a = \"x\" # lint:ignore:x why not\n";
        let mut f = mk("a.pp", src, 5, "double_quoted_strings", Severity::Warning);
        f.ignored = Some("why not".into());
        let r = vec![report("a.pp", src, vec![f])];
        let style = Style {
            with_context: true,
            ..Style::default()
        };
        assert_eq!(
            text(&r, 1, &style),
            "IGNORED: bad on line 1 (check: double_quoted_strings)\n  why not\n\n  $a = \"x\" # lint:ignore:x why not\n       ^\n\n"
        );
        let mut out = Vec::new();
        write_json(&mut out, &r).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v[0][0]["kind"], "ignored");
        assert_eq!(v[0][0]["KIND"], "IGNORED");
        assert_eq!(v[0][0]["reason"], "why not");
        assert_eq!(v[0][0]["filename"], "a.pp");
    }

    #[test]
    fn json_has_one_array_per_file() {
        let r = vec![
            report("a.pp", "", vec![]),
            report(
                "b.pp",
                "x\n",
                vec![mk("b.pp", "x\n", 0, "syntax", Severity::Error)],
            ),
        ];
        let mut out = Vec::new();
        write_json(&mut out, &r).unwrap();
        let raw = String::from_utf8(out).unwrap();
        let v: serde_json::Value = serde_json::from_str(&raw).unwrap();
        assert_eq!(v[0], serde_json::json!([]));
        assert_eq!(v[1][0]["kind"], "error");
        let keys: Vec<usize> = [
            "message", "line", "column", "kind", "check", "fullpath", "path", "filename", "KIND",
        ]
        .iter()
        .map(|k| raw.find(&format!("\"{k}\":")).unwrap())
        .collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "{raw}");
    }
}
