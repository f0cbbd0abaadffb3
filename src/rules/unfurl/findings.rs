//! What the Unfurl rules find in one document, computed by each rule for its own part:
//! the merge directive keys of every mapping ([`key_problems`]), the `eval` expressions
//! ([`eval_problems`]) and the directives Unfurl cannot resolve
//! ([`crate::eval::unfurl::resolve`]); with the places of a problem inside a key or
//! expression turned into spans of the file ([`inner_span`]).

use crate::rules::yaml_context::{YamlContext, YamlKind};
use crate::rules::Diagnostic;
use crate::syntax::unfurl::{expr, merge_key, Problem};
use crate::syntax::yaml::{Node, NodeKind, ScalarStyle, YamlFile};
use crate::syntax::Span;

/// The keys `eval`/`ref` maps may have besides their expression (`Ref.is_ref`).
const REF_KEYS: &[&str] = &["vars", "trace", "foreach", "select", "strict"];

/// The problems of every key starting with `+` in the document's mappings, with the span of
/// each in the file.
pub fn key_problems(file: &YamlFile) -> Vec<(Span, Problem)> {
    let mut out = Vec::new();
    for root in &file.documents {
        root.walk(&mut |node| {
            let Some(entries) = node.as_map() else {
                return;
            };
            for e in entries {
                let Some(key) = e.key.as_string() else {
                    continue;
                };
                let Some(kind) = merge_key::parse(key) else {
                    continue;
                };
                for p in merge_key::problems(key, &kind) {
                    out.push((inner_span(file, &e.key, &p.at), p));
                }
            }
        });
    }
    out
}

/// The problems of every `eval` (or `ref`) expression: a string value of an `eval` or
/// `ref` key in a mapping whose other keys are `vars`, `trace`, `foreach`, `select` and
/// `strict`, unless it is a Jinja template (`{{`, `{%`).
pub fn eval_problems(file: &YamlFile) -> Vec<(Span, Problem)> {
    let mut out = Vec::new();
    for root in &file.documents {
        root.walk(&mut |node| {
            let Some(entries) = node.as_map() else {
                return;
            };
            let is_ref = entries.iter().all(|e| {
                e.key
                    .as_str()
                    .is_some_and(|k| k == "eval" || k == "ref" || REF_KEYS.contains(&k))
            });
            if !is_ref {
                return;
            }
            for e in entries {
                if !matches!(e.key.as_str(), Some("eval" | "ref")) {
                    continue;
                }
                let Some(text) = e.value.as_scalar().filter(|_| e.value.tag.is_none()) else {
                    continue;
                };
                if is_template(&text.value) {
                    continue;
                }
                for p in expr::parse(&text.value).problems {
                    out.push((inner_span(file, &e.value, &p.at), p));
                }
            }
        });
    }
    out
}

/// Ansible's test for a template: any of `{{`, `{%`, `%}`, `}}`.
fn is_template(s: &str) -> bool {
    ["{{", "{%", "%}", "}}"].iter().any(|t| s.contains(t))
}

/// The span in the file of `range` (byte offsets into the scalar's value): exact when the
/// value is written as it is (plain, or quoted without escapes on one line), else the
/// whole scalar.
pub fn inner_span(file: &YamlFile, node: &Node, range: &std::ops::Range<usize>) -> Span {
    let NodeKind::Scalar(s) = &node.kind else {
        return node.span;
    };
    let source = file.text(node.span);
    let quote = match s.style {
        ScalarStyle::Plain => 0,
        ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted => 1,
        ScalarStyle::Literal | ScalarStyle::Folded => return node.span,
    };
    // The node's span starts at its properties (anchor, tag): find the text itself.
    let Some(at) = source
        .rfind(s.value.as_str())
        .filter(|_| !s.value.is_empty())
    else {
        return node.span;
    };
    let written = &source[at..];
    if quote == 1 && !(at >= 1 && written.len() > s.value.len()) {
        return node.span;
    }
    let start = node.span.start() + at;
    if s.value.is_empty() {
        return Span::new(start, start);
    }
    Span::new(start + range.start, start + range.end.min(s.value.len()))
}

/// Reports, for the running rule, the problems of `problems` of gravity `gravity`.
pub fn report_problems(
    cx: &mut YamlContext<'_>,
    problems: Vec<(Span, Problem)>,
    gravity: crate::syntax::unfurl::Gravity,
) {
    for (span, p) in problems.into_iter().filter(|(_, p)| p.gravity == gravity) {
        cx.report(Diagnostic::new(span, p.message));
    }
}

/// Reports, for the running rule, the unresolvable directives of kind `issue`.
pub fn report_resolved(cx: &mut YamlContext<'_>, issue: crate::eval::unfurl::Issue) {
    if !is_unfurl(cx) {
        return;
    }
    for f in crate::eval::unfurl::resolve(cx.path, cx.file) {
        if f.issue == issue {
            cx.report(Diagnostic::new(f.span, f.message));
        }
    }
}

/// Whether the file is checked as an Unfurl document.
pub fn is_unfurl(cx: &YamlContext<'_>) -> bool {
    *cx.kind == YamlKind::Unfurl
}
