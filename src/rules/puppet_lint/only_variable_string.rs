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
    variable_name(expr).is_some()
}

/// The name of the variable that `expr` is, or indexes (`x` of `$x['k'][0]`).
fn variable_name(expr: &Expr) -> Option<&str> {
    match &expr.kind {
        ExprKind::Variable(name) => Some(name),
        ExprKind::Access { target, .. } => variable_name(target),
        _ => None,
    }
}

/// Whether `$name` outside a string reads as that one variable: `::`-separated segments
/// of letters, digits and `_`. An interpolation takes more (`"${0.0A}"`), and its text
/// after a `$` would not parse.
fn is_bare_name(name: &str) -> bool {
    let name = name.strip_prefix("::").unwrap_or(name);
    name.split("::")
        .all(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
}

impl Rule for OnlyVariableString {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Concat(parts) = &expr.kind else {
            return;
        };
        let (1, Some(StringPart::Interpolation { expr: var, .. })) = (parts.len(), parts.first())
        else {
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
        let d = Diagnostic::new(var.span, "string containing only a variable")
            .with_help("use the variable itself; the string turns its value into a String");
        cx.report(if variable_name(var).is_some_and(is_bare_name) {
            d.with_fix(Fix::unsafe_(vec![Edit::replace(expr.span, replacement)]))
        } else {
            d
        });
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
    fn no_fix_for_a_name_that_is_no_variable_outside_a_string() {
        // `$0.0A` would not parse.
        let src = "$a = \"${0.0A}\"\n$b = \"${::x::y_1}\"\n";
        assert_eq!(
            positions(NAME, src),
            vec![(1, 9, MSG.into()), (2, 9, MSG.into())]
        );
        assert_eq!(fixed(NAME, src), "$a = \"${0.0A}\"\n$b = $::x::y_1\n");
    }

    #[test]
    fn calls_and_selector_matches_are_left_alone() {
        let src = "$a = \"${x.upcase}\"\n$b = $y ? { \"${x}\" => 1, default => 2 }\n";
        assert!(positions(NAME, src).is_empty());
    }
}
