//! `leading_zero` (plugin puppet-lint-leading_zero-check): an unquoted number written with
//! a leading zero (`0755`), which Puppet reads as an octal Integer.

use crate::rules::quoting::single_quoted;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta,
};
use crate::syntax::Expr;

pub struct LeadingZero;

static META: RuleMeta = RuleMeta {
    name: "leading_zero",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-leading_zero-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "An unquoted number with a leading zero (an octal Integer).",
    doc: include_str!("../../../rules/leading_zero.md"),
    kinds: &[NodeKind::Integer, NodeKind::Float],
    options: &[],
};

/// Whether a number as written starts with `0` and a digit (after an optional sign).
fn has_leading_zero(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text).as_bytes();
    digits.first() == Some(&b'0') && digits.get(1).is_some_and(u8::is_ascii_digit)
}

impl Rule for LeadingZero {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let text = cx.text(expr.span);
        if !has_leading_zero(text) {
            return;
        }
        let quoted = single_quoted(text);
        cx.report(
            Diagnostic::new(expr.span, "unquoted number with leading zero")
                .with_help(format!(
                    "Puppet reads it as an octal number; quote it ({quoted}) if a string is meant"
                ))
                .with_fix(Fix::unsafe_(vec![Edit::replace(expr.span, quoted)])),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "leading_zero";
    const MSG: &str = "unquoted number with leading zero";

    #[test]
    fn flags_octal_literals() {
        let src = "$a = 0755\n$b = [0, 10, 0.5, 0x1F, '0644', \"${c}\"]\nfile { '/x': mode => 0644 }\n$d = -01\n";
        assert_eq!(
            positions(NAME, src),
            vec![(1, 6, MSG.into()), (3, 22, MSG.into()), (4, 7, MSG.into())]
        );
        assert_eq!(
            fixed(NAME, src),
            "$a = '0755'\n$b = [0, 10, 0.5, 0x1F, '0644', \"${c}\"]\nfile { '/x': mode => '0644' }\n$d = -'01'\n"
        );
    }
}
