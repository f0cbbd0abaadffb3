//! The Unfurl rules' one implementation ([`UnfurlRule`]), and what they find in one
//! document, computed by each rule for its own [`Part`]:
//! the merge directive keys of every mapping ([`key_problems`]), the `eval` expressions
//! ([`eval_problems`]) and the directives Unfurl cannot resolve
//! ([`crate::eval::unfurl::resolve`]); with the places of a problem inside a key or
//! expression turned into spans of the file ([`inner_span`]).

use crate::eval::unfurl::Issue;
use crate::rules::yaml_context::{YamlContext, YamlKind};
use crate::rules::{Category, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::unfurl::{expr, merge_key, Gravity, Problem};
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

/// What an Unfurl rule reports.
#[derive(Clone, Copy, Debug)]
pub enum Part {
    /// The problems of merge directive keys of this gravity.
    Keys(Gravity),
    /// The problems of `eval` expressions of this gravity.
    Evals(Gravity),
    /// The directives Unfurl cannot resolve, of this kind.
    Resolved(Issue),
}

/// The metadata of an Unfurl rule: no fix, no puppet-lint name, no alias, no option.
pub const fn meta(
    name: &'static str,
    level: Level,
    category: Category,
    summary: &'static str,
    doc: &'static str,
) -> RuleMeta {
    RuleMeta {
        name,
        level,
        category,
        fix: FixKind::None,
        puppet_lint: None,
        plugin: None,
        aliases: &[],
        since: "0.2.0",
        summary,
        doc,
        kinds: &[],
        options: &[],
    }
}

/// An Unfurl rule: the rules of the family differ only in their metadata and what part
/// of the findings they report.
pub struct UnfurlRule {
    pub meta: &'static RuleMeta,
    pub part: Part,
}

impl Rule for UnfurlRule {
    fn meta(&self) -> &'static RuleMeta {
        self.meta
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        if !is_unfurl(cx) {
            return;
        }
        match self.part {
            Part::Keys(gravity) => {
                let problems = key_problems(cx.file);
                report_problems(cx, problems, gravity);
            }
            Part::Evals(gravity) => {
                let problems = eval_problems(cx.file);
                report_problems(cx, problems, gravity);
            }
            Part::Resolved(issue) => report_resolved(cx, issue),
        }
    }
}

/// Reports, for the running rule, the problems of `problems` of gravity `gravity`.
fn report_problems(cx: &mut YamlContext<'_>, problems: Vec<(Span, Problem)>, gravity: Gravity) {
    for (span, p) in problems.into_iter().filter(|(_, p)| p.gravity == gravity) {
        cx.report(Diagnostic::new(span, p.message));
    }
}

/// Reports, for the running rule, the unresolvable directives of kind `issue`.
fn report_resolved(cx: &mut YamlContext<'_>, issue: Issue) {
    let found: Vec<Diagnostic> = cx
        .unfurl_unresolved()
        .iter()
        .filter(|f| f.issue == issue)
        .map(|f| Diagnostic::new(f.span, f.message.clone()))
        .collect();
    for d in found {
        cx.report(d);
    }
}

/// Whether the file is checked as an Unfurl document.
fn is_unfurl(cx: &YamlContext<'_>) -> bool {
    *cx.kind == YamlKind::Unfurl
}
