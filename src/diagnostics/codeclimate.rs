//! The `codeclimate` format: a GitLab Code Quality report, which is a JSON array of Code
//! Climate issues:
//!
//! ```json
//! [{"type": "issue", "check_name": "RULE", "description": "MESSAGE",
//!   "content": {"body": "HELP"}, "categories": ["Bug Risk"], "severity": "major",
//!   "fingerprint": "0123456789abcdef",
//!   "location": {"path": "PATH", "lines": {"begin": 3, "end": 3}}}]
//! ```
//!
//! `severity` is `major` for errors and `minor` for warnings; `content` is there only when
//! the rule gives help. The `fingerprint` identifies the finding across commits, so that
//! GitLab can tell new findings from old ones: it is a 64-bit FNV-1a hash of the path, the
//! rule, the message, the text of the finding's line (trimmed) and how many identical
//! findings came before it in the file. It does not depend on the line number, so it
//! survives edits elsewhere in the file.

use std::collections::HashMap;
use std::io::{self, Write};

use serde::Serialize;

use super::{line_text, report_path, FileReport, Finding, Severity};
use crate::rules::{registry, Category};

/// One Code Climate issue. Field order is the output order.
#[derive(Debug, Serialize)]
struct Issue<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    check_name: &'a str,
    description: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    content: Option<Content<'a>>,
    categories: [&'static str; 1],
    severity: &'static str,
    fingerprint: String,
    location: Location<'a>,
}

#[derive(Debug, Serialize)]
struct Content<'a> {
    body: &'a str,
}

#[derive(Debug, Serialize)]
struct Location<'a> {
    path: &'a str,
    lines: Lines,
}

#[derive(Debug, Serialize)]
struct Lines {
    begin: u32,
    end: u32,
}

/// 64-bit FNV-1a of `parts`, each followed by a zero byte.
pub fn fnv1a(parts: &[&[u8]]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01b3;
    let mut h = OFFSET;
    for part in parts {
        for &b in part.iter().chain(std::iter::once(&0u8)) {
            h ^= u64::from(b);
            h = h.wrapping_mul(PRIME);
        }
    }
    h
}

/// The fingerprint of the `occurrence`-th (0-based) finding of `rule` with `message` on a
/// line reading `line` in the file `path`: 16 hexadecimal digits.
pub fn fingerprint(path: &str, rule: &str, message: &str, line: &str, occurrence: usize) -> String {
    let occurrence = occurrence.to_string();
    format!(
        "{:016x}",
        fnv1a(&[
            path.as_bytes(),
            rule.as_bytes(),
            message.as_bytes(),
            line.trim().as_bytes(),
            occurrence.as_bytes(),
        ])
    )
}

/// The Code Climate category of a rule.
fn category(rule: &str) -> &'static str {
    match registry::find(rule).map(|r| r.meta().category) {
        Some(Category::Style | Category::Layout | Category::Suppression) => "Style",
        Some(Category::Syntax | Category::Validation | Category::Correctness | Category::Deep)
        | None => "Bug Risk",
    }
}

fn issue<'a>(path: &'a str, f: &'a Finding, fingerprint: String) -> Issue<'a> {
    Issue {
        kind: "issue",
        check_name: &f.rule,
        description: &f.message,
        content: f.help.as_deref().map(|body| Content { body }),
        categories: [category(&f.rule)],
        severity: match f.severity {
            Severity::Error => "major",
            Severity::Warning => "minor",
        },
        fingerprint,
        location: Location {
            path,
            lines: Lines {
                begin: f.line,
                end: f.end_line.max(f.line),
            },
        },
    }
}

/// The Code Climate JSON array of every finding, then a newline.
pub fn write_codeclimate(w: &mut dyn Write, reports: &[FileReport]) -> io::Result<()> {
    let paths: Vec<String> = reports.iter().map(|r| report_path(&r.path)).collect();
    let mut issues = Vec::new();
    for (r, path) in reports.iter().zip(&paths) {
        let mut seen: HashMap<(&str, &str, &str), usize> = HashMap::new();
        // Code Quality has no place for suppressed findings: they are left out.
        for f in r.findings.iter().filter(|f| f.ignored().is_none()) {
            let line = line_text(&r.source, f.span.start()).trim();
            let n = seen.entry((&f.rule, &f.message, line)).or_insert(0);
            let print = fingerprint(path, &f.rule, &f.message, line, *n);
            *n += 1;
            issues.push(issue(path, f, print));
        }
    }
    serde_json::to_writer_pretty(&mut *w, &issues).map_err(io::Error::other)?;
    writeln!(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::test_support::{finding, report};

    #[test]
    fn fnv1a_matches_the_reference_values() {
        // FNV-1a 64 of "" is the offset basis; of "a" it is 0xaf63dc4c8601ec8c.
        assert_eq!(fnv1a(&[]), 0xcbf2_9ce4_8422_2325);
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        h ^= u64::from(b'a');
        h = h.wrapping_mul(0x0100_0000_01b3);
        assert_eq!(h, 0xaf63_dc4c_8601_ec8c);
        h ^= 0;
        h = h.wrapping_mul(0x0100_0000_01b3);
        assert_eq!(fnv1a(&[b"a"]), h);
    }

    #[test]
    fn fingerprints_ignore_the_line_number_and_indentation() {
        let a = fingerprint("f.pp", "r", "m", "  $a = 1", 0);
        assert_eq!(a, fingerprint("f.pp", "r", "m", "$a = 1  ", 0));
        assert_eq!(a.len(), 16);
        assert_ne!(a, fingerprint("f.pp", "r", "m", "$a = 2", 0));
        assert_ne!(a, fingerprint("g.pp", "r", "m", "$a = 1", 0));
        assert_ne!(a, fingerprint("f.pp", "r", "m", "$a = 1", 1));
        // The parts are separated: moving a byte from one part to the next changes it.
        assert_ne!(
            fingerprint("ab", "c", "m", "", 0),
            fingerprint("a", "bc", "m", "", 0)
        );
    }

    #[test]
    fn issues_have_the_gitlab_fields() {
        let source = "$a = 1\n$b = 2\n$a = 1\n";
        let mut second = finding(source, 14, 16);
        second.help = Some("think".into());
        second.severity = Severity::Warning;
        let r = report(
            source,
            vec![finding(source, 0, 2), second, finding(source, 14, 16)],
        );
        let mut out = Vec::new();
        write_codeclimate(&mut out, &[r]).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let first = fingerprint("f.pp", "syntax", "bad", "$a = 1", 0);
        let third = fingerprint("f.pp", "syntax", "bad", "$a = 1", 2);
        let second = fingerprint("f.pp", "syntax", "bad", "$a = 1", 1);
        assert_eq!(
            v,
            serde_json::json!([
                {"type": "issue", "check_name": "syntax", "description": "bad",
                 "categories": ["Bug Risk"], "severity": "major", "fingerprint": first,
                 "location": {"path": "f.pp", "lines": {"begin": 1, "end": 1}}},
                {"type": "issue", "check_name": "syntax", "description": "bad",
                 "content": {"body": "think"},
                 "categories": ["Bug Risk"], "severity": "minor", "fingerprint": second,
                 "location": {"path": "f.pp", "lines": {"begin": 3, "end": 3}}},
                {"type": "issue", "check_name": "syntax", "description": "bad",
                 "categories": ["Bug Risk"], "severity": "major", "fingerprint": third,
                 "location": {"path": "f.pp", "lines": {"begin": 3, "end": 3}}},
            ])
        );
    }
}
