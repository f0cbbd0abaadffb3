//! `lookup_in_parameter` (plugin puppet-lint-lookup_in_parameter-check): `lookup()` called
//! (as a function or a method) in the default value of a class or defined-type parameter.

use super::class_parameters::class_or_define;
use super::walk::walk;
use crate::rules::{
    Category, Context, Diagnostic, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind};

pub struct LookupInParameter;

static META: RuleMeta = RuleMeta {
    name: "lookup_in_parameter",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-lookup_in_parameter-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "`lookup()` in the default value of a class or defined-type parameter.",
    doc: include_str!("../../../rules/lookup_in_parameter.md"),
    kinds: &[NodeKind::Class, NodeKind::Define],
    options: &[],
};

impl Rule for LookupInParameter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((def, _)) = class_or_define(expr, cx) else {
            return;
        };
        let mut calls = Vec::new();
        for default in def.params.iter().filter_map(|p| p.default.as_ref()) {
            walk(default, &mut |e| match &e.kind {
                ExprKind::Call(c) => {
                    if matches!(&c.functor.kind, ExprKind::QualifiedName(n) if n == "lookup") {
                        calls.push(c.functor.span);
                    }
                }
                ExprKind::MethodCall(m) if m.name.name == "lookup" => calls.push(m.name.span),
                _ => {}
            });
        }
        for span in calls {
            cx.report(
                Diagnostic::new(span, "lookup used to set the default value of a parameter")
                    .with_help("let automatic parameter lookup find the value in Hiera (`<class>::<param>` keys)"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    const MSG: &str = "lookup used to set the default value of a parameter";

    #[test]
    fn lookup_in_defaults() {
        let src = "class a (\n  String $a = lookup('a::a'),\n  Hash $b = { 'k' => lookup('k', String, 'first', '') },\n  String $c = 'lookup',\n  String $m = 'a::m'.lookup,\n) {\n  $d = lookup('d')\n}\ndefine b ($p = lookup('p')) {}\n";
        assert_eq!(
            findings("lookup_in_parameter", src),
            vec![
                format!("2:15 {MSG}"),
                format!("3:22 {MSG}"),
                format!("5:22 {MSG}"),
                format!("9:16 {MSG}")
            ]
        );
    }
}
