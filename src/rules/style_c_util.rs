//! Helpers shared by the puppet-lint class and define checks (style C): the facts of a
//! class or defined-type definition that those checks look at.

use crate::syntax::{Expr, ExprKind, Ident, Parameter, Span};

/// A class or defined-type definition, as the puppet-lint class checks see it.
pub struct Definition<'a> {
    /// `true` for a class, `false` for a defined type.
    pub is_class: bool,
    /// The full name (a nested class gets the enclosing class's name as prefix).
    pub name: &'a str,
    /// The name token as written.
    pub name_span: Span,
    /// Where the `class` / `define` keyword starts.
    pub keyword: usize,
    pub params: &'a [Parameter],
    /// The `inherits` parent of a class.
    pub parent: Option<&'a Ident>,
}

impl Definition<'_> {
    /// `class` or `defined type`, as puppet-lint's messages name the definition.
    pub fn what(&self) -> &'static str {
        if self.is_class {
            "class"
        } else {
            "defined type"
        }
    }
}

/// The definition `expr` is, if it is a class or a defined type.
pub fn definition(expr: &Expr) -> Option<Definition<'_>> {
    match &expr.kind {
        ExprKind::Class(c) => Some(Definition {
            is_class: true,
            name: &c.name,
            name_span: c.name_span,
            keyword: expr.span.start(),
            params: &c.params,
            parent: c.parent.as_ref(),
        }),
        ExprKind::Define(d) => Some(Definition {
            is_class: false,
            name: &d.name,
            name_span: d.name_span,
            keyword: expr.span.start(),
            params: &d.params,
            parent: None,
        }),
        _ => None,
    }
}

/// The first namespace segment of a name, ignoring a leading `::` (`a` for `::a::b`).
pub fn first_segment(name: &str) -> &str {
    name.split("::").find(|s| !s.is_empty()).unwrap_or("")
}

/// Test helpers: run one rule on a manifest.
#[cfg(test)]
pub mod testing {
    use crate::rules::engine::{self, RuleSet};
    use crate::rules::{fix, Level};

    /// The rule's findings on `src` at `path` as `line:col message`.
    pub fn findings_at(rule: &str, path: &str, src: &str) -> Vec<String> {
        let parsed = crate::syntax::parse(src);
        assert!(!parsed.has_errors(), "{:?}", parsed.errors);
        engine::check_file(path, &parsed, &RuleSet::only(rule, Level::Warning))
            .into_iter()
            .filter(|d| d.rule == rule)
            .map(|d| {
                let (l, c) = parsed.line_index.line_col(src, d.span.start());
                format!("{l}:{c} {}", d.message)
            })
            .collect()
    }

    /// The rule's findings on `src` (path `example.pp`).
    pub fn findings(rule: &str, src: &str) -> Vec<String> {
        findings_at(rule, "example.pp", src)
    }

    /// `src` after applying the rule's fixes (unsafe ones too).
    pub fn fixed(rule: &str, src: &str) -> String {
        let parsed = crate::syntax::parse(src);
        let found: Vec<_> =
            engine::check_file("example.pp", &parsed, &RuleSet::only(rule, Level::Warning))
                .into_iter()
                .filter(|d| d.rule == rule)
                .collect();
        fix::apply(src, &found, true).text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_segments() {
        assert_eq!(first_segment("a::b"), "a");
        assert_eq!(first_segment("::a::b"), "a");
        assert_eq!(first_segment("a"), "a");
        assert_eq!(first_segment(""), "");
    }
}
