//! The `text` format (alias `human`): a code frame per finding, drawn by
//! codespan-reporting, with the rule's help and the availability of a fix as notes (with
//! what the fix does when it is one short edit), then a summary line
//! `Checked N files: E errors, W warnings.`

use std::io;

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::WriteColor};

use super::{count, floor_char_boundary, FileReport, Finding, FindingEdit, Severity};
use crate::rules::Applicability;
use crate::syntax::LineIndex;

/// The notes under a finding's code frame: its help, then whether a fix exists and, when
/// the fix is one short edit, what it does. `source` is the file's text, `index` its lines.
pub fn notes(source: &str, index: &LineIndex, f: &Finding) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(reason) = f.ignored() {
        notes.push(match reason {
            "" => format!(
                "ignored ({}): suppressed by `# lint:ignore:`",
                f.severity.as_str()
            ),
            r => format!(
                "ignored ({}): suppressed by `# lint:ignore:`: {r}",
                f.severity.as_str()
            ),
        });
    }
    if let Some(help) = &f.help {
        notes.push(format!("help: {help}"));
    }
    for r in f.related() {
        notes.push(format!(
            "note: {}: {}:{}:{}",
            r.message, r.file, r.line, r.column
        ));
    }
    if let Some(fix) = f.fix() {
        let safety = match fix.applicability {
            Applicability::Safe => "safe: it keeps what the code means",
            Applicability::Unsafe => "unsafe: it may change what the code means",
        };
        let what = match fix.edits {
            [edit] => describe_edit(source, index, edit).map(|d| format!(": {d}")),
            _ => None,
        };
        notes.push(format!(
            "fix available ({safety}){}",
            what.unwrap_or_default()
        ));
    }
    notes
}

/// The longest text a fix note quotes.
const QUOTE_MAX: usize = 40;

/// `text` in backticks, with line breaks and tabs shown as `\n`, `\r`, `\t`; `None` when
/// it is longer than [`QUOTE_MAX`] characters.
fn quote(text: &str) -> Option<String> {
    if text.chars().count() > QUOTE_MAX {
        return None;
    }
    let shown = text
        .replace('\n', "\\n")
        .replace('\r', "\\r")
        .replace('\t', "\\t");
    Some(format!("`{shown}`"))
}

/// The byte offset of the 1-based `line` and character `column` in `source` (lines
/// `index`).
fn offset(source: &str, index: &LineIndex, line: usize, column: usize) -> Option<usize> {
    let start = index.line_start(line)?;
    let rest = source.get(start..)?;
    let text = rest.get(..rest.find('\n').unwrap_or(rest.len()))?;
    let skip = column.checked_sub(1)?;
    match text.char_indices().nth(skip) {
        Some((i, _)) => Some(start + i),
        // Just after the line's last character: where its line break (or the file) ends.
        None if text.chars().count() == skip => Some(start + text.len()),
        None => None,
    }
}

