//! The `github` format: one GitHub Actions workflow command per finding, which GitHub shows
//! as an annotation on the file's line in the pull request:
//!
//! ```text
//! ::error file=F,line=L,col=C,endLine=EL,endColumn=EC,title=rein RULE::MESSAGE
//! ```
//!
//! (`::warning` for warnings). Lines and columns are 1-based, columns count characters, the
//! end column is the one just after the finding. Paths are relative to the current
//! directory when they are below it (run rein from the repository's top). Escaping is
//! GitHub's: `%`, `\r` and `\n` become `%25`, `%0D` and `%0A` in the message; in property
//! values `:` and `,` also become `%3A` and `%2C`.

use std::io::{self, Write};

use super::{report_path, FileReport, Finding, Severity};

/// Escapes the data (message) of a workflow command.
pub fn escape_data(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            _ => out.push(c),
        }
    }
    out
}

/// Escapes a property value of a workflow command.
pub fn escape_property(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            ':' => out.push_str("%3A"),
            ',' => out.push_str("%2C"),
            _ => out.push(c),
        }
    }
    out
}

/// The workflow command of one finding, whose path is `path`.
pub fn command(path: &str, f: &Finding) -> String {
    let kind = match (f.severity, f.ignored()) {
        (_, Some(_)) => "notice",
        (Severity::Error, None) => "error",
        (Severity::Warning, None) => "warning",
    };
    format!(
        "::{kind} file={},line={},col={},endLine={},endColumn={},title={}::{}",
        escape_property(path),
        f.line,
        f.column,
        f.end_line,
        f.end_column,
        escape_property(&format!("rein {}", f.rule)),
        escape_data(&f.message)
    )
}

/// One workflow command per finding, nothing else.
pub fn write_github(w: &mut dyn Write, reports: &[FileReport]) -> io::Result<()> {
    for r in reports {
        let path = report_path(&r.path);
        for f in &r.findings {
            writeln!(w, "{}", command(&path, f))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::test_support::finding;

    #[test]
    fn escapes_data_and_properties() {
        assert_eq!(escape_data("a%b\r\nc: d, e"), "a%25b%0D%0Ac: d, e");
        assert_eq!(escape_property("a%b\r\nc: d, e"), "a%25b%0D%0Ac%3A d%2C e");
    }

    #[test]
    fn one_command_per_finding() {
        let mut f = finding("ab\ncd", 3, 5);
        assert_eq!(
            command("dir/f,1.pp", &f),
            "::error file=dir/f%2C1.pp,line=2,col=1,endLine=2,endColumn=3,title=rein syntax::bad"
        );
        f.severity = Severity::Warning;
        f.rule = "unrecognized_escape".into();
        f.message = "100% wrong:\nreally".into();
        assert_eq!(
            command("f.pp", &f),
            "::warning file=f.pp,line=2,col=1,endLine=2,endColumn=3,\
             title=rein unrecognized_escape::100%25 wrong:%0Areally"
        );
    }
}
