//! Puppet's message for a value that does not match a type ([`mismatch`]), the part after
//! "expects": `an Integer value, got String`, `a match for Enum['a', 'b'], got 'c'`,
//! `size to be at least 2, got 1`.

use super::display::{article, display, quote};
use super::infer::{generalize, infer};
use super::ptype::{in_size, size_of, Aliases, PType, INT_MAX};
use super::question::resolve;
use crate::eval::value::Value;

/// "A or B", "A, B, or C".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [x, y] => format!("{x} or {y}"),
        [init @ .., last] => format!("{}, or {last}", init.join(", ")),
    }
}

/// Types of the same family are compared in detail in messages (`an Integer[1] value, got
/// Integer[0, 0]`); across families both sides are generalized (`a Struct value, got
/// String`).
fn family(t: &PType) -> u8 {
    match t {
        PType::Integer { .. } => 1,
        PType::Float { .. } => 2,
        PType::String { .. } | PType::Enum { .. } | PType::Pattern(_) => 3,
        PType::Array { .. } | PType::Tuple { .. } => 4,
        PType::Hash { .. } | PType::Struct(_) => 5,
        PType::Boolean => 6,
        PType::Regexp(_) => 7,
        PType::Type(_) => 8,
        PType::Sensitive(_) => 9,
        _ => 0,
    }
}

fn same_family(t: &PType, actual: &PType) -> bool {
    family(t) != 0 && family(t) == family(actual)
}

/// An expected type as a message shows it next to the value's type.
fn shown(t: &PType, actual: &PType) -> String {
    if same_family(t, actual) {
        display(t)
    } else {
        display(&generalize(t))
    }
}

/// What the value is, as the "got" part of a message names it: in detail (integer and
/// float ranges) when one of the expected types is of the same family.
fn got(expected: &[&PType], v: &Value) -> String {
    let actual = infer(v);
    if expected.iter().any(|t| same_family(t, &actual)) {
        return match actual {
            // A hash's type is named without its size.
            PType::Hash { key, value, .. } => display(&PType::Hash {
                key,
                value,
                min: 0,
                max: INT_MAX,
            }),
            _ => display(&actual),
        };
    }
    // `Data` and `RichData` are aliases in Puppet, against which a type value is named
    // `Type` only.
    let bare = expected
        .iter()
        .any(|t| matches!(t, PType::Data | PType::RichData));
    match actual {
        PType::Type(_) if bare => "Type".to_string(),
        PType::Sensitive(_) if bare => "Sensitive".to_string(),
        _ => display(&generalize(&actual)),
    }
}

/// Puppet's message for a value that does not match a type, the part after "expects":
/// `an Integer value, got String`.
pub fn mismatch(t: &PType, value: &Value, aliases: &Aliases) -> String {
    let mut d = 0;
    let alias = match t {
        PType::Alias(name) => Some(name),
        _ => None,
    };
    let t = resolve(t, aliases, &mut d).unwrap_or(t);
    let actual = infer(value);
    let match_for = |t: &PType| matches!(t, PType::Enum { .. } | PType::Pattern(_));
    let got_str = |t: &PType| match value {
        Value::Str(s) => quote(s),
        _ => got(&[t], value),
    };
    let members = |ts: &[PType]| -> Vec<PType> {
        ts.iter()
            .map(|x| {
                let mut dd = d;
                resolve(x, aliases, &mut dd).unwrap_or(x).clone()
            })
            .collect()
    };
    let list = |ts: &[PType]| {
        let names: Vec<String> = ts.iter().map(|x| shown(x, &actual)).collect();
        let refs: Vec<&PType> = ts.iter().collect();
        format!(
            "a value of type {}, got {}",
            or_list(&names),
            got(&refs, value)
        )
    };
    match t {
        PType::Enum { .. } | PType::Pattern(_) => {
            format!("a match for {}, got {}", display(t), got_str(t))
        }
        // Puppet names the type inside (and inside an `Optional` there).
        PType::NotUndef(Some(x)) => match &**x {
            PType::Optional(Some(y)) => mismatch(y, value, aliases),
            _ => mismatch(x, value, aliases),
        },
        PType::Optional(Some(x)) => {
            let mut dd = d;
            let x = resolve(x, aliases, &mut dd).unwrap_or(x);
            if match_for(x) {
                return format!(
                    "an undef value or a match for {}, got {}",
                    display(x),
                    got_str(x)
                );
            }
            let mut ts = vec![PType::Undef];
            match x {
                PType::Variant(vs) => ts.extend(members(vs)),
                _ => ts.push(x.clone()),
            }
            list(&ts)
        }
        PType::Variant(ts) if !ts.is_empty() => {
            let ts = members(ts);
            if ts.iter().all(|x| {
                matches!(
                    x,
                    PType::Enum {
                        case_insensitive: false,
                        ..
                    }
                )
            }) {
                let mut values: Vec<String> = ts
                    .iter()
                    .flat_map(|x| match x {
                        PType::Enum { values, .. } => values.clone(),
                        _ => Vec::new(),
                    })
                    .collect();
                values.sort();
                values.dedup();
                let e = PType::Enum {
                    values,
                    case_insensitive: false,
                };
                return format!("a match for {}, got {}", display(&e), got_str(&e));
            }
            if ts.iter().all(match_for) {
                return format!("a match for {}, got {}", display(t), got_str(t));
            }
            list(&ts)
        }
        _ => {
            if let Some(msg) = size_mismatch(t, value) {
                return msg;
            }
            if let (PType::Struct(ms), Value::Hash(entries)) = (t, value) {
                let string_keys = entries.iter().all(|(k, _)| matches!(k, Value::Str(_)));
                let missing = ms.iter().find(|m| {
                    !m.optional && !entries.iter().any(|(k, _)| k.as_str() == Some(&m.key))
                });
                if let (true, Some(m)) = (string_keys, missing) {
                    return format!("a value for key {}", quote(&m.key));
                }
            }
            let expected = match alias {
                // Puppet names an alias with what it stands for: `a MyPort = Integer[0,
                // 65535] value`.
                Some(name) => format!("{name} = {}", display(t)),
                None => shown(t, &actual),
            };
            format!(
                "{} {expected} value, got {}",
                article(&expected),
                got(&[t], value)
            )
        }
    }
}

/// "size to be at least 2, got 1" for a collection of the right kind but the wrong size.
fn size_mismatch(t: &PType, v: &Value) -> Option<String> {
    let len = match (t, v) {
        (
            PType::Array { .. } | PType::Tuple { .. } | PType::Collection { .. },
            Value::Array(items),
        ) => items.len(),
        (PType::Struct(_), Value::Hash(entries)) if !entries.is_empty() => return None,
        (
            PType::Hash { .. } | PType::Struct(_) | PType::Collection { .. },
            Value::Hash(entries),
        ) => entries.len(),
        _ => return None,
    };
    let (min, max) = size_of(t)?;
    if in_size(len, min, max) {
        return None;
    }
    let expected = if min == max {
        format!("{min}")
    } else if max == INT_MAX {
        format!("at least {min}")
    } else {
        format!("between {min} and {max}")
    };
    Some(format!("size to be {expected}, got {len}"))
}
