//! Running one rule on a snippet, for the rules' unit tests.

use crate::rules::engine::{check_file, RuleSet};
use crate::rules::{fix, Diagnostic, Level};

/// The findings of rule `name` (switched on at warning level) on `src` at `path`.
pub fn run_at(name: &str, path: &str, src: &str) -> Vec<Diagnostic> {
    let parsed = crate::syntax::parse(src);
    assert!(!parsed.has_errors(), "snippet does not parse: {src}");
    check_file(path, &parsed, &RuleSet::only(name, Level::Warning))
        .into_iter()
        .filter(|d| d.rule == name)
        .collect()
}

/// The findings of rule `name` (switched on at warning level) on `src`.
pub fn run(name: &str, src: &str) -> Vec<Diagnostic> {
    run_at(name, "x.pp", src)
}

/// `(line, column, message)` of each finding of rule `name` on `src`.
pub fn positions(name: &str, src: &str) -> Vec<(usize, usize, String)> {
    let parsed = crate::syntax::parse(src);
    run(name, src)
        .into_iter()
        .map(|d| {
            let (l, c) = parsed.line_index.line_col(src, d.span.start());
            (l, c, d.message.into_owned())
        })
        .collect()
}

/// The findings of rule `name` on `src` at `path`, as `line:col message`.
pub fn findings_at(name: &str, path: &str, src: &str) -> Vec<String> {
    let parsed = crate::syntax::parse(src);
    run_at(name, path, src)
        .into_iter()
        .map(|d| {
            let (l, c) = parsed.line_index.line_col(src, d.span.start());
            format!("{l}:{c} {}", d.message)
        })
        .collect()
}

/// The findings of rule `name` on `src`, as `line:col message`.
pub fn findings(name: &str, src: &str) -> Vec<String> {
    findings_at(name, "x.pp", src)
}

/// Puppet's AST (as PN JSON) of `src`, which must parse.
pub fn ast(src: &str) -> String {
    let f = crate::syntax::parse(src);
    assert!(!f.has_errors(), "does not parse: {src}");
    crate::syntax::pn::to_json(&f.program)
}

/// `src` after applying every fix of rule `name` (unsafe ones too) once.
pub fn fixed(name: &str, src: &str) -> String {
    fix::apply(src, &run(name, src), true).text
}
