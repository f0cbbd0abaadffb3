//! `variable_scope` (puppet-lint): an unqualified variable used in a class or defined type
//! that is neither a parameter, nor assigned in it before the use, nor a parameter of an
//! enclosing lambda, nor one of the variables Puppet sets in every scope: Puppet then looks
//! it up in an outer (usually the top) scope, which the style guide wants written as
//! `$::name`.

use crate::rules::scopes::ScopeKind;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta, Slot};
use crate::syntax::{Expr, ExprKind};

pub struct VariableScope;

static META: RuleMeta = RuleMeta {
    name: "variable_scope",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("variable_scope"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A variable of an outer scope used in a class or define without a namespace.",
    doc: include_str!("../../../rules/variable_scope.md"),
    kinds: &[NodeKind::Variable],
    options: &[],
};

/// Variables that exist in every class and define scope (as puppet-lint lists them:
/// built-in variables, metaparameters, the facts hashes).
const BUILT_IN: &[&str] = &[
    "name",
    "title",
    "module_name",
    "environment",
    "clientcert",
    "clientversion",
    "servername",
    "serverip",
    "serverversion",
    "caller_module_name",
    "alias",
    "audit",
    "before",
    "loglevel",
    "noop",
    "notify",
    "require",
    "schedule",
    "stage",
    "subscribe",
    "tag",
    "facts",
    "trusted",
    "server_facts",
];

/// Whether the current variable node is the target of an assignment (`$x = ...`,
/// `[$x, $y] = ...`).
fn is_assigned(cx: &Context<'_>) -> bool {
    let mut slot = cx.slot();
    for frame in cx.ancestors() {
        match (slot, &frame.expr.kind) {
            (Some(Slot::Lhs), ExprKind::Assignment { .. }) => return true,
            (Some(Slot::Element), ExprKind::Array(_)) => slot = Some(frame.slot),
            _ => return false,
        }
    }
    false
}

impl Rule for VariableScope {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Variable(name) = &expr.kind else {
            return;
        };
        if name.is_empty()
            || name.contains("::")
            || name.bytes().all(|b| b.is_ascii_digit())
            || BUILT_IN.contains(&name.as_str())
            || is_assigned(cx)
        {
            return;
        }
        let offset = expr.span.start();
        let scopes = cx.scopes();
        let scope = scopes.at(offset);
        // The definition the variable is in: the first scope out of the lambdas.
        let mut def = Some(scope);
        while let Some(s) = def.and_then(|i| scopes.scopes.get(i)) {
            if s.kind != ScopeKind::Lambda {
                break;
            }
            def = s.parent;
        }
        let in_class_or_define = def
            .and_then(|i| scopes.scopes.get(i))
            .is_some_and(|s| matches!(s.kind, ScopeKind::Class | ScopeKind::Define));
        if !in_class_or_define || scopes.is_local(scope, name, offset) {
            return;
        }
        cx.report(
            Diagnostic::new(
                expr.span,
                "top-scope variable being used without an explicit namespace",
            )
            .with_help(format!(
                "write `$::{name}` for a top-scope variable, or qualify it with its class"
            )),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    const MSG: &str = "top-scope variable being used without an explicit namespace";

    #[test]
    fn unqualified_outer_variables() {
        let src = "class foo($a, $b = $a) {\n  $h = $i\n  notice($h, $a, $b, $::p, $q::r, $facts['x'], $trusted, $name, $1)\n  notice(\"x $d ${e}\")\n}\n$top = $outside\n";
        assert_eq!(
            findings("variable_scope", src),
            vec![
                format!("2:8 {MSG}"),
                format!("4:13 {MSG}"),
                format!("4:18 {MSG}")
            ]
        );
    }

    #[test]
    fn lambda_parameters_are_scoped_by_the_lambda_not_the_line() {
        // puppet-lint sees `$x` on line 1 as a lambda parameter (same line) and misses
        // `$y` on line 4 (used after its lambda ended).
        let src = "define foo {\n  [1].each |$x| { notice($x) } notice($x)\n  [1].each |$y| {\n    notice($y) }  notice($y)\n  [1].map |$k, $v| { [1].each |$w| { notice($k, $v, $w) } }\n}\n";
        assert_eq!(
            findings("variable_scope", src),
            vec![format!("2:39 {MSG}"), format!("4:26 {MSG}")]
        );
    }

    #[test]
    fn assignments_count_from_where_they_are() {
        let src = "class foo {\n  notice($z)\n  $z = 1\n  [$m, $n] = [1, 2]\n  notice($z, $m, $n)\n  [1].each |$i| { $in_lambda = $i }\n  notice($in_lambda)\n}\n";
        assert_eq!(
            findings("variable_scope", src),
            vec![format!("2:10 {MSG}"), format!("7:10 {MSG}")]
        );
    }

    #[test]
    fn nested_classes_have_their_own_scope() {
        let src = "class a {\n  $x = 1\n  class b {\n    notice($x)\n  }\n}\nclass c {\n  notice($x)\n}\nnode default {\n  notice($x)\n}\n";
        assert_eq!(
            findings("variable_scope", src),
            vec![format!("4:12 {MSG}"), format!("8:10 {MSG}")]
        );
    }

    #[test]
    fn parameter_defaults_and_heredocs() {
        // puppet-lint takes `$fqdn,` for a parameter and skips `$v` in the heredoc.
        let src = "class foo (\n  $host = $fqdn,\n  $port = $host,\n) {\n  $t = @(\"E\")\n    ${port} $v\n    | E\n}\n";
        assert_eq!(
            findings("variable_scope", src),
            vec![format!("2:11 {MSG}"), format!("6:13 {MSG}")]
        );
    }
}
