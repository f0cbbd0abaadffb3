//! The `json` format: one JSON array of every finding, in order, each an object with the
//! keys `file, line, column, end_line, end_column, rule, severity, message`, then `help`
//! and `fix` (`{"applicability": "safe"|"unsafe", "edits": [{line, column, end_line,
//! end_column, replacement}]}`) when the finding has them, and `related` (`[{file, line,
//! column, message}]`, the other places it involves) when it has some.

use std::io::{self, Write};

use super::{FileReport, Finding};

/// One JSON array of all findings, then a newline.
pub fn write_json(w: &mut dyn Write, reports: &[FileReport]) -> io::Result<()> {
    let all: Vec<&Finding> = reports.iter().flat_map(|r| &r.findings).collect();
    serde_json::to_writer_pretty(&mut *w, &all).map_err(io::Error::other)?;
    writeln!(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::test_support::{finding, report, with_fix};
    use crate::diagnostics::FindingRelated;
    use crate::rules::Applicability;

    #[test]
    fn has_the_documented_keys_in_order() {
        let mut out = Vec::new();
        write_json(&mut out, &[report("abc", vec![finding("abc", 1, 2)])]).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r#"[
  {
    "file": "f.pp",
    "line": 1,
    "column": 2,
    "end_line": 1,
    "end_column": 3,
    "rule": "syntax",
    "severity": "error",
    "message": "bad"
  }
]
"#
        );
    }

    #[test]
    fn help_and_fix_follow_the_message() {
        let f = finding("abc", 0, 1);
        let mut f = with_fix(f, Applicability::Safe, &[(1, 1, 1, 2, "x")]);
        f.help = Some("do this".into());
        let mut out = Vec::new();
        write_json(&mut out, &[report("abc", vec![f])]).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(
            v,
            serde_json::json!([{"file": "f.pp", "line": 1, "column": 1, "end_line": 1,
                "end_column": 2, "rule": "syntax", "severity": "error", "message": "bad",
                "help": "do this",
                "fix": {"applicability": "safe", "edits": [{"line": 1, "column": 1,
                    "end_line": 1, "end_column": 2, "replacement": "x"}]}}])
        );
        let text = String::from_utf8(out).unwrap();
        let message = text.find("\"message\"").unwrap();
        let help = text.find("\"help\"").unwrap();
        let fix = text.find("\"fix\"").unwrap();
        assert!(message < help && help < fix, "{text}");
    }

    #[test]
    fn an_unsafe_fix_then_ignored_and_related_come_last() {
        let f = finding("abc", 1, 3);
        let mut f = with_fix(f, Applicability::Unsafe, &[(1, 2, 1, 4, "")]);
        f.set_more(
            Some("why".into()),
            vec![FindingRelated {
                file: "g.pp".into(),
                line: 3,
                column: 4,
                message: "first here".into(),
            }],
        );
        let mut out = Vec::new();
        write_json(&mut out, &[report("abc", vec![f])]).unwrap();
        // What comes before is as in `has_the_documented_keys_in_order`.
        let out = String::from_utf8(out).unwrap();
        let (head, rest) = out.split_once(r#""message": "bad","#).unwrap();
        assert!(head.ends_with(
            r#""severity": "error",
    "#
        ));
        assert_eq!(
            rest,
            r#"
    "fix": {
      "applicability": "unsafe",
      "edits": [
        {
          "line": 1,
          "column": 2,
          "end_line": 1,
          "end_column": 4,
          "replacement": ""
        }
      ]
    },
    "ignored": "why",
    "related": [
      {
        "file": "g.pp",
        "line": 3,
        "column": 4,
        "message": "first here"
      }
    ]
  }
]
"#
        );
    }

    #[test]
    fn no_findings_is_an_empty_array() {
        let mut out = Vec::new();
        write_json(&mut out, &[]).unwrap();
        assert_eq!(out, b"[]\n");
    }
}
