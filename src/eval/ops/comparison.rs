//! Equality (`==` on every value; Ruby's `==` and `eql?` underneath) and ordering
//! (`<`, `<=`, `>`, `>=`: numbers, and strings case-insensitively, ASCII only).

use std::cmp::Ordering;
use std::sync::Arc;

use super::operands::{class_label, class_of, error, label, type_class, Class};
use crate::eval::three_valued::all3;
use crate::eval::types::PType;
use crate::eval::value::{ErrorKind, EvalError, Value};
use crate::syntax::BinaryOp;

/// Ruby's `==` (`strict`: `eql?`, as hash keys compare: `1` and `1.0` differ) on values:
/// strings compare case-sensitively here. `None` when unknowns make it undecidable.
pub(super) fn ruby_eq(a: &Value, b: &Value, strict: bool) -> Option<bool> {
    match (a, b) {
        (Value::Unknown(_), _) | (_, Value::Unknown(_)) => {
            let (ca, cb) = (class_of(a)?, class_of(b)?);
            let numeric = |c| matches!(c, Class::Int | Class::Float);
            if ca == cb || (!strict && numeric(ca) && numeric(cb)) {
                None
            } else {
                Some(false)
            }
        }
        (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => Some(true),
        (Value::Bool(x), Value::Bool(y)) => Some(x == y),
        (Value::Int(x), Value::Int(y)) => Some(x == y),
        (Value::Float(x), Value::Float(y)) => Some(x == y),
        (Value::Int(i), Value::Float(f)) | (Value::Float(f), Value::Int(i)) => {
            Some(!strict && int_float_cmp(*i, *f) == Some(Ordering::Equal))
        }
        (Value::Str(x), Value::Str(y)) => Some(x == y),
        (Value::Regex(x), Value::Regex(y)) => Some(x == y),
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            all3(x.iter().zip(y.iter()).map(|(p, q)| ruby_eq(p, q, strict)))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            all3(x.iter().map(|(k, v)| match hash_get(y, k) {
                Some(Some(w)) => ruby_eq(v, w, strict),
                Some(None) => Some(false),
                None => None,
            }))
        }
        (Value::Type(x), Value::Type(y)) => {
            if Arc::ptr_eq(x, y) || x == y {
                Some(true)
            } else {
                None
            }
        }
        (Value::Sensitive(_), Value::Sensitive(_)) => None,
        _ => Some(false),
    }
}

/// The value of `key` in a hash (keys compare as Ruby's `eql?`): `Some(None)` when absent,
/// `None` when unknowns make it undecidable.
pub(super) fn hash_get<'a>(h: &'a [(Value, Value)], key: &Value) -> Option<Option<&'a Value>> {
    let mut unknown = false;
    for (k, v) in h {
        match ruby_eq(k, key, true) {
            Some(true) => return if unknown { None } else { Some(Some(v)) },
            Some(false) => {}
            None => unknown = true,
        }
    }
    if unknown {
        None
    } else {
        Some(None)
    }
}

/// Exact comparison of an integer with a float (as Ruby does it); `None` for NaN.
fn int_float_cmp(i: i64, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    // 2^63 is exactly representable.
    if f >= 9_223_372_036_854_775_808.0 {
        return Some(Ordering::Less);
    }
    if f < -9_223_372_036_854_775_808.0 {
        return Some(Ordering::Greater);
    }
    let t = f.trunc();
    let ti = t as i64;
    match i.cmp(&ti) {
        Ordering::Equal => {
            let frac = f - t;
            Some(if frac > 0.0 {
                Ordering::Less
            } else if frac < 0.0 {
                Ordering::Greater
            } else {
                Ordering::Equal
            })
        }
        o => Some(o),
    }
}

fn num_cmp(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(x.cmp(y)),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y),
        (Value::Int(x), Value::Float(y)) => int_float_cmp(*x, *y),
        (Value::Float(x), Value::Int(y)) => int_float_cmp(*y, *x).map(Ordering::reverse),
        _ => None,
    }
}

