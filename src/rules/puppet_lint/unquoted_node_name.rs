//! `unquoted_node_name` (puppet-lint): a node definition matching a bare-word host name.

use crate::rules::quoting::single_quoted;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind, StringStyle};

pub struct UnquotedNodeName;

static META: RuleMeta = RuleMeta {
    name: "unquoted_node_name",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Safe,
    puppet_lint: Some("unquoted_node_name"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A node name that is not quoted.",
    doc: include_str!("../../../rules/unquoted_node_name.md"),
    kinds: &[NodeKind::Node],
    options: &[],
};

impl Rule for UnquotedNodeName {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Node(n) = &expr.kind else {
            return;
        };
        for m in &n.matches {
            let bare = matches!(
                m.kind,
                ExprKind::String {
                    style: StringStyle::Bare,
                    ..
                } | ExprKind::QualifiedName(_)
            );
            if !bare {
                continue;
            }
            // Puppet keeps a bare node name as the String of its text: quoting it keeps
            // the AST (`(matches 'a.b')` either way). A name over lines (`e.⏎fault`) is
            // the String of its parts joined: that is what gets quoted.
            let name = match &m.kind {
                ExprKind::String { value, .. } => value.as_str(),
                _ => cx.text(m.span),
            };
            let edits = vec![Edit::replace(m.span, single_quoted(name))];
            let fix = match m.kind {
                ExprKind::QualifiedName(_) => Fix::unsafe_(edits),
                _ => Fix::safe(edits),
            };
            cx.report(
                Diagnostic::new(m.span, "unquoted node name found")
                    .with_help("quote the node name")
                    .with_fix(fix),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{ast, fixed, positions};

    const NAME: &str = "unquoted_node_name";
    const MSG: &str = "unquoted node name found";

    #[test]
    fn flags_bare_node_names() {
        let src = "node foo.example.com, 'bar', /baz/ {\n}\nnode default {}\nnode web01 inherits base {}\n";
        assert_eq!(
            positions(NAME, src),
            vec![(1, 6, MSG.into()), (4, 6, MSG.into())]
        );
        assert_eq!(ast(&fixed(NAME, src)), ast(src));
        assert_eq!(
            fixed(NAME, src),
            "node 'foo.example.com', 'bar', /baz/ {\n}\nnode default {}\nnode 'web01' inherits base {}\n"
        );
    }

    #[test]
    fn a_name_over_lines_is_quoted_as_its_parts_joined() {
        // Found by fuzzing: the text with its line end quoted was another name.
        let src = "node 'a', e.\nfault {\n}\n";
        assert_eq!(positions(NAME, src), vec![(1, 11, MSG.into())]);
        assert_eq!(fixed(NAME, src), "node 'a', 'e.fault' {\n}\n");
        assert_eq!(ast(&fixed(NAME, src)), ast(src));
    }
}
