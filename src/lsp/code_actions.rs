//! Code actions: for each diagnostic the client sends back, its fix (from the diagnostic's
//! `data`, when it is of the document's current version; an unsafe fix is marked so and
//! never preferred) and "ignore RULE on this line" (a `# lint:ignore:RULE` comment as
//! puppet-lint reads it); and for the document, "fix all safe problems"
//! (`source.fixAll.rein`), computed as `rein check --fix` does, on the buffer.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Diagnostic, NumberOrString, Position, Range,
    TextEdit, Uri, WorkspaceEdit,
};

use super::diagnostics::Data;
use super::documents::Document;
use super::edits;
use super::position::{self, Encoding};
use crate::diagnostics::SYNTAX_RULE;
use crate::syntax::CommentKind;
use crate::workspace::{CheckOptions, Workspace};

/// The kind of the fix-all action.
pub const FIX_ALL: &str = "source.fixAll.rein";

/// Whether actions of `kind` are asked for by `only` (matched by prefix, as the protocol
/// says: `source` asks for `source.fixAll.rein`).
fn wanted(only: Option<&[CodeActionKind]>, kind: &str) -> bool {
    only.is_none_or(|o| {
        o.iter()
            .any(|k| kind == k.as_str() || kind.starts_with(&format!("{}.", k.as_str())))
    })
}

/// The actions for `diagnostics` in `doc` (at `uri`), and the fix-all action.
pub fn actions(
    workspace: &mut Workspace,
    options: &CheckOptions,
    uri: &Uri,
    doc: &Document,
    diagnostics: &[Diagnostic],
    only: Option<&[CodeActionKind]>,
    enc: Encoding,
) -> Vec<CodeActionOrCommand> {
    let mut out = Vec::new();
    let edit = |edits: Vec<TextEdit>| WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    };
    if wanted(only, CodeActionKind::QUICKFIX.as_str()) {
        for d in diagnostics {
            let Some(NumberOrString::String(rule)) = &d.code else {
                continue;
            };
            let data = d
                .data
                .clone()
                .and_then(|v| serde_json::from_value::<Data>(v).ok())
                .filter(|data| data.version == doc.version);
            if let Some(fix) = data.and_then(|d| d.fix) {
                let title = if fix.is_unsafe {
                    format!("Fix {rule} (unsafe: may change what the code does)")
                } else {
                    format!("Fix {rule}")
                };
                out.push(action(
                    title,
                    CodeActionKind::QUICKFIX,
                    d,
                    edit(fix.edits),
                    !fix.is_unsafe,
                ));
            }
            // No "ignore" comment in a template: the end of a line is usually its text.
            if rule != SYNTAX_RULE && !crate::syntax::epp::is_template_path(&doc.path) {
                let edits = ignore_edits(&doc.text, d.range.start.line as usize, rule, enc);
                let title = format!("Ignore {rule} on this line");
                out.push(action(
                    title,
                    CodeActionKind::QUICKFIX,
                    d,
                    edit(edits),
                    false,
                ));
            }
        }
    }
    if wanted(only, FIX_ALL) {
        if let Some(e) = fix_all(workspace, options, doc, enc) {
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: "Fix all safe problems in this file".into(),
                kind: Some(CodeActionKind::from(FIX_ALL)),
                edit: Some(edit(vec![e])),
                ..CodeAction::default()
            }));
        }
    }
    out
}

fn action(
    title: String,
    kind: CodeActionKind,
    d: &Diagnostic,
    edit: WorkspaceEdit,
    preferred: bool,
) -> CodeActionOrCommand {
    CodeActionOrCommand::CodeAction(CodeAction {
        title,
        kind: Some(kind),
        diagnostics: Some(vec![d.clone()]),
        edit: Some(edit),
        is_preferred: preferred.then_some(true),
        ..CodeAction::default()
    })
}

