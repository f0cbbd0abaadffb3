//! `only_variable_string` (puppet-lint): a string that holds nothing but one interpolated
//! variable (`"${x}"`), where the variable itself would do.

use super::name_joins::joins_name;
use crate::rules::Slot;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind, StringPart};

pub struct OnlyVariableString;

static META: RuleMeta = RuleMeta {
    name: "only_variable_string",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("only_variable_string"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A string that only interpolates one variable.",
    doc: include_str!("../../../rules/only_variable_string.md"),
    kinds: &[NodeKind::Concat],
    options: &[],
};

/// A variable, possibly indexed (`$x`, `$x['k'][0]`).
fn is_variable_access(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Variable(_) => true,
        ExprKind::Access { target, .. } => is_variable_access(target),
        _ => false,
    }
}

impl Rule for OnlyVariableString {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Concat(parts) = &expr.kind else {
            return;
        };
        let [StringPart::Interpolation { expr: var, .. }] = parts.as_slice() else {
            return;
        };
        // A hash key or a selector's match must stay a string.
        if matches!(
            cx.slot(),
            Some(Slot::HashKey | Slot::SelectorMatch | Slot::HeredocText)
        ) || !is_variable_access(var)
        {
            return;
        }
        let text = cx.text(var.span);
        let mut replacement = if text.starts_with('$') {
            text.to_string()
        } else {
            format!("${text}")
        };
        // A name or number right after the closing quote would continue the variable's
        // name (`"$x"erver` into `$xerver`): a space keeps them apart.
        let after = cx
            .source()
            .get(expr.span.end()..)
            .and_then(|t| t.chars().next());
        if joins_name(after, &[]) {
            replacement.push(' ');
        }
        cx.report(
            Diagnostic::new(var.span, "string containing only a variable")
                .with_help("use the variable itself; the string turns its value into a String")
                .with_fix(Fix::unsafe_(vec![Edit::replace(expr.span, replacement)])),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "only_variable_string";
    const MSG: &str = "string containing only a variable";

    #[test]
    fn flags_strings_of_one_variable() {
        let src = "$a = \"${x}\"\n$b = \"$x\"\n$c = \"${x['k'][0]}\"\n$d = \"$x['k']\"\n$e = { \"${x}\" => 1 }\n$f = \"${x} \"\n";
        assert_eq!(
            positions(NAME, src),
            vec![(1, 9, MSG.into()), (2, 7, MSG.into()), (3, 9, MSG.into())]
        );
        assert_eq!(
            fixed(NAME, src),
            "$a = $x\n$b = $x\n$c = $x['k'][0]\n$d = \"$x['k']\"\n$e = { \"${x}\" => 1 }\n$f = \"${x} \"\n"
        );
    }

    #[test]
    fn the_variable_stays_apart_from_a_name_after_it() {
        let src = "$d = \"$x\"erver {\n}\n";
        assert_eq!(fixed(NAME, src), "$d = $x erver {\n}\n");
    }

    #[test]
    fn calls_and_selector_matches_are_left_alone() {
        let src = "$a = \"${x.upcase}\"\n$b = $y ? { \"${x}\" => 1, default => 2 }\n";
        assert!(positions(NAME, src).is_empty());
    }
}
