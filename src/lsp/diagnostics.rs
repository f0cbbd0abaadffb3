//! Diagnostics of an open document: the workspace checks the document's text (with the
//! configuration found for its path, deep rules included), and each finding becomes an
//! LSP diagnostic with the rule's name as code, its severity, its message, the rule's
//! summary, `unnecessary`/`deprecated` tags where the rule is about such code, and in
//! `data` the document version and the finding's fix (for code actions, without checking
//! again).

use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, NumberOrString,
    TextEdit,
};
use serde::{Deserialize, Serialize};

use super::documents::Document;
use super::position::{Encoding, Lines};
use crate::diagnostics::{Finding, FindingRelated, Severity, SYNTAX_RULE};
use crate::rules::{self, Applicability};
use crate::workspace::{CheckError, CheckOptions, Workspace};

/// Rules about code that does nothing (shown faded by editors).
const UNNECESSARY: &[&str] = &["suppression_unused", "expression_has_no_effect"];
/// Rules about deprecated constructs (shown struck through).
const DEPRECATED: &[&str] = &[
    "legacy_facts",
    "anchor_resource",
    "node_inheritance",
    "slash_comments",
    "star_comments",
    "puppet_url_without_modules",
];

/// What a diagnostic carries in `data`.
#[derive(Debug, Serialize, Deserialize)]
pub struct Data {
    /// The document version the diagnostic (and its fix) is of.
    pub version: i32,
    /// The fix: whether it is unsafe, and its edits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<FixData>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct FixData {
    #[serde(rename = "unsafe")]
    pub is_unsafe: bool,
    pub edits: Vec<TextEdit>,
}

/// The diagnostics of `doc` (whose text the workspace reads), or the message of why it
/// could not be checked (a configuration file's problems).
pub fn check(
    workspace: &mut Workspace,
    doc: &Document,
    options: &CheckOptions,
    enc: Encoding,
) -> Result<Vec<Diagnostic>, String> {
    workspace.set_text(&doc.path, &doc.text);
    let report = workspace
        .check(std::slice::from_ref(&doc.path), options)
        .map_err(|e| match e {
            CheckError::Config(errors) => errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n"),
            CheckError::Threads { message, .. } => {
                format!("cannot start worker threads: {message}")
            }
            CheckError::Missing(messages) => messages.join("\n"),
        })?;
    let lines = Lines::new(&doc.text);
    Ok(report
        .files
        .iter()
        .flat_map(|f| &f.findings)
        .filter(|f| f.ignored().is_none())
        .map(|f| to_lsp(f, doc, &lines, enc))
        .collect())
}

/// The LSP diagnostic of the finding `f` in `doc`.
fn to_lsp(f: &Finding, doc: &Document, lines: &Lines, enc: Encoding) -> Diagnostic {
    let at = |line: u32, column: u32| lines.from_line_col(line as usize, column as usize, enc);
    let range = lsp_types::Range::new(at(f.line, f.column), at(f.end_line, f.end_column));
    let mut message = f.message.to_string();
    if let Some(help) = &f.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    if f.rule != SYNTAX_RULE {
        if let Some(meta) = rules::engine::meta(&f.rule) {
            if !meta.summary.is_empty() {
                message.push_str(&format!("\n{}: {}", f.rule, meta.summary));
            }
        }
    }
    let mut tags = Vec::new();
    if UNNECESSARY.contains(&&*f.rule) {
        tags.push(DiagnosticTag::UNNECESSARY);
    }
    if DEPRECATED.contains(&&*f.rule) {
        tags.push(DiagnosticTag::DEPRECATED);
    }
    let fix = f.fix().map(|fix| FixData {
        is_unsafe: fix.applicability == Applicability::Unsafe,
        edits: fix
            .edits
            .iter()
            .map(|e| {
                TextEdit::new(
                    lsp_types::Range::new(at(e.line, e.column), at(e.end_line, e.end_column)),
                    e.replacement.to_string(),
                )
            })
            .collect(),
    });
    let data = Data {
        version: doc.version,
        fix,
    };
    let related: Vec<DiagnosticRelatedInformation> = f
        .related()
        .iter()
        .filter_map(|r| related_information(r, doc, lines, enc))
        .collect();
    Diagnostic {
        range,
        related_information: (!related.is_empty()).then_some(related),
        severity: Some(match f.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(f.rule.to_string())),
        source: Some("rein".into()),
        message,
        tags: (!tags.is_empty()).then_some(tags),
        data: serde_json::to_value(data).ok(),
        ..Diagnostic::default()
    }
}

/// A related place of a finding (the first declaration of a duplicate, ...) as LSP
/// related information. A place in `doc` is converted through its text; in another file
/// the column counts characters (exact for ASCII lines, the usual case of Puppet code).
fn related_information(
    r: &FindingRelated,
    doc: &Document,
    lines: &Lines,
    enc: Encoding,
) -> Option<DiagnosticRelatedInformation> {
    let path = std::path::Path::new(&r.file);
    let path = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(path)
    };
    let start = if path == doc.path {
        lines.from_line_col(r.line, r.column, enc)
    } else {
        lsp_types::Position::new(
            u32::try_from(r.line.saturating_sub(1)).ok()?,
            u32::try_from(r.column.saturating_sub(1)).ok()?,
        )
    };
    Some(DiagnosticRelatedInformation {
        location: lsp_types::Location::new(
            super::documents::path_to_uri(&path)?,
            lsp_types::Range::new(start, start),
        ),
        message: r.message.clone(),
    })
}
