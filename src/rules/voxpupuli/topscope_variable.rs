//! `topscope_variable` (plugin puppet-lint-topscope-variable-check): a namespaced variable
//! written with a leading `::` (`$::foo::bar`) in a file that defines a class or defined
//! type.

use super::walk::{for_each_variable, has_class_or_define};
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, Plugin, Rule, RuleMeta,
};
use crate::syntax::{ExprKind, Span};

pub struct TopscopeVariable;

static META: RuleMeta = RuleMeta {
    name: "topscope_variable",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-topscope-variable-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "A namespaced variable written with a leading `::` (`$::foo::bar`).",
    doc: include_str!("../../../rules/topscope_variable.md"),
    kinds: &[],
    options: &[],
};

/// Whether the plugin reports the variable `name` (without `$`): `::` followed by a first
/// segment of at least two name characters starting with a lowercase letter, a digit or
/// `_`, followed by `::`.
fn reported(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("::") else {
        return false;
    };
    let Some((first, _)) = rest.split_once("::") else {
        return false;
    };
    let mut chars = first.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && first.len() >= 2
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Rule for TopscopeVariable {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let program = cx.file.program;
        if !has_class_or_define(program) {
            return;
        }
        let mut found = Vec::new();
        for_each_variable(program, &mut |e, unbraced| {
            if let ExprKind::Variable(name) = &e.kind {
                if !unbraced && reported(name) {
                    found.push((e.span, name.clone()));
                }
            }
        });
        for (span, name) in found {
            let text = cx.text(span);
            let colons = span.start() + usize::from(text.starts_with('$'));
            if cx.text(Span::new(colons, colons + 2)) != "::" {
                continue;
            }
            let fixed = &name[2..];
            cx.report(
                Diagnostic::new(span, format!("use ${fixed} instead of ${name}")).with_fix(
                    Fix::unsafe_(vec![Edit::delete(Span::new(colons, colons + 2))]),
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const NAME: &str = "topscope_variable";

    #[test]
    fn namespaced_top_scope_variables() {
        let src = "class a {\n  $x = $::foo::bar\n  $y = \"${::foo::bar} $::foo::bar\"\n  $z = [$::os, $::a::b, $::Foo::b, $foo::bar, $::foo_1::x::y]\n}\n";
        assert_eq!(
            findings(NAME, src),
            vec![
                "2:8 use $foo::bar instead of $::foo::bar",
                "3:11 use $foo::bar instead of $::foo::bar",
                "4:47 use $foo_1::x::y instead of $::foo_1::x::y",
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "class a {\n  $x = $foo::bar\n  $y = \"${foo::bar} $::foo::bar\"\n  $z = [$::os, $::a::b, $::Foo::b, $foo::bar, $foo_1::x::y]\n}\n"
        );
    }

    #[test]
    fn only_in_files_with_a_class_or_define() {
        assert!(findings(
            NAME,
            "$x = $::foo::bar\nnode default { $y = $::foo::bar }\n"
        )
        .is_empty());
        assert_eq!(
            findings(NAME, "$x = $::foo::bar\ndefine d {}\n"),
            vec!["1:6 use $foo::bar instead of $::foo::bar"]
        );
    }
}
