//! `rein dump`: print the syntax tree of manifests exactly as
//! `puppet parser dump --format json|pn --no-validate FILE...` does; a `.epp` template is
//! printed as Puppet's EPP parser gives it (`(lambda {... :body [(epp ...)]})`).
//!
//! JSON mode prints each file's value; PN mode prints `--- FILE` (the name as given) and
//! then the PN text. Outputs of several files follow each other without separator, and a
//! single newline ends the output. A file with syntax errors prints nothing on stdout; its
//! errors go to stderr as `file:line:column: message` and the exit status is 1.

use std::io::Write;
use std::path::PathBuf;

use super::{DumpFormat, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE};
use crate::config::io_message;
use crate::diagnostics::{Finding, Severity};
use crate::syntax::{self, pn};

/// Dumps `files` in `format`; returns the exit status.
pub fn run(files: &[PathBuf], format: DumpFormat) -> i32 {
    let mut out = String::new();
    let mut printed = false;
    let mut status = EXIT_OK;
    let stderr = std::io::stderr();
    for path in files {
        let display = path.display().to_string();
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                let _ = writeln!(stderr.lock(), "rein: {display}: {}", io_message(&e));
                status = EXIT_USAGE;
                continue;
            }
        };
        let mut parsed = syntax::parse_file_bytes(path, &bytes);
        let has_errors = parsed.has_errors();
        let errors = std::mem::take(&mut parsed.errors);
        let errors = syntax::errors::drop_cascades(&parsed.source, &parsed.line_index, errors);
        {
            let mut err = stderr.lock();
            for e in &errors {
                let f = Finding::from_syntax(&display, &parsed.source, &parsed.line_index, e);
                let _ = match f.severity {
                    Severity::Error => {
                        writeln!(err, "{}:{}:{}: {}", f.file, f.line, f.column, f.message)
                    }
                    Severity::Warning => writeln!(
                        err,
                        "{}:{}:{}: warning: {}",
                        f.file, f.line, f.column, f.message
                    ),
                };
            }
        }
        if has_errors {
            if status == EXIT_OK {
                status = EXIT_FINDINGS;
            }
            continue;
        }
        match format {
            DumpFormat::Json => out.push_str(&pn::to_json(&parsed.program)),
            DumpFormat::Pn => {
                out.push_str("--- ");
                out.push_str(&display);
                out.push_str(&pn::to_pn(&parsed.program));
            }
        }
        printed = true;
    }
    if printed {
        out.push('\n');
        return super::output::print(out.as_bytes(), status);
    }
    status
}
