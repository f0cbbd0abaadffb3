//! The operators on arrays and hashes: `+` and `-` (concatenation, removal, merge),
//! `<<` (append) and `*`'s errors.

use super::comparison::ruby_eq;
use super::operands::{error, type_class, unknown_array, unknown_hash, Class};
use crate::eval::three_valued::any3;
use crate::eval::value::{ErrorKind, EvalError, Value};
use crate::syntax::BinaryOp;

/// A hash entry as a two-element array (Ruby's `Hash#to_a`).
fn pairs(h: &[(Value, Value)]) -> Vec<Value> {
    h.iter()
        .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
        .collect()
}

pub(super) fn array_op(op: BinaryOp, a: &[Value], rhs: &Value) -> Result<Value, EvalError> {
    let others: Vec<Value> = match rhs {
        Value::Array(b) => b.to_vec(),
        Value::Hash(h) => pairs(h),
        Value::Unknown(t) if op != BinaryOp::Shl => {
            return Ok(match (op, type_class(t)) {
                // Removing something from an array that has nothing.
                (BinaryOp::Sub, _) if a.is_empty() => Value::array(vec![]),
                _ => unknown_array(),
            });
        }
        other => vec![other.clone()],
    };
    match op {
        BinaryOp::Add => {
            let mut v = a.to_vec();
            v.extend(others);
            Ok(Value::array(v))
        }
        BinaryOp::Shl => {
            let mut v = a.to_vec();
            v.push(rhs.clone());
            Ok(Value::array(v))
        }
        _ => {
            // Ruby's Array#delete: every element == to one of the others goes.
            let mut kept = Vec::with_capacity(a.len());
            for x in a {
                match any3(others.iter().map(|o| ruby_eq(x, o, false))) {
                    Some(true) => {}
                    Some(false) => kept.push(x.clone()),
                    None => return Ok(unknown_array()),
                }
            }
            Ok(Value::array(kept))
        }
    }
}

/// `h` with `key` set to `value` (an existing key keeps its place); `None` if undecidable.
fn hash_store(h: &mut Vec<(Value, Value)>, key: Value, value: Value) -> Option<()> {
    let mut found = None;
    for (i, (k, _)) in h.iter().enumerate() {
        match ruby_eq(k, &key, true) {
            Some(true) => {
                found = Some(i);
                break;
            }
            Some(false) => {}
            None => return None,
        }
    }
    match found {
        Some(i) => h[i].1 = value,
        None => h.push((key, value)),
    }
    Some(())
}

fn runtime_error(op: &str, detail: &str) -> EvalError {
    error(
        ErrorKind::Operator,
        format!("Error while evaluating a '{op}' expression, {detail}"),
    )
}

/// The entries an array adds to a hash with `+`: pairs when every element is an array
/// (`[[a, 1], [b, 2]]`), else the elements taken two by two (`[a, 1, b, 2]`).
fn array_to_entries(b: &[Value]) -> Result<Option<Vec<(Value, Value)>>, EvalError> {
    if b.iter().any(Value::is_unknown) {
        return Ok(None);
    }
    if !b.is_empty() && b.iter().all(|x| matches!(x, Value::Array(_))) {
        let mut entries = Vec::new();
        for x in b {
            if let Value::Array(p) = x {
                match p.len() {
                    1 => entries.push((p[0].clone(), Value::Undef)),
                    2 => entries.push((p[0].clone(), p[1].clone())),
                    n => {
                        return Err(runtime_error(
                            "+",
                            &format!("invalid number of elements ({n} for 1..2)"),
                        ))
                    }
                }
            }
        }
        Ok(Some(entries))
    } else if b.len() % 2 == 1 {
        Err(runtime_error("+", "odd number of arguments for Hash"))
    } else {
        Ok(Some(
            b.chunks(2).map(|c| (c[0].clone(), c[1].clone())).collect(),
        ))
    }
}

pub(super) fn hash_op(op: BinaryOp, h: &[(Value, Value)], rhs: &Value) -> Result<Value, EvalError> {
    match op {
        BinaryOp::Add => {
            let entries = match rhs {
                Value::Hash(o) => o.to_vec(),
                Value::Array(b) => match array_to_entries(b)? {
                    Some(e) => e,
                    None => return Ok(unknown_hash()),
                },
                Value::Unknown(t) => {
                    return match type_class(t) {
                        Some(Class::Array) | Some(Class::Hash) | None => Ok(unknown_hash()),
                        Some(_) => Err(runtime_error(
                            "+",
                            "Can only append Array or Hash to a Hash",
                        )),
                    }
                }
                _ => {
                    return Err(runtime_error(
                        "+",
                        "Can only append Array or Hash to a Hash",
                    ))
                }
            };
            let mut result = h.to_vec();
            for (k, v) in entries {
                if hash_store(&mut result, k, v).is_none() {
                    return Ok(unknown_hash());
                }
            }
            Ok(Value::hash(result))
        }
        BinaryOp::Sub => {
            let keys: Vec<Value> = match rhs {
                Value::Array(b) => b.to_vec(),
                Value::Hash(o) => o.iter().map(|(k, _)| k.clone()).collect(),
                Value::Unknown(_) if h.is_empty() => return Ok(Value::hash(vec![])),
                Value::Unknown(_) => return Ok(unknown_hash()),
                other => vec![other.clone()],
            };
            let mut kept = Vec::with_capacity(h.len());
            for (k, v) in h {
                match any3(keys.iter().map(|o| ruby_eq(k, o, true))) {
                    Some(true) => {}
                    Some(false) => kept.push((k.clone(), v.clone())),
                    None => return Ok(unknown_hash()),
                }
            }
            Ok(Value::hash(kept))
        }
        _ => Err(error(
            ErrorKind::Operator,
            format!("Operator '{}' is not applicable to a Hash.", op.as_str()),
        )),
    }
}