/// Ruby's `casecmp`: case folds ASCII letters only.
fn casecmp(a: &str, b: &str) -> Ordering {
    a.bytes()
        .map(|c| c.to_ascii_lowercase())
        .cmp(b.bytes().map(|c| c.to_ascii_lowercase()))
}

/// Puppet's ordering of two values for `<`, `<=`, `>`, `>=` (not for types on the left,
/// which compare by assignability): numbers with numbers, strings with strings
/// (case-insensitively), `default` with `default`. `Ok(None)` when unknowns make it
/// undecidable; `Err` with Puppet's message ("Comparison of: String < Integer, is not
/// possible. ...") when the values are not comparable.
pub fn compare(op: BinaryOp, a: &Value, b: &Value) -> Result<Option<Ordering>, EvalError> {
    let Some(ca) = class_of(a) else {
        return Ok(None);
    };
    let detail = match ca {
        Class::Type => return Ok(None),
        Class::Str => match (a, b) {
            (Value::Str(x), Value::Str(y)) => return Ok(Some(casecmp(x, y))),
            _ => match class_of(b) {
                Some(Class::Str) | None => return Ok(None),
                Some(_) => "A String is not comparable to a non String",
            },
        },
        Class::Int | Class::Float => match class_of(b) {
            Some(Class::Int | Class::Float) => return Ok(num_cmp(a, b)),
            None => return Ok(None),
            Some(_) => "A Numeric is not comparable to non Numeric",
        },
        Class::Default => match class_of(b) {
            Some(Class::Default) => return Ok(Some(Ordering::Equal)),
            None => return Ok(None),
            Some(_) => "Symbol not comparable to non Symbol",
        },
        _ => "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable",
    };
    let l = class_label(ca);
    let Some(r) = label(b) else {
        return Ok(None);
    };
    Err(error(
        ErrorKind::Operator,
        format!(
            "Comparison of: {l} {} {r}, is not possible. Caused by '{detail}'.",
            op.as_str()
        ),
    ))
}

/// Puppet's `==` (strings case-insensitively, numbers across Integer and Float, arrays
/// and hashes deeply, hash keys as Ruby compares them); `None` when unknowns make it
/// undecidable.
pub fn equals(a: &Value, b: &Value) -> Option<bool> {
    match (a, b) {
        (Value::Unknown(t), other) | (other, Value::Unknown(t)) => unknown_equals(t, other),
        (Value::Str(x), Value::Str(y)) => Some(casecmp(x, y) == Ordering::Equal),
        (Value::Int(_) | Value::Float(_), Value::Int(_) | Value::Float(_)) => {
            Some(num_cmp(a, b) == Some(Ordering::Equal))
        }
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            all3(x.iter().zip(y.iter()).map(|(p, q)| equals(p, q)))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            // Puppet looks each key of `a` up in `b` (a missing key reads as undef).
            all3(x.iter().map(|(k, v)| match hash_get(y, k) {
                Some(Some(w)) => equals(w, v),
                Some(None) => equals(&Value::Undef, v),
                None => None,
            }))
        }
        (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => Some(true),
        (Value::Bool(x), Value::Bool(y)) => Some(x == y),
        (Value::Regex(x), Value::Regex(y)) => Some(x == y),
        (Value::Type(x), Value::Type(y)) => {
            if Arc::ptr_eq(x, y) || x == y {
                Some(true)
            } else {
                None
            }
        }
        // Sensitive values are equal only to themselves (the same object).
        (Value::Sensitive(_), Value::Sensitive(_)) => None,
        _ => Some(false),
    }
}

/// A number that is the same for any two values of one kind that [`equals`] finds equal
/// (strings by their ASCII-lower-cased bytes, integers by value, types by their variants
/// and names); all other values give 0. Two values of one kind with different numbers are
/// never equal, so a scan for an equal value need compare only those with the same.
pub fn equality_fingerprint(v: &Value) -> u64 {
    match v {
        Value::Str(s) => text_fingerprint(0, s, true),
        Value::Int(i) => *i as u64,
        Value::Type(t) => type_fingerprint(0, t),
        _ => 0,
    }
}

