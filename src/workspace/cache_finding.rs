//! A finding as the cache stores it ([`Stored`]): positions, rule, message, fix and
//! related places, without the file's name (the entry is the file's).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::diagnostics::{position, Finding, FindingEdit, FindingFix, FindingRelated, Severity};
use crate::rules::Applicability;
use crate::syntax::Span;

/// An edit of a fix as stored: line, column, end line, end column, and replacement.
type StoredEdit = ([usize; 4], String);

/// A finding as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Stored {
    at: [usize; 6],
    rule: String,
    error: bool,
    message: String,
    help: Option<String>,
    /// Safe, and the edits: positions and replacement.
    fix: Option<(bool, Vec<StoredEdit>)>,
    ignored: Option<String>,
    /// Related places: file, line, column, message.
    related: Vec<(String, usize, usize, String)>,
    /// [`Finding::order`] (puppet-lint's output keeps some checks' own order).
    #[serde(default)]
    order: usize,
}

pub fn stored(f: &Finding) -> Stored {
    Stored {
        at: [
            f.line as usize,
            f.column as usize,
            f.end_line as usize,
            f.end_column as usize,
            f.span.start(),
            f.span.end(),
        ],
        rule: f.rule.to_string(),
        error: f.severity == Severity::Error,
        message: f.message.to_string(),
        help: f.help.as_ref().map(|h| h.to_string()),
        fix: f.fix().map(|x| {
            let edits = x.edits.iter().map(|e| {
                let at = [e.line, e.column, e.end_line, e.end_column].map(|n| n as usize);
                (at, e.replacement.to_string())
            });
            (x.applicability == Applicability::Safe, edits.collect())
        }),
        ignored: f.ignored().map(str::to_string),
        related: f
            .related()
            .iter()
            .map(|r| (r.file.clone(), r.line, r.column, r.message.clone()))
            .collect(),
        order: f.order as usize,
    }
}

/// The finding `s` of the file shown as `file` (shared by the file's findings).
pub fn restored(s: &Stored, file: &Arc<String>) -> Finding {
    let [line, column, end_line, end_column, start, end] = s.at;
    let (line, column) = position((line, column));
    let (end_line, end_column) = position((end_line, end_column));
    let severity = if s.error {
        Severity::Error
    } else {
        Severity::Warning
    };
    let mut f = Finding::placed(
        Arc::clone(file),
        [line, column, end_line, end_column],
        Span::new(start, end),
        s.rule.clone().into(),
        severity,
    );
    f.message = s.message.clone().into();
    f.help = s.help.clone().map(Into::into);
    f.set_fix(s.fix.as_ref().map(|(safe, edits)| {
        FindingFix {
            applicability: if *safe {
                Applicability::Safe
            } else {
                Applicability::Unsafe
            },
            edits: edits
                .iter()
                .map(|([line, column, end_line, end_column], r)| {
                    let (line, column) = position((*line, *column));
                    let (end_line, end_column) = position((*end_line, *end_column));
                    FindingEdit {
                        line,
                        column,
                        end_line,
                        end_column,
                        replacement: r.as_str().into(),
                    }
                })
                .collect(),
        }
    }));
    f.order = u32::try_from(s.order).unwrap_or(u32::MAX);
    f.set_more(
        s.ignored.clone(),
        s.related
            .iter()
            .map(|(file, line, column, message)| FindingRelated {
                file: file.clone(),
                line: *line,
                column: *column,
                message: message.clone(),
            })
            .collect(),
    );
    f
}
