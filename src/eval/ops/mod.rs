//! Puppet's operators on values, as Puppet 7 evaluates them (checked against `puppet apply`
//! 7.23 and its evaluator's source): arithmetic on integers (64-bit, leaving the range is an
//! error; `/` and `%` round towards negative infinity as Ruby does) and floats, numeric
//! strings converted (`'0x10'`, `'010'` octal, `'1e3'`), `+`/`-` on arrays and hashes, `<<`
//! on arrays, shifts on integers, comparisons (strings compare case-insensitively, ASCII
//! only), `==` on every value, `in`, `=~`/`!~` with their match data (Ruby regexps through
//! Oniguruma), and access (`[...]`) on strings, arrays and hashes; plus truthiness and the
//! string form of a value (interpolation). Error messages are Puppet's own wording.
//!
//! The operators by family: [`arithmetic`], [`collections`] (arrays and hashes),
//! [`comparison`] (equality and order), [`membership`] (`in`), [`matching`] (`=~`),
//! [`access`] (`[...]`) and [`strings`] (string forms), on [`operands`] (classes of values,
//! labels, errors); this module dispatches the binary operators.
//!
//! Unknown operands give unknown results (typed when the result type is certain); an error
//! is returned only when it is certain whatever the unknowns turn out to be. Comparisons
//! with a type on the left (assignability) and `=~` with a type on the right (instance of)
//! are left to the caller (the type system): they give unknown results here.

mod access;
mod arithmetic;
mod collections;
mod comparison;
mod matching;
mod membership;
mod operands;
mod strings;

use std::cmp::Ordering;

use self::arithmetic::calculate;
use self::membership::in_op;
use self::operands::{type_class, unknown_bool, Class};
use crate::eval::regex::Regexes;
use crate::eval::three_valued::{all3, any3};
use crate::eval::types::PType;
use crate::eval::value::{EvalError, Value};
use crate::syntax::BinaryOp;

pub use access::access;
pub use arithmetic::negate;
pub use comparison::{compare, equality_fingerprint, equals};
pub use matching::{match_known, matches};
pub use strings::to_s;

/// `lhs op rhs` for the arithmetic, comparison, `in` and shift operators (not `and`/`or`,
/// which short-circuit, nor `=~`/`!~`, see [`matches`]).
pub fn binary(
    op: BinaryOp,
    lhs: &Value,
    rhs: &Value,
    regexes: &Regexes,
) -> Result<Value, EvalError> {
    let known_bool = |b: Option<bool>| b.map(Value::Bool).unwrap_or_else(unknown_bool);
    match op {
        BinaryOp::Add
        | BinaryOp::Sub
        | BinaryOp::Mul
        | BinaryOp::Div
        | BinaryOp::Mod
        | BinaryOp::Shl
        | BinaryOp::Shr => calculate(op, lhs, rhs),
        BinaryOp::Eq => Ok(known_bool(equals(lhs, rhs))),
        BinaryOp::Ne => Ok(known_bool(equals(lhs, rhs).map(|b| !b))),
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => {
            let ord = compare(op, lhs, rhs)?;
            Ok(known_bool(ord.map(|o| match op {
                BinaryOp::Lt => o == Ordering::Less,
                BinaryOp::Le => o != Ordering::Greater,
                BinaryOp::Gt => o == Ordering::Greater,
                _ => o != Ordering::Less,
            })))
        }
        BinaryOp::In => Ok(known_bool(in_op(lhs, rhs, regexes))),
        BinaryOp::Match | BinaryOp::NotMatch => {
            if !match_known(lhs, rhs, regexes) {
                return Ok(unknown_bool());
            }
            let m = matches(lhs, rhs, regexes)?.is_some();
            Ok(Value::Bool(if op == BinaryOp::Match { m } else { !m }))
        }
        BinaryOp::And | BinaryOp::Or => {
            let (l, r) = (truthy(lhs), truthy(rhs));
            Ok(known_bool(match op {
                BinaryOp::And => all3([l, r]),
                _ => any3([l, r]),
            }))
        }
    }
}

/// Puppet's truthiness (`undef` and `false` are false, everything else true); `None` for
/// an unknown that could be either.
pub fn truthy(v: &Value) -> Option<bool> {
    match v {
        Value::Undef | Value::Bool(false) => Some(false),
        Value::Unknown(t) => match &**t {
            PType::Undef => Some(false),
            _ => match type_class(t) {
                Some(Class::Undef | Class::Bool) | None => None,
                Some(_) => Some(true),
            },
        },
        _ => Some(true),
    }
}

#[cfg(test)]
mod tests;
