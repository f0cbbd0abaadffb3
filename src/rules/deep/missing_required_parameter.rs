//! `missing_required_parameter`: an instance of a defined type that does not set a
//! parameter the define has no default for (Puppet: "expects a value for parameter 'x'").
//! Only when nothing else can give the value: no `* =>` in the body, and no resource
//! defaults, override or collector for the type anywhere in the run (they may set it).

use crate::rules::resources::type_name;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{AttributeOp, Expr, ExprKind, ResourceForm};

pub struct MissingRequiredParameter;

static META: RuleMeta = RuleMeta {
    name: "missing_required_parameter",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "A defined type's instance without a parameter that has no default.",
    doc: include_str!("../../../rules/missing_required_parameter.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

impl Rule for MissingRequiredParameter {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Resource(r) = &expr.kind else {
            return;
        };
        // A virtual or exported instance is only evaluated when it is realised.
        if r.form != ResourceForm::Regular {
            return;
        }
        let Some(ty) = type_name(&r.type_name) else {
            return;
        };
        let project = cx.project();
        let Some(define) = project.define(ty) else {
            return;
        };
        if project.has_defaults_for(ty) {
            return;
        }
        let mut found = Vec::new();
        for body in &r.bodies {
            if body
                .ops
                .iter()
                .any(|op| matches!(op, AttributeOp::Splat { .. }))
            {
                continue;
            }
            let given = |name: &str| {
                body.ops.iter().any(
                    |op| matches!(op, AttributeOp::Attribute { name: n, .. } if n.name == name),
                )
            };
            let missing: Vec<&str> = define
                .params
                .iter()
                .filter(|p| !p.has_default && !p.captures_rest && !given(&p.name))
                .map(|p| p.name.as_str())
                .collect();
            for name in missing {
                found.push(
                    Diagnostic::new(
                        body.title.span,
                        format!("`{}` expects a value for parameter '{name}'", define.name),
                    )
                    .with_help(format!(
                        "set `{name}` here, or give `${name}` a default in the define"
                    )),
                );
            }
        }
        for d in found {
            cx.report(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    const NAME: &str = "missing_required_parameter";

    #[test]
    fn flags_parameters_without_default_that_are_not_set() {
        let src = "define d(String $x, Optional[String] $y, $z = 1) {}\nd { 'a': x => 'v', y => undef }\nd { 'b': }\nd { 'c': * => $h }\n@d { 'e': }\nfile { 'f': }\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (3, 5, "`d` expects a value for parameter 'x'".into()),
                (3, 5, "`d` expects a value for parameter 'y'".into()),
            ]
        );
    }

    #[test]
    fn defaults_anywhere_may_give_the_value() {
        let src = "define d($x) {}\nclass c { D { x => 1 } }\nd { 'a': }\n";
        assert!(positions(NAME, src).is_empty());
    }
}
