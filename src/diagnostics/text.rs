//! The `text` format (alias `human`): a code frame per finding, drawn by
//! codespan-reporting, with the rule's help and the availability of a fix as notes, then a
//! summary line `Checked N files: E errors, W warnings.`

use std::io;

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::WriteColor};

use super::{count, floor_char_boundary, FileReport, Finding, Severity};
use crate::rules::Applicability;

/// The notes under a finding's code frame: its help, then whether a fix exists.
pub fn notes(f: &Finding) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(help) = &f.help {
        notes.push(format!("help: {help}"));
    }
    if let Some(fix) = &f.fix {
        notes.push(
            match fix.applicability {
                Applicability::Safe => "fix available (safe: it keeps what the code means)",
                Applicability::Unsafe => {
                    "fix available (unsafe: it may change what the code means)"
                }
            }
            .to_string(),
        );
    }
    notes
}

/// A code frame per finding, then the summary line.
pub fn write_text(
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
                .with_labels(vec![Label::primary((), start..end)])
                .with_notes(notes(f));
            if term::emit(w, &config, &file, &diagnostic).is_err() {
                // The frame could not be drawn: fall back to the one-line form.
                writeln!(w, "{}", f.concise())?;
            }
        }
    }
    writeln!(w, "{}", summary(reports, files_checked))
}

/// `Checked N files: no problems found.` or `Checked N files: E errors, W warnings.`
pub fn summary(reports: &[FileReport], files_checked: usize) -> String {
    let (errors, warnings) = count(reports);
    let files = plural(files_checked, "file", "files");
    if errors == 0 && warnings == 0 {
        format!("Checked {files}: no problems found.")
    } else {
        format!(
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
    use crate::diagnostics::test_support::{finding, report};
    use crate::diagnostics::{FindingEdit, FindingFix};

    fn render(reports: &[FileReport], files: usize) -> String {
        let mut out = codespan_reporting::term::termcolor::NoColor::new(Vec::new());
        write_text(&mut out, reports, files).unwrap();
        String::from_utf8(out.into_inner()).unwrap()
    }

    #[test]
    fn draws_a_code_frame_and_a_summary() {
        let r = report("class a {\n", vec![finding("class a {\n", 8, 9)]);
        assert_eq!(
            render(&[r], 1),
            "error[syntax]: bad\n  ┌─ f.pp:1:9\n  │\n1 │ class a {\n  │         ^\n\n\
             Checked 1 file: 1 error, 0 warnings.\n"
        );
    }

    #[test]
    fn help_and_fix_are_notes() {
        let mut f = finding("$a = 1\n", 0, 2);
        f.severity = Severity::Warning;
        f.help = Some("rename it".into());
        f.fix = Some(FindingFix {
            applicability: Applicability::Unsafe,
            edits: vec![FindingEdit {
                line: 1,
                column: 1,
                end_line: 1,
                end_column: 3,
                replacement: "$b".into(),
            }],
        });
        let out = render(&[report("$a = 1\n", vec![f])], 3);
        assert_eq!(
            out,
            "warning[syntax]: bad\n  ┌─ f.pp:1:1\n  │\n1 │ $a = 1\n  │ ^^\n  │\n  \
             = help: rename it\n  \
             = fix available (unsafe: it may change what the code means)\n\n\
             Checked 3 files: 0 errors, 1 warning.\n"
        );
    }

    #[test]
    fn no_findings_is_one_line() {
        assert_eq!(render(&[], 0), "Checked 0 files: no problems found.\n");
        let clean = report("", vec![]);
        assert_eq!(render(&[clean], 2), "Checked 2 files: no problems found.\n");
    }
}
