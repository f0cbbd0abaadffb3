//! Puppet's operators on values, with the type-specific semantics of the language
//! specification (`expressions.md`): arithmetic on integers (64-bit, overflow is an error)
//! and floats, numeric strings converted, `+`/`-` on arrays and hashes, `<<` on arrays,
//! `*` and `/` and `%`, comparisons (strings compare case-insensitively), `==` on every
//! value, `in`, `=~`/`!~` with their match data, and access (`[...]`) on strings, arrays
//! and hashes; plus truthiness and the string form of a value (interpolation).
//!
//! Unknown operands give unknown results (typed when the result type is certain); an error
//! is returned only when it is certain whatever the unknowns turn out to be.

use crate::syntax::BinaryOp;

use super::value::{EvalError, Value};

/// `lhs op rhs` for the arithmetic, comparison, `in` and shift operators (not `and`/`or`,
/// which short-circuit, nor `=~`/`!~`, see [`matches`]).
pub fn binary(op: BinaryOp, lhs: &Value, rhs: &Value) -> Result<Value, EvalError> {
    let _ = (op, lhs, rhs);
    Ok(Value::any())
}

/// Unary minus.
pub fn negate(v: &Value) -> Result<Value, EvalError> {
    let _ = v;
    Ok(Value::any())
}

/// `lhs =~ rhs`: `Ok(Some(captures))` on a match (capture 0 is the whole match; `None` for
/// a group that did not take part), `Ok(None)` on no match, `Err` when the operands are not
/// accepted; `Ok(Some(vec![]))`-like certainty is not claimed for unknowns: those give
/// `Err`-free `Ok(None)` only when certain, so the caller asks [`match_known`] first.
pub fn matches(lhs: &Value, rhs: &Value) -> Result<Option<Vec<Option<String>>>, EvalError> {
    let _ = (lhs, rhs);
    Ok(None)
}

/// Whether `matches(lhs, rhs)` can be decided (no unknowns involved).
pub fn match_known(lhs: &Value, rhs: &Value) -> bool {
    let _ = (lhs, rhs);
    false
}

/// Puppet's `==` (strings case-insensitively, numbers across Integer and Float, arrays
/// and hashes deeply); `None` when unknowns make it undecidable.
pub fn equals(a: &Value, b: &Value) -> Option<bool> {
    let _ = (a, b);
    None
}

/// `target[keys]` on a string, array or hash (types are `types::parameterize`).
pub fn access(target: &Value, keys: &[Value]) -> Result<Value, EvalError> {
    let _ = (target, keys);
    Ok(Value::any())
}

/// Puppet's truthiness (`undef` and `false` are false, everything else true); `None` for
/// an unknown that could be either.
pub fn truthy(v: &Value) -> Option<bool> {
    match v {
        Value::Undef | Value::Bool(false) => Some(false),
        Value::Unknown(_) => None,
        _ => Some(true),
    }
}

/// The string a value interpolates as (`"${x}"`); `None` when unknown.
pub fn to_s(v: &Value) -> Option<String> {
    match v {
        Value::Str(s) => Some(s.to_string()),
        _ => None,
    }
}