/// `delete `x``, `insert `y`` or `replace `x` with `y``, for a short edit.
fn describe_edit(source: &str, index: &LineIndex, e: &FindingEdit) -> Option<String> {
    let start = offset(source, index, e.line as usize, e.column as usize)?;
    let end = offset(source, index, e.end_line as usize, e.end_column as usize)?;
    let old = source.get(start..end)?;
    match (old.is_empty(), e.replacement.is_empty()) {
        (true, true) => None,
        (true, false) => Some(format!("insert {}", quote(&e.replacement)?)),
        (false, true) => Some(format!("delete {}", quote(old)?)),
        (false, false) => Some(format!(
            "replace {} with {}",
            quote(old)?,
            quote(&e.replacement)?
        )),
    }
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
        let index = LineIndex::new(&r.source);
        for f in &r.findings {
            let diagnostic = match (f.severity, f.ignored()) {
                (_, Some(_)) => Diagnostic::note(),
                (Severity::Error, None) => Diagnostic::error(),
                (Severity::Warning, None) => Diagnostic::warning(),
            };
            let start = floor_char_boundary(&r.source, f.span.start());
            let end = floor_char_boundary(&r.source, f.span.end()).max(start);
            let diagnostic = diagnostic
                .with_code(&*f.rule)
                .with_message(&*f.message)
                .with_labels(vec![Label::primary((), start..end)])
                .with_notes(notes(&r.source, &index, f));
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
    use crate::diagnostics::test_support::{finding, report, with_fix};

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
        let f = finding("$a = 1\n", 0, 2);
        let mut f = with_fix(f, Applicability::Unsafe, &[(1, 1, 1, 3, "$b")]);
        f.severity = Severity::Warning;
        f.help = Some("rename it".into());
        let out = render(&[report("$a = 1\n", vec![f])], 3);
        assert_eq!(
            out,
            "warning[syntax]: bad\n  ┌─ f.pp:1:1\n  │\n1 │ $a = 1\n  │ ^^\n  │\n  \
             = help: rename it\n  \
             = fix available (unsafe: it may change what the code means): \
             replace `$a` with `$b`\n\n\
             Checked 3 files: 0 errors, 1 warning.\n"
        );
    }

    fn fix(applicability: Applicability, edits: &[(u32, u32, u32, u32, &str)]) -> Finding {
        with_fix(finding("x", 0, 1), applicability, edits)
    }

    #[test]
    fn fix_notes_describe_one_short_edit() {
        let source = "$é = 1  \n\tfoo\n";
        let index = LineIndex::new(source);
        let note = |f: Finding| notes(source, &index, &f);
        let safe = Applicability::Safe;
        assert_eq!(
            note(fix(safe, &[(1, 7, 1, 9, "")])),
            ["fix available (safe: it keeps what the code means): delete `  `"]
        );
        assert_eq!(
            note(fix(safe, &[(2, 1, 2, 2, "  ")])),
            ["fix available (safe: it keeps what the code means): replace `\\t` with `  `"]
        );
        assert_eq!(
            note(fix(safe, &[(1, 9, 2, 1, "\n")])),
            ["fix available (safe: it keeps what the code means): replace `\\n` with `\\n`"]
        );
        assert_eq!(
            note(fix(safe, &[(3, 1, 3, 1, "x")])),
            ["fix available (safe: it keeps what the code means): insert `x`"]
        );
        // Several edits, a long text or a position outside the file: no description.
        let plain = ["fix available (safe: it keeps what the code means)"];
        assert_eq!(
            note(fix(safe, &[(1, 1, 1, 1, "a"), (1, 2, 1, 2, "b")])),
            plain
        );
        assert_eq!(note(fix(safe, &[(1, 1, 1, 1, &"x".repeat(41))])), plain);
        assert_eq!(note(fix(safe, &[(9, 1, 9, 2, "x")])), plain);
        assert_eq!(note(fix(safe, &[(1, 99, 1, 99, "x")])), plain);
        assert_eq!(note(fix(safe, &[(1, 10, 1, 10, "x")])), plain);
        assert_eq!(note(fix(safe, &[(1, 1, 1, 1, "")])), plain);
    }

    #[test]
    fn offsets_count_characters() {
        let s = "aé\nb";
        let offset = |line, column| offset(s, &LineIndex::new(s), line, column);
        assert_eq!(offset(1, 1), Some(0));
        assert_eq!(offset(1, 3), Some(3));
        assert_eq!(offset(1, 4), None);
        assert_eq!(offset(2, 1), Some(4));
        assert_eq!(offset(2, 2), Some(5));
        assert_eq!(offset(2, 3), None);
        assert_eq!(offset(3, 1), None);
        assert_eq!(offset(1, 0), None);
    }

    #[test]
    fn no_findings_is_one_line() {
        assert_eq!(render(&[], 0), "Checked 0 files: no problems found.\n");
        let clean = report("", vec![]);
        assert_eq!(render(&[clean], 2), "Checked 2 files: no problems found.\n");
    }
}
