//! `expression_has_no_effect`: a statement that is not the last of its block and only
//! produces a value (a literal, a variable, an operator expression, ...), which is then
//! forgotten. Puppet's validator rejects it (IDEM_EXPRESSION_NOT_LAST); it is usually a
//! sign that the statement before or after it has the wrong form.

use super::idem::{idem, is_resource_without_title};
use super::labels::label;
use super::positions::operator_line_span;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{ElseBranch, Expr, ExprKind};

pub struct ExpressionHasNoEffect;

static META: RuleMeta = RuleMeta {
    name: "expression_has_no_effect",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["IDEM_EXPRESSION_NOT_LAST"],
    since: "0.1.0",
    summary: "A statement that only produces a value, which is then forgotten.",
    doc: include_str!("../../../rules/expression_has_no_effect.md"),
    kinds: &[
        NodeKind::Class,
        NodeKind::Define,
        NodeKind::Node,
        NodeKind::Function,
        NodeKind::Plan,
        NodeKind::If,
        NodeKind::Unless,
        NodeKind::Case,
        NodeKind::Call,
        NodeKind::MethodCall,
        NodeKind::TypeDefinition,
        NodeKind::Block,
        NodeKind::Epp,
    ],
    options: &[],
};

impl Rule for ExpressionHasNoEffect {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        match &expr.kind {
            ExprKind::Class(c) => check_list(&c.body.statements, cx),
            ExprKind::Define(d) => check_list(&d.body.statements, cx),
            ExprKind::Node(n) => check_list(&n.body.statements, cx),
            ExprKind::Function(f) => check_list(&f.body.statements, cx),
            ExprKind::Plan(p) => check_list(&p.body.statements, cx),
            ExprKind::If(i) => {
                check_list(&i.then_body.statements, cx);
                if let Some(ElseBranch::Else(b)) = &i.else_branch {
                    check_list(&b.statements, cx);
                }
            }
            ExprKind::Unless(u) => {
                check_list(&u.then_body.statements, cx);
                if let Some(b) = &u.else_body {
                    check_list(&b.statements, cx);
                }
            }
            ExprKind::Case(c) => {
                for o in &c.options {
                    check_list(&o.body.statements, cx);
                }
            }
            ExprKind::Call(c) => {
                if let Some(l) = &c.lambda {
                    check_list(&l.body.statements, cx);
                }
            }
            ExprKind::MethodCall(m) => {
                if let Some(l) = &m.lambda {
                    check_list(&l.body.statements, cx);
                }
            }
            ExprKind::TypeDefinition(t) => check_list(&t.body.statements, cx),
            ExprKind::Epp(t) => check_list(&t.body, cx),
            // The titleless-resource block is reported as a resource without a title.
            ExprKind::Block(stmts) if !is_resource_without_title(expr) => check_list(stmts, cx),
            _ => {}
        }
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let program = cx.file.program;
        check_list(&program.body, cx);
    }
}

/// Reports the first statement of `stmts`, the last one excepted, that has no effect (as
/// Puppet does: one finding per statement list).
fn check_list(stmts: &[Expr], cx: &mut Context<'_>) {
    let Some((_, rest)) = stmts.split_last() else {
        return;
    };
    // A titleless resource (`file { ensure => present }`) that is not last is a "Block
    // Expression" without effect too: Puppet reports both, and so does rein (the other is
    // `resource_without_title`).
    let Some(first) = rest.iter().find(|s| idem(s)) else {
        return;
    };
    let span = operator_line_span(cx.source(), first);
    cx.report(
        Diagnostic::new(
            span,
            format!(
                "This {} has no effect. A value was produced and then forgotten (one or more \
                 preceding expressions may have the wrong form)",
                label(first)
            ),
        )
        .with_help(
            "remove the expression, use its value (assign it, pass it to a function), or \
             check that the statement before it is complete",
        ),
    );
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    fn msg(label: &str) -> String {
        format!(
            "This {label} has no effect. A value was produced and then forgotten (one or more \
             preceding expressions may have the wrong form)"
        )
    }

    #[test]
    fn values_before_the_last_statement() {
        let r = |s| positions("expression_has_no_effect", s);
        assert_eq!(r("1\nnotice(1)\n"), vec![(1, 1, msg("Literal Integer"))]);
        assert_eq!(r("$x\nnotice(1)\n"), vec![(1, 1, msg("Variable"))]);
        assert_eq!(
            r("$x == 1\nnotice(1)\n"),
            vec![(1, 1, msg("'==' expression"))]
        );
        assert_eq!(
            r("$x\n+ 1\nnotice(1)\n"),
            vec![(2, 1, msg("'+' expression"))]
        );
        assert_eq!(
            r("\"${x}\"\nnotice(1)\n"),
            vec![(1, 1, msg("Double Quoted String"))]
        );
        assert_eq!(
            r("if $x { 1 }\nnotice(1)\n"),
            vec![(1, 1, msg("'if' statement"))]
        );
        assert_eq!(
            r("case $x { 1: {} }\nnotice(1)\n"),
            vec![(1, 1, msg("'case' statement"))]
        );
        assert_eq!(
            r("@(E)\n  a\n  E\nnotice(1)\n"),
            vec![(1, 1, msg("'@()' expression"))]
        );
        assert_eq!(
            r("$x[1]\nnotice(1)\n"),
            vec![(1, 1, msg("'[]' expression"))]
        );
        assert_eq!(r("-$x\nnotice(1)\n"), vec![(1, 1, msg("Unary Minus"))]);
        assert_eq!(r("foo\nnotice(1)\n"), vec![(1, 1, msg("Name"))]);
        assert_eq!(r("Foo\nnotice(1)\n"), vec![(1, 1, msg("Type-Name"))]);
        // only the first one of a list
        assert_eq!(r("1\n2\nnotice(1)\n"), vec![(1, 1, msg("Literal Integer"))]);
        assert_eq!(
            r("$x.each |$a| { 1 2 }\n"),
            vec![(1, 16, msg("Literal Integer"))]
        );
    }

    #[test]
    fn statements_with_effect() {
        let r = |s| positions("expression_has_no_effect", s);
        assert!(r("$x =~ /a/\nnotice(1)\n").is_empty());
        assert!(r("if $x { 1 } else { notice(2) }\nnotice(1)\n").is_empty());
        assert!(r("$x = 1\nnotice(1)\n1\n").is_empty());
        assert!(r("1\n").is_empty());
        assert!(r("file { ensure => present }\n").is_empty());
        assert!(r("class a { 1 }\n").is_empty());
    }

    #[test]
    fn a_titleless_resource_before_other_statements() {
        // Puppet 7.23: "This Block Expression has no effect. ..." (1:1) and "This
        // expression is invalid. Did you try declaring a 'notify' resource without a
        // title?" (1:1).
        let src = "notify { message => 'x' }\nnotify { b: }\n";
        assert_eq!(
            positions("expression_has_no_effect", src),
            vec![(1, 1, msg("Block Expression"))]
        );
        assert_eq!(positions("resource_without_title", src).len(), 1);
    }
}