fn mix(h: u64, x: u64) -> u64 {
    (h ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29)
}

fn text_fingerprint(h: u64, s: &str, fold_case: bool) -> u64 {
    s.bytes().fold(mix(h, s.len() as u64), |h, c| {
        mix(
            h,
            u64::from(if fold_case { c.to_ascii_lowercase() } else { c }),
        )
    })
}

/// [`equality_fingerprint`] of a type: its variant, the types it wraps and its names,
/// all of which `PType`'s `==` compares exactly.
fn type_fingerprint(h: u64, t: &PType) -> u64 {
    let h = mix(h, {
        use std::hash::{Hash, Hasher};
        let mut variant = std::hash::DefaultHasher::new();
        std::mem::discriminant(t).hash(&mut variant);
        variant.finish()
    });
    match t {
        PType::NotUndef(Some(inner))
        | PType::Optional(Some(inner))
        | PType::Type(Some(inner))
        | PType::Sensitive(Some(inner)) => type_fingerprint(h, inner),
        PType::Enum { values, .. } | PType::Pattern(values) => {
            values.iter().fold(mix(h, values.len() as u64), |h, v| {
                text_fingerprint(h, v, false)
            })
        }
        PType::Regexp(Some(s)) | PType::Class(Some(s)) | PType::Alias(s) | PType::Other(s) => {
            text_fingerprint(h, s, false)
        }
        PType::Resource {
            type_name: Some(s), ..
        } => text_fingerprint(h, s, false),
        _ => h,
    }
}

/// `==` between an unknown of type `t` and a value.
fn unknown_equals(t: &PType, other: &Value) -> Option<bool> {
    let ct = type_class(t)?;
    let co = class_of(other)?;
    let numeric = |c| matches!(c, Class::Int | Class::Float);
    if ct != co && !(numeric(ct) && numeric(co)) {
        return Some(false);
    }
    match (t, other) {
        (PType::Undef, Value::Undef) | (PType::Default, Value::Default) => Some(true),
        (PType::Integer { from, to }, Value::Int(i)) if i < from || i > to => Some(false),
        (PType::Enum { values, .. }, Value::Str(s))
            if !values.iter().any(|v| casecmp(v, s) == Ordering::Equal) =>
        {
            Some(false)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn optional_key(k: &str) -> Value {
        Value::ty(PType::Optional(Some(Box::new(PType::Enum {
            values: vec![k.to_string()],
            case_insensitive: false,
        }))))
    }

    #[test]
    fn values_equals_finds_equal_have_one_fingerprint() {
        let pairs = [
            (Value::str("Ensure"), Value::str("eNSURE")),
            (Value::Int(-3), Value::Int(-3)),
            (optional_key("port"), optional_key("port")),
            (
                Value::ty(PType::Class(Some("apache".into()))),
                Value::ty(PType::Class(Some("apache".into()))),
            ),
        ];
        for (a, b) in &pairs {
            assert_eq!(equals(a, b), Some(true), "{a:?} == {b:?}");
            assert_eq!(equality_fingerprint(a), equality_fingerprint(b), "{a:?}");
        }
    }

    #[test]
    fn different_keys_of_one_kind_have_different_fingerprints() {
        let keys = [
            Value::str("port"),
            Value::str("ports"),
            Value::str("sort"),
            optional_key("port"),
            optional_key("ports"),
            Value::ty(PType::NotUndef(Some(Box::new(PType::Enum {
                values: vec!["port".to_string()],
                case_insensitive: false,
            })))),
        ];
        let prints: Vec<u64> = keys.iter().map(equality_fingerprint).collect();
        for (i, p) in prints.iter().enumerate() {
            for (j, q) in prints.iter().enumerate() {
                assert_eq!(p == q, i == j, "{:?} and {:?}", keys[i], keys[j]);
            }
        }
    }
}
