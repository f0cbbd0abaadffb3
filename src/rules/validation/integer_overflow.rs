//! `integer_overflow`: an integer literal outside Puppet's signed 64-bit range
//! (NUMERIC_OVERFLOW). Puppet checks the literal as written, before a unary minus applies,
//! so `-9223372036854775808` (the smallest Integer) is reported too; the message prints
//! the literal's magnitude in hexadecimal (`+0x8000000000000000`).

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, Span};

pub struct IntegerOverflow;

static META: RuleMeta = RuleMeta {
    name: "integer_overflow",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["NUMERIC_OVERFLOW"],
    since: "0.1.0",
    summary: "An integer literal outside Puppet's signed 64-bit range.",
    doc: include_str!("../../../rules/integer_overflow.md"),
    kinds: &[NodeKind::Integer],
    options: &[],
};

/// The hexadecimal digits (lower case, no leading zeros) of the number whose `radix`
/// digits are `digits`; `None` if a character is not a digit of that radix.
fn to_hex(digits: &str, radix: u32) -> Option<String> {
    // Little-endian base-16 digits.
    let mut nibbles: Vec<u32> = Vec::new();
    for c in digits.chars() {
        let mut carry = c.to_digit(radix)?;
        for n in nibbles.iter_mut() {
            let v = *n * radix + carry;
            *n = v % 16;
            carry = v / 16;
        }
        while carry > 0 {
            nibbles.push(carry % 16);
            carry /= 16;
        }
    }
    while nibbles.len() > 1 && nibbles.last() == Some(&0) {
        nibbles.pop();
    }
    if nibbles.is_empty() {
        return Some("0".to_string());
    }
    nibbles
        .iter()
        .rev()
        .map(|n| char::from_digit(*n, 16))
        .collect()
}

impl Rule for IntegerOverflow {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Integer { value, radix } = &expr.kind else {
            return;
        };
        let magnitude = value.get().unsigned_abs();
        if magnitude <= i64::MAX as u128 {
            return;
        }
        // The literal as written: skip a folded `-` and blanks before the digits.
        let text = cx.text(expr.span);
        let Some(first) = text.find(|c: char| c.is_ascii_digit()) else {
            return;
        };
        let span = Span::new(expr.span.start() + first, expr.span.end());
        let written = text.get(first..).unwrap_or("");
        let digits = match radix {
            16 => written
                .strip_prefix("0x")
                .or_else(|| written.strip_prefix("0X"))
                .unwrap_or(written),
            _ => written,
        };
        let hex = to_hex(digits, u32::from(*radix)).unwrap_or_else(|| format!("{magnitude:x}"));
        cx.report(
            Diagnostic::new(
                span,
                format!(
                    "A Literal Integer resulted in a value outside of Puppet Integer max range, \
                     got '+0x{hex}'"
                ),
            )
            .with_help(
                "Puppet integers are signed 64-bit (-9223372036854775807 - 1 to \
                 9223372036854775807); use a string or a Float for larger numbers",
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::to_hex;
    use crate::rules::testing::positions;

    fn msg(h: &str) -> String {
        format!(
            "A Literal Integer resulted in a value outside of Puppet Integer max range, got \
             '+0x{h}'"
        )
    }

    #[test]
    fn hex_of_any_size() {
        assert_eq!(to_hex("255", 10).as_deref(), Some("ff"));
        assert_eq!(to_hex("0", 10).as_deref(), Some("0"));
        assert_eq!(
            to_hex("99999999999999999999999999999999999999999999999", 10).as_deref(),
            Some("118427b3b4a05bc8a8a4de8459867fffffffffff")
        );
        assert_eq!(
            to_hex("01777777777777777777777", 8).as_deref(),
            Some("ffffffffffffffff")
        );
        assert_eq!(to_hex("12a", 10), None);
    }

    #[test]
    fn out_of_range_literals() {
        let src = "$x = 9223372036854775807\n$y = 9223372036854775808\n\
                   $z = -9223372036854775808\n$w = 0xFFFFFFFFFFFFFFFFFF\n\
                   $v = 01777777777777777777777\n$u = [-9223372036854775809]\n\
                   $t = - 9223372036854775808\n$s = -9223372036854775807\n";
        assert_eq!(
            positions("integer_overflow", src),
            vec![
                (2, 6, msg("8000000000000000")),
                (3, 7, msg("8000000000000000")),
                (4, 6, msg("ffffffffffffffffff")),
                (5, 6, msg("ffffffffffffffff")),
                (6, 8, msg("8000000000000001")),
                (7, 8, msg("8000000000000000")),
            ]
        );
        assert_eq!(
            positions(
                "integer_overflow",
                "$x = 99999999999999999999999999999999999999999999999\n"
            ),
            vec![(1, 6, msg("118427b3b4a05bc8a8a4de8459867fffffffffff"))]
        );
    }
}
