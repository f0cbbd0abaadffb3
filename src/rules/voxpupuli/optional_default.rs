//! `optional_default` (plugin puppet-lint-optional_default-check): an `Optional[...]`
//! parameter whose default is not `undef`, or an `Optional` defined-type parameter without
//! a default.

use super::class_parameters::{class_or_define, is_optional, is_undef};
use super::walk::walk;
use crate::rules::{
    Category, Context, Diagnostic, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind};

pub struct OptionalDefault;

static META: RuleMeta = RuleMeta {
    name: "optional_default",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-optional_default-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "An `Optional` parameter with a default other than `undef`, or an `Optional` define parameter without one.",
    doc: include_str!("../../../rules/optional_default.md"),
    kinds: &[NodeKind::Class, NodeKind::Define],
    options: &[],
};

/// The leftmost expression of `e` (what its source text starts with).
fn leftmost(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Binary { lhs, .. } | ExprKind::Access { target: lhs, .. } => leftmost(lhs),
        ExprKind::Selector { subject, .. } => leftmost(subject),
        ExprKind::MethodCall(m) => leftmost(&m.receiver),
        _ => e,
    }
}

/// Whether the plugin leaves a default alone: one computed at run time (it starts with a
/// variable, or it calls a function or a method anywhere, or has parentheses).
fn computed(default: &Expr) -> bool {
    if matches!(leftmost(default).kind, ExprKind::Variable(_)) {
        return true;
    }
    let mut found = false;
    walk(default, &mut |e| {
        found |= match &e.kind {
            ExprKind::Call(c) => c.parens,
            ExprKind::MethodCall(_) | ExprKind::Paren(_) => true,
            _ => false,
        };
    });
    found
}

impl Rule for OptionalDefault {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((def, _)) = class_or_define(expr, cx) else {
            return;
        };
        for p in def.params {
            if !p.type_expr.as_ref().is_some_and(is_optional) {
                continue;
            }
            match &p.default {
                Some(d) if !is_undef(d) && !computed(d) => cx.report(
                    Diagnostic::new(
                        p.name.span,
                        "Optional parameter defaults to something other than undef",
                    )
                    .with_help("drop `Optional` from the type, or make the default `undef`"),
                ),
                None if !def.is_class => cx.report(
                    Diagnostic::new(
                        p.name.span,
                        "Optional defined type parameter doesn't have a default",
                    )
                    .with_help(
                        "add `= undef`: a defined type's parameter cannot get a value from Hiera",
                    ),
                ),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    const MSG: &str = "Optional parameter defaults to something other than undef";

    #[test]
    fn optional_with_value_default() {
        let src = "class a (\n  Optional[Integer] $a = 8080,\n  Optional[String] $b = undef,\n  Optional[String] $c,\n  Optional[String] $d = $facts['x'],\n  Optional[String] $e = lookup('x'),\n  Optional[Array] $f = ['x'],\n  Optional[String] $g = $x ? { 'a' => 'b', default => undef },\n  Integer $h = 1,\n  Optional $i = 'x',\n) {}\n";
        assert_eq!(
            findings("optional_default", src),
            vec![
                format!("2:21 {MSG}"),
                format!("7:19 {MSG}"),
                format!("10:12 {MSG}")
            ]
        );
    }

    #[test]
    fn define_without_default() {
        let src = "define a (\n  Optional[String] $a,\n  Optional[String] $b = 'x',\n  Optional[String] $c = undef,\n) {}\n";
        assert_eq!(
            findings("optional_default", src),
            vec![
                "2:20 Optional defined type parameter doesn't have a default",
                format!("3:20 {MSG}").as_str(),
            ]
        );
    }
}
