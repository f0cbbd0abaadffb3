//! `version_comparison` (plugin puppet-lint-version_comparison-check): a `$...version` or
//! `$...release` variable compared as a number (`$osrelease < 7`) instead of with
//! `versioncmp()`.

use crate::rules::puppet_lint::name_joins::joins_name;
use crate::rules::quoting::single_quoted;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta,
};
use crate::syntax::{BinaryOp, Expr, ExprKind, StringStyle};

pub struct VersionComparison;

static META: RuleMeta = RuleMeta {
    name: "version_comparison",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-version_comparison-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "A version variable compared as a number instead of with `versioncmp()`.",
    doc: include_str!("../../../rules/version_comparison.md"),
    kinds: &[NodeKind::Binary],
    options: &[],
};

fn is_number(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Integer { .. } | ExprKind::Float(_))
}

impl Rule for VersionComparison {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Binary { op, lhs, rhs } = &expr.kind else {
            return;
        };
        let ExprKind::Variable(name) = &lhs.kind else {
            return;
        };
        if !(name.ends_with("version") || name.ends_with("release")) {
            return;
        }
        let ordering = matches!(
            op,
            BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
        );
        let equality = matches!(op, BinaryOp::Eq | BinaryOp::Ne) && is_number(rhs);
        if !(ordering || equality) {
            return;
        }
        let rhs_text = cx.text(rhs.span);
        // The second argument of versioncmp() must be a String.
        let version = match &rhs.kind {
            ExprKind::Integer { .. } | ExprKind::Float(_) => Some(single_quoted(rhs_text)),
            ExprKind::String {
                style: StringStyle::Single | StringStyle::Double,
                ..
            }
            | ExprKind::Concat(_)
            | ExprKind::Variable(_) => Some(rhs_text.to_string()),
            _ => None,
        };
        let mut d = Diagnostic::new(lhs.span, "version compared as number").with_help(format!(
            "compare versions with versioncmp(): versioncmp({}, ...) {} 0",
            cx.text(lhs.span),
            op.as_str()
        ));
        // The fix's ends must not join the text beside them. The `0` must not join what
        // follows the operand (`'1'x` is a string and a name; `0x` a bad number). The
        // call's name, where the variable's `$` was, must not join what comes before it
        // (`x$version`: `xversioncmp(`; `$$version`: `$versioncmp(`), nor the `0` of a
        // comparison this rule fixes in the same round, whose right operand (a number,
        // string or variable) ends right there (`'1'$version < 2`: `0versioncmp(`).
        let source = cx.source();
        let next = source.get(rhs.span.end()..).and_then(|t| t.chars().next());
        let zero = if joins_name(next, &['.']) { "0 " } else { "0" };
        let before = source
            .get(..lhs.span.start())
            .and_then(|t| t.chars().next_back());
        let gap = if joins_name(before, &['$', '@', '\'', '"']) {
            " "
        } else {
            ""
        };
        if let Some(version) = version {
            d = d.with_fix(Fix::unsafe_(vec![
                Edit::replace(
                    lhs.span,
                    format!("{gap}versioncmp({}, {version})", cx.text(lhs.span)),
                ),
                Edit::replace(rhs.span, zero),
            ]));
        }
        cx.report(d);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "version_comparison";
    const MSG: &str = "version compared as number";

    #[test]
    fn the_zero_never_joins_a_name_after_the_operand() {
        // A string then a name (two expressions): `0SSSS` would be a bad number.
        let src = "$n = $version < '1'SSSS\n$m = $version < \"2\"\n";
        assert_eq!(
            fixed(NAME, src),
            "$n = versioncmp($version, '1') < 0 SSSS\n$m = versioncmp($version, \"2\") < 0\n"
        );
    }

    #[test]
    fn the_call_never_joins_what_comes_before_the_variable() {
        // A name, a number, a bare `$` (a variable without a name) or a string right before it.
        let src = "$a = x$version < 1\n$b = $$version < 2\n$c = \"s\"$version < 3\n";
        assert_eq!(
            fixed(NAME, src),
            "$a = x versioncmp($version, '1') < 0\n$b = $ versioncmp($version, '2') < 0\n$c = \"s\" versioncmp($version, '3') < 0\n"
        );
    }

    #[test]
    fn two_comparisons_that_touch_are_fixed_apart() {
        // Fuzz finding: the first comparison's right operand (`$`, `'1'`, `1`) ends where
        // the second's variable starts; both are fixed in one round.
        let src = "zat=  $version < $$version < $$s\n$n = $version < '1'$version < 2\n$m = $version < 1$version < 2\n";
        assert_eq!(
            fixed(NAME, src),
            "zat=  versioncmp($version, $) < 0 versioncmp($version, $) < 0$s\n$n = versioncmp($version, '1') < 0 versioncmp($version, '2') < 0\n$m = versioncmp($version, '1') < 0 versioncmp($version, '2') < 0\n"
        );
    }

    #[test]
    fn no_fix_for_other_operands() {
        let d = crate::rules::testing::run(NAME, "if $release <= 7 + $x {}\n");
        assert_eq!(d.len(), 1);
        assert!(d[0].fix.is_none());
    }

    #[test]
    fn flags_numeric_comparisons() {
        let src = "if $::operatingsystemmajrelease < 7 {}\nif $kernelversion >= '4.1' {}\nif $php_version == 7.4 {}\nif $release != 'x' {}\nif $size < 7 {}\nif 7 > $version {}\nif $version > $min {}\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (1, 4, MSG.into()),
                (2, 4, MSG.into()),
                (3, 4, MSG.into()),
                (7, 4, MSG.into())
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "if versioncmp($::operatingsystemmajrelease, '7') < 0 {}\nif versioncmp($kernelversion, '4.1') >= 0 {}\nif versioncmp($php_version, '7.4') == 0 {}\nif $release != 'x' {}\nif $size < 7 {}\nif 7 > $version {}\nif versioncmp($version, $min) > 0 {}\n"
        );
    }
}
