//! Tabs in indentation. YAML indents with spaces only; the parser stops at the first tab
//! it cannot take, so the lines whose indentation holds a tab are found here, all of them:
//! those before the parser stopped (skipping the text of multi-line scalars and flow
//! collections, where a tab after the indentation is allowed), and the one it stopped at.

use super::node::{Node, NodeKind};
use super::YamlError;
use crate::syntax::ast::Span;

/// The span of the first tab in the indentation of each line that has one, in order.
pub fn indentation_tabs(source: &str, documents: &[Node], error: Option<&YamlError>) -> Vec<Span> {
    let mut exempt = Vec::new();
    for d in documents {
        d.walk(&mut |n| {
            let text = source.get(n.span.start()..n.span.end()).unwrap_or("");
            let free = match &n.kind {
                NodeKind::Scalar(_) => true,
                NodeKind::Seq(_) | NodeKind::Map(_) => is_flow(text),
                NodeKind::Alias(_) => false,
            };
            if free && text.trim_end().contains('\n') {
                exempt.push(n.span);
            }
        });
    }
    let stop = error.map_or(source.len(), |e| e.span.start());
    let mut tabs = Vec::new();
    let mut at = 0;
    for line in source.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        let rest = line[indent..].trim_end();
        let Some(tab) = line[..indent].find('\t') else {
            continue;
        };
        let tab = start + tab;
        let inside = exempt.iter().any(|s| s.start() < tab && tab < s.end());
        let is_error =
            error.is_some_and(|e| e.tab && start <= e.span.start() && e.span.start() < at);
        if is_error || (!rest.is_empty() && !rest.starts_with('#') && !inside && at <= stop) {
            tabs.push(Span::new(tab, tab + 1));
        }
    }
    tabs
}

/// Whether a collection's text starts as a flow collection (after its properties).
fn is_flow(text: &str) -> bool {
    let mut rest = text;
    while let Some(r) = rest.strip_prefix(['&', '!']) {
        let end = r.find(char::is_whitespace).unwrap_or(r.len());
        rest = r[end..].trim_start();
    }
    rest.starts_with(['[', '{'])
}
