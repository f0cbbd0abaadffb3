//! `unquoted_file_mode` (puppet-lint): a `file` or `concat` mode written as a bare number
//! or word.

use super::file_modes::mode_values;
use crate::rules::quoting::single_quoted;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind, StringStyle};

pub struct UnquotedFileMode;

static META: RuleMeta = RuleMeta {
    name: "unquoted_file_mode",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("unquoted_file_mode"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A file mode that is not quoted.",
    doc: include_str!("../../../rules/unquoted_file_mode.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

impl Rule for UnquotedFileMode {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        for value in mode_values(expr) {
            let text = cx.text(value.span);
            let fix = match &value.kind {
                // A number becomes a String: a different value.
                ExprKind::Integer { .. } => {
                    Fix::unsafe_(vec![Edit::replace(value.span, format!("'{text}'"))])
                }
                // A name evaluates to the same String, but is a name in the AST.
                ExprKind::QualifiedName(_) => {
                    Fix::unsafe_(vec![Edit::replace(value.span, single_quoted(text))])
                }
                // A bare word that is not a name already is a String.
                ExprKind::String {
                    style: StringStyle::Bare,
                    ..
                } => Fix::safe(vec![Edit::replace(value.span, single_quoted(text))]),
                _ => continue,
            };
            cx.report(
                Diagnostic::new(value.span, "unquoted file mode")
                    .with_help("write the mode as a quoted string, such as `'0644'`")
                    .with_fix(fix),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "unquoted_file_mode";

    #[test]
    fn flags_bare_modes() {
        let src = "file { 'a': mode => 0644 }\nfile { 'b': mode => '0644' }\nconcat { 'c':\n  mode => rw,\n}\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (1, 21, "unquoted file mode".into()),
                (4, 11, "unquoted file mode".into())
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "file { 'a': mode => '0644' }\nfile { 'b': mode => '0644' }\nconcat { 'c':\n  mode => 'rw',\n}\n"
        );
    }
}