/// The edit applying every safe fix of `doc` until nothing changes (none when nothing is
/// fixed), computed on a copy of its text.
pub fn fix_all(
    workspace: &mut Workspace,
    options: &CheckOptions,
    doc: &Document,
    enc: Encoding,
) -> Option<TextEdit> {
    let fix = CheckOptions {
        fix: Some(false),
        show_ignored: false,
        config: options.config.clone(),
        no_config: options.no_config,
        ops: options.ops.clone(),
        modulepath: options.modulepath.clone(),
        ..CheckOptions::default()
    };
    workspace.set_text(&doc.path, &doc.text);
    let fixed = workspace
        .check(std::slice::from_ref(&doc.path), &fix)
        .ok()
        .and_then(|_| workspace.text(&doc.path).map(String::from));
    workspace.set_text(&doc.path, &doc.text);
    edits::replacement(&doc.text, &fixed?, enc)
}

/// The edits that make puppet-lint (and rein) ignore `rule` on the 0-based line `line` of
/// `text`: a `# lint:ignore:RULE` comment after the code; the rule added to the directive
/// already there; or, when the line ends in another comment, the line wrapped in a
/// `# lint:ignore:RULE` ... `# lint:endignore` block.
pub fn ignore_edits(text: &str, line: usize, rule: &str, enc: Encoding) -> Vec<TextEdit> {
    let start_of = |l: usize| position::offset(text, Position::new(l as u32, 0), enc);
    let line_start = start_of(line);
    let next = start_of(line + 1);
    let content = text.get(line_start..next).unwrap_or("");
    let body = content.trim_end_matches(['\n', '\r']);
    let parsed = crate::syntax::parse(text);
    let comment = parsed.comments.iter().find(|c| {
        c.kind == CommentKind::Line
            && c.span.start() >= line_start
            && c.span.start() < line_start + body.len()
    });
    let at = |offset: usize| position::position(text, offset, enc);
    let insert = |offset: usize, s: String| TextEdit::new(Range::new(at(offset), at(offset)), s);
    match comment {
        None => {
            let end = line_start + body.trim_end().len();
            vec![insert(end, format!(" # lint:ignore:{rule}"))]
        }
        Some(c) => {
            let ctext = text.get(c.span.start()..c.span.end()).unwrap_or("");
            let words = ctext.trim_start_matches('#').trim_start();
            let code_before = text
                .get(line_start..c.span.start())
                .is_some_and(|b| !b.trim().is_empty());
            if code_before && words.starts_with("lint:ignore:") {
                // After the directive's leading `lint:ignore:` words.
                let lead: usize = words
                    .split_whitespace()
                    .take_while(|w| w.starts_with("lint:ignore:"))
                    .map(|w| words.find(w).map_or(0, |i| i + w.len()))
                    .max()
                    .unwrap_or(0);
                let offset = c.span.start() + (ctext.len() - words.len()) + lead;
                vec![insert(offset, format!(" lint:ignore:{rule}"))]
            } else {
                let indent: String = body
                    .chars()
                    .take_while(|c| *c == ' ' || *c == '\t')
                    .collect();
                let eol = if content.ends_with("\r\n") {
                    "\r\n"
                } else {
                    "\n"
                };
                let end_text = if content.ends_with('\n') {
                    format!("{indent}# lint:endignore{eol}")
                } else {
                    format!("{eol}{indent}# lint:endignore")
                };
                vec![
                    insert(line_start, format!("{indent}# lint:ignore:{rule}{eol}")),
                    insert(next, end_text),
                ]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(text: &str, edits: &[TextEdit]) -> String {
        let mut s = text.to_string();
        for e in edits.iter().rev() {
            let a = position::offset(&s, e.range.start, Encoding::Utf16);
            s.insert_str(a, &e.new_text);
        }
        s
    }

    #[test]
    fn ignore_comments_are_placed_as_puppet_lint_reads_them() {
        let ig = |t: &str, l| apply(t, &ignore_edits(t, l, "r2", Encoding::Utf16));
        assert_eq!(
            ig("$a = 1  \n$b = 2\n", 0),
            "$a = 1 # lint:ignore:r2  \n$b = 2\n"
        );
        assert_eq!(
            ig("$a = 1 # lint:ignore:r1 why\n", 0),
            "$a = 1 # lint:ignore:r1 lint:ignore:r2 why\n"
        );
        assert_eq!(
            ig("  $a = 1 # note\n", 0),
            "  # lint:ignore:r2\n  $a = 1 # note\n  # lint:endignore\n"
        );
    }
}
