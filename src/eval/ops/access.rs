//! Access (`[...]`) on strings, arrays and hashes: an index, a start and a count, keys;
//! negative indexes count from the end, as in Puppet.

use super::arithmetic::{coerce, is_marker, parse_numeric, Num, Operand, Parsed};
use super::comparison::hash_get;
use super::operands::{
    a_an, class_label, error, not_applicable, type_class, unknown_array, unknown_string, Class,
};
use crate::eval::value::{ErrorKind, EvalError, Value};

/// The generalised type name Puppet gives a bad index (`String`, `Float`, `Undef`).
fn key_type_name(v: &Value) -> Option<&'static str> {
    Some(match v {
        Value::Undef => "Undef",
        Value::Default => "Default",
        Value::Bool(_) => "Boolean",
        Value::Int(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Str(_) => "String",
        Value::Regex(_) => "Regexp",
        _ => return None,
    })
}

/// Flattens nested arrays of keys (Puppet's `keys.flatten!`); `None` if an unknown could
/// be an array.
fn flatten(keys: &[Value]) -> Option<Vec<Value>> {
    let mut out = Vec::new();
    for k in keys {
        match k {
            Value::Array(a) => out.extend(flatten(a)?),
            Value::Unknown(t) if !matches!(type_class(t), Some(c) if c != Class::Array) => {
                return None
            }
            _ => out.push(k.clone()),
        }
    }
    Some(out)
}

/// Ruby's `seq[start, len]` after Puppet's index adjustment (a negative start counts from
/// the end; a negative length counts from the end too): the range, or `None` for nil.
fn slice_range(len: i128, k1: i128, k2: i128) -> Option<(usize, usize)> {
    let mut k1 = if k1 < 0 { len.saturating_add(k1) } else { k1 };
    let mut k2 = if k2 < 0 {
        len.saturating_sub(k1).saturating_add(k2).saturating_add(1)
    } else {
        k2
    };
    if k1 < 0 {
        k2 = k2.saturating_add(k1);
        k1 = 0;
    }
    if k1 > len || k2 < 0 {
        return None;
    }
    let end = k1.saturating_add(k2).min(len);
    Some((k1 as usize, end as usize))
}

fn arity_error(what: &str, n: usize) -> EvalError {
    error(
        ErrorKind::Other,
        format!("{what} supports [] with one or two arguments. Got {n}"),
    )
}

fn access_string(s: &str, keys: &[Value]) -> Result<Value, EvalError> {
    let Some(keys) = flatten(keys) else {
        return Ok(unknown_string());
    };
    if keys.is_empty() || keys.len() > 2 {
        return Err(arity_error("String", keys.len()));
    }
    let mut idx = Vec::with_capacity(2);
    for k in &keys {
        let n = match k {
            Value::Int(i) => Num::Int(i128::from(*i)),
            Value::Str(s) => match parse_numeric(s) {
                Parsed::Num(n) => n,
                Parsed::TooBig => return Ok(unknown_string()),
                Parsed::NotNumeric => Num::Float(f64::NAN),
            },
            Value::Float(f) => Num::Float(*f),
            Value::Unknown(_) => return Ok(unknown_string()),
            _ => Num::Float(f64::NAN),
        };
        match n {
            Num::Int(i) => idx.push(i),
            Num::Float(f) => {
                // The converted value is named when the key was a numeric string.
                let name = if f.is_nan() {
                    key_type_name(k)
                } else {
                    Some("Float")
                };
                let Some(name) = name else {
                    return Ok(unknown_string());
                };
                return Err(error(
                    ErrorKind::Other,
                    format!(
                        "A substring operation does not accept {} as a character index. Expected an Integer",
                        a_an(name)
                    ),
                ));
            }
        }
    }
    let chars: Vec<char> = s.chars().collect();
    let len = chars.len() as i128;
    let range = if idx.len() == 1 {
        let k1 = if idx[0] < 0 { len + idx[0] } else { idx[0] };
        if k1 < 0 {
            None
        } else {
            slice_range(len, k1, 1)
        }
    } else {
        slice_range(len, idx[0], idx[1])
    };
    Ok(Value::str(match range {
        Some((a, b)) if a < b => chars[a..b].iter().collect::<String>(),
        _ => String::new(),
    }))
}

fn access_array(a: &[Value], keys: &[Value]) -> Result<Value, EvalError> {
    let Some(keys) = flatten(keys) else {
        return Ok(Value::any());
    };
    if keys.is_empty() || keys.len() > 2 {
        return Err(arity_error("Array", keys.len()));
    }
    let mut idx = Vec::with_capacity(2);
    for k in &keys {
        match coerce(k) {
            Ok(Operand::Known(Num::Int(n))) => idx.push(n),
            Ok(Operand::Known(Num::Float(_))) => {
                return Err(error(
                    ErrorKind::Other,
                    "An Array[] cannot use Float where Integer is expected",
                ));
            }
            Ok(Operand::Unknown(_)) => {
                return Ok(if keys.len() == 2 {
                    unknown_array()
                } else {
                    Value::any()
                })
            }
            Err(e) if is_marker(&e) => return Ok(Value::any()),
            Err(e) => return Err(e),
        }
    }
    let len = a.len() as i128;
    if idx.len() == 1 {
        let k = if idx[0] < 0 { len + idx[0] } else { idx[0] };
        return Ok(if k < 0 || k >= len {
            Value::Undef
        } else {
            a[k as usize].clone()
        });
    }
    Ok(Value::array(match slice_range(len, idx[0], idx[1]) {
        Some((x, y)) if x < y => a[x..y].to_vec(),
        _ => vec![],
    }))
}

fn access_hash(h: &[(Value, Value)], keys: &[Value]) -> Result<Value, EvalError> {
    if keys.is_empty() {
        return Err(error(
            ErrorKind::Other,
            "Hash supports [] with one or more arguments. Got 0",
        ));
    }
    let mut found = Vec::with_capacity(keys.len());
    for k in keys {
        match hash_get(h, k) {
            Some(v) => found.push(v.cloned()),
            None => return Ok(Value::any()),
        }
    }
    if found.len() == 1 {
        return Ok(found.pop().flatten().unwrap_or(Value::Undef));
    }
    // Several keys: the values found, missing (and undef) ones left out.
    Ok(Value::array(
        found
            .into_iter()
            .flatten()
            .filter(|v| !matches!(v, Value::Undef))
            .collect(),
    ))
}

/// `target[keys]` on a string (substring by character index and count), an array (element,
/// or slice with two keys), or a hash (value, or the array of the values found with several
/// keys). On a type it is `types::parameterize`'s business: unknown here.
pub fn access(target: &Value, keys: &[Value]) -> Result<Value, EvalError> {
    match target {
        Value::Str(s) => access_string(s, keys),
        Value::Array(a) => access_array(a, keys),
        Value::Hash(h) => access_hash(h, keys),
        Value::Type(_) => Ok(Value::any()),
        Value::Unknown(t) => match type_class(t) {
            Some(Class::Str) => Ok(unknown_string()),
            Some(Class::Array | Class::Hash | Class::Type) | None => Ok(Value::any()),
            Some(c) => Err(error(
                ErrorKind::Operator,
                format!(
                    "Operator '[]' is not applicable to {}.",
                    a_an(class_label(c))
                ),
            )),
        },
        other => match not_applicable("[]", other) {
            Some(e) => Err(e),
            None => Ok(Value::any()),
        },
    }
}
