//! The body of the two `unquoted_string` plugin checks: a case option or a selector match
//! written as a bare word.

use super::resource_references::is_lint_type;
use crate::rules::quoting::single_quoted;
use crate::rules::{Category, Context, Diagnostic, Edit, Fix, FixKind, Level, Plugin, RuleMeta};
use crate::syntax::{Expr, ExprKind, StringStyle};

/// The metadata the two `unquoted_string_in_*` rules share (each sets its `name`,
/// `summary`, `doc` and `kinds`): off by default, warning in the plugin, unsafe fixes.
pub const UNQUOTED_STRING: RuleMeta = RuleMeta {
    name: "",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-unquoted_string-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "",
    doc: "",
    kinds: &[],
    options: &[],
};

/// A finding for a case option or selector match written as a bare word: a lower-case name
/// (`foo`, `foo::bar`, `foo-bar`), or a capitalised name without `::` that is not one of
/// puppet-lint's type names (`RedHat`). The fix quotes it. It is safe only where Puppet's
/// syntax tree stays the same (a bare word Puppet already reads as a String, `foo-bar`);
/// quoting a name (`foo`: a name that evaluates to the String of its text) changes the tree,
/// and quoting a capitalised word (a resource type, matched as a type) changes the meaning:
/// both unsafe.
pub fn unquoted_word(cx: &Context<'_>, expr: &Expr, message: &str) -> Option<Diagnostic> {
    let (safe, name) = match &expr.kind {
        ExprKind::String {
            style: StringStyle::Bare,
            ..
        } => (true, true),
        ExprKind::QualifiedName(_) => (false, true),
        ExprKind::QualifiedReference(n) if !n.contains("::") && !is_lint_type(n) => (false, false),
        _ => return None,
    };
    let text = cx.text(expr.span);
    let quoted = single_quoted(text);
    let help = if name {
        format!("quote it: {quoted}")
    } else {
        format!(
            "`{text}` is a type here and matches only values of that type; quote it ({quoted}) to match the string"
        )
    };
    let edits = vec![Edit::replace(expr.span, quoted)];
    Some(
        Diagnostic::new(expr.span, message.to_string())
            .with_help(help)
            .with_fix(if safe {
                Fix::safe(edits)
            } else {
                Fix::unsafe_(edits)
            }),
    )
}
