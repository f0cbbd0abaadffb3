//! The engine for YAML files: reports the front end's syntax errors and tabs (always on,
//! like Puppet's `syntax`), then runs every enabled rule's [`super::Rule::check_yaml`] on a
//! file that parses (dropping the fixes that would make a key too long to parse, see
//! [`super::yaml_key_limit`]), applies the file's `# lint:ignore:NAME` directives (as in manifests),
//! and sorts the findings by position.

use std::path::Path;

use super::diagnostic::{Diagnostic, Severity};
use super::directives::{self, Commented};
use super::engine::RuleSet;
use super::yaml_context::{YamlContext, YamlKind};
use crate::eval::project::Project;
use crate::syntax::yaml::YamlFile;

/// The findings of the YAML file `file` (named `path`), a `kind` file, with `rules`; the
/// findings its directives suppress are dropped, or kept marked ignored when `keep_ignored`.
pub fn check_yaml_file(
    path: &Path,
    file: &YamlFile,
    kind: &YamlKind,
    rules: &RuleSet,
    project: Option<&Project>,
    keep_ignored: bool,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for tab in &file.tabs {
        out.push(syntax_finding(
            super::yaml::yaml_tab::NAME,
            *tab,
            "a tab in indentation: YAML indents with spaces only",
        ));
    }
    if let Some(e) = file.error.as_ref().filter(|e| !e.tab) {
        out.push(syntax_finding(
            super::yaml::yaml_syntax::NAME,
            e.span,
            &e.message,
        ));
    }
    if file.error.is_none() {
        let mut cx = YamlContext::new(path, file, kind, project);
        for e in rules.enabled() {
            cx.current = Some((e.rule.meta(), e.severity));
            e.rule.check_yaml(&mut cx);
        }
        let mut found = cx.into_diagnostics();
        super::yaml_key_limit::keep_implicit_keys(file, &mut found);
        out.append(&mut found);
    }
    let text = Commented {
        source: &file.source,
        comments: &file.comments,
        line_index: &file.line_index,
    };
    let severity_of = |name: &str| rules.severity_of(name);
    let broken = file.error.is_some();
    let mut out = directives::apply(text, out, &severity_of, broken, keep_ignored);
    for (i, d) in out.iter_mut().enumerate() {
        d.order = u32::try_from(i).unwrap_or(u32::MAX);
    }
    out.sort_by(|a, b| (a.span.start, a.span.end, a.rule).cmp(&(b.span.start, b.span.end, b.rule)));
    out
}

fn syntax_finding(rule: &'static str, span: crate::syntax::Span, message: &str) -> Diagnostic {
    let mut d = Diagnostic::new(span, message.to_string());
    d.rule = rule;
    d.severity = Severity::Error;
    d
}
