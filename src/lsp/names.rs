//! The requests about names, in LSP terms: hover on a name, go to definition, the
//! document's outline, the workspace's symbols and completion, for an open document (its
//! text parsed as it is now) with the session's module path and workspace folders. The
//! work is done by [`super::locate`], [`super::navigation`], [`super::symbols`] and
//! [`super::completion`].

use lsp_types::*;

use super::completion::{self, ItemKind};
use super::documents::{path_to_uri, Document};
use super::locate;
use super::navigation::{self, Place};
use super::position::{self, Encoding, Lines};
use super::settings::Settings;
use super::symbols::{self, Kind, Symbol};
use crate::syntax::Span;
use crate::workspace::Workspace;

fn module_path(doc: &Document, settings: &Settings) -> crate::eval::loader::ModulePath {
    navigation::module_path(&doc.path, &settings.check.modulepath, &settings.folders)
}

fn range(text: &str, span: Span, enc: Encoding) -> Range {
    position::range(text, span.start(), span.end(), enc)
}

/// The hover on the name at `pos`.
pub fn hover(doc: &Document, pos: Position, enc: Encoding, settings: &Settings) -> Option<Hover> {
    let parsed = crate::syntax::parse(&doc.text);
    let offset = position::offset(&doc.text, pos, enc);
    let (target, span) = locate::at(&parsed.program, offset)?;
    let mp = module_path(doc, settings);
    let value = navigation::hover(&target, &mp, &parsed.program, &doc.text)?;
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(range(&doc.text, span, enc)),
    })
}

/// One hover of a finding's and a name's: both, separated by a rule.
pub fn combine(finding: Option<Hover>, name: Option<Hover>) -> Option<Hover> {
    let text = |h: &Hover| match &h.contents {
        HoverContents::Markup(m) => m.value.clone(),
        _ => String::new(),
    };
    match (finding, name) {
        (Some(f), Some(n)) => Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: format!("{}\n\n---\n\n{}", text(&f), text(&n)),
            }),
            range: f.range,
        }),
        (f, n) => f.or(n),
    }
}

/// The definition of the name at `pos` of the document `uri`.
pub fn definition(
    doc: &Document,
    uri: &Uri,
    pos: Position,
    enc: Encoding,
    settings: &Settings,
) -> Option<Location> {
    let parsed = crate::syntax::parse(&doc.text);
    let offset = position::offset(&doc.text, pos, enc);
    let (target, _) = locate::at(&parsed.program, offset)?;
    let mp = module_path(doc, settings);
    let Place { path, span, text } =
        navigation::definition(&target, offset, &doc.path, &mp, &parsed.program, &doc.text)?;
    let uri = if path == doc.path {
        uri.clone()
    } else {
        path_to_uri(&std::fs::canonicalize(&path).unwrap_or(path))?
    };
    Some(Location::new(uri, range(&text, span, enc)))
}

fn symbol_kind(k: Kind) -> SymbolKind {
    match k {
        Kind::Class => SymbolKind::CLASS,
        Kind::Define => SymbolKind::STRUCT,
        Kind::Node => SymbolKind::NAMESPACE,
        Kind::Function => SymbolKind::FUNCTION,
        Kind::TypeAlias => SymbolKind::TYPE_PARAMETER,
        Kind::Parameter => SymbolKind::FIELD,
        Kind::Resource => SymbolKind::OBJECT,
        Kind::Variable => SymbolKind::VARIABLE,
    }
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written
fn document_symbol(s: Symbol, lines: &Lines, enc: Encoding) -> DocumentSymbol {
    DocumentSymbol {
        name: s.name,
        detail: None,
        kind: symbol_kind(s.kind),
        tags: None,
        deprecated: None,
        range: lines.range(
            s.span.cover(s.name_span).start(),
            s.span.cover(s.name_span).end(),
            enc,
        ),
        selection_range: lines.range(s.name_span.start(), s.name_span.end(), enc),
        children: Some(
            s.children
                .into_iter()
                .map(|c| document_symbol(c, lines, enc))
                .collect(),
        ),
    }
}

/// The outline of the document.
pub fn outline(doc: &Document, enc: Encoding) -> Vec<DocumentSymbol> {
    let parsed = crate::syntax::parse(&doc.text);
    let lines = Lines::new(&doc.text);
    symbols::outline(&parsed.program, &doc.text)
        .into_iter()
        .map(|s| document_symbol(s, &lines, enc))
        .collect()
}

/// The definitions below the workspace folders whose names contain `query` (ignoring
/// case), sorted by name; open documents as they are in the editor.
pub fn workspace_symbols(
    workspace: &Workspace,
    settings: &Settings,
    query: &str,
    enc: Encoding,
) -> Vec<WorkspaceSymbol> {
    let query = query.to_lowercase();
    let mut out = Vec::new();
    for path in workspace.discover(&settings.folders).files {
        let text = match workspace.text(&path) {
            Some(t) => t.to_string(),
            None => match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(_) => continue,
            },
        };
        let parsed = crate::syntax::parse(&text);
        let Some(uri) = path_to_uri(&std::fs::canonicalize(&path).unwrap_or(path)) else {
            continue;
        };
        let lines = Lines::new(&text);
        for s in symbols::definitions(&parsed.program, &text) {
            if s.name.to_lowercase().contains(&query) {
                out.push(WorkspaceSymbol {
                    name: s.name,
                    kind: symbol_kind(s.kind),
                    tags: None,
                    container_name: None,
                    location: OneOf::Left(Location::new(
                        uri.clone(),
                        lines.range(s.name_span.start(), s.name_span.end(), enc),
                    )),
                    data: None,
                });
            }
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// The completion items at `pos`.
pub fn complete(
    doc: &Document,
    pos: Position,
    enc: Encoding,
    settings: &Settings,
) -> Vec<CompletionItem> {
    let offset = position::offset(&doc.text, pos, enc);
    let Some(ctx) = completion::context(&doc.text, offset) else {
        return vec![];
    };
    let parsed = crate::syntax::parse(&doc.text);
    let mp = module_path(doc, settings);
    completion::items(&ctx, &mp, &parsed.program, &doc.text)
        .into_iter()
        .map(|i| CompletionItem {
            label: i.label,
            kind: Some(match i.kind {
                ItemKind::Attribute => CompletionItemKind::PROPERTY,
                ItemKind::Parameter => CompletionItemKind::FIELD,
                ItemKind::Value => CompletionItemKind::ENUM_MEMBER,
                ItemKind::Fact => CompletionItemKind::CONSTANT,
            }),
            detail: i.detail,
            insert_text: i.insert,
            ..CompletionItem::default()
        })
        .collect()
}
