//! The Ruby semantics Puppet's functions inherit from their Ruby implementations: `==` and
//! `eql?`, hash lookup and update by `eql?` keys, `to_s` and `inspect`.

use crate::eval::value::{ruby_inspect_str, Value};

/// Ruby's `eql?` (hash-key identity: strings case-sensitively, `1` and `1.0` differ);
/// `None` when unknowns make it undecidable.
pub(super) fn ruby_eql(a: &Value, b: &Value) -> Option<bool> {
    ruby_equal(a, b, false)
}

/// Ruby's `==` (as `eql?`, but `1 == 1.0`).
pub(super) fn ruby_eq(a: &Value, b: &Value) -> Option<bool> {
    ruby_equal(a, b, true)
}

fn ruby_equal(a: &Value, b: &Value, numeric: bool) -> Option<bool> {
    match (a, b) {
        (Value::Unknown(_), _) | (_, Value::Unknown(_)) => None,
        (Value::Sensitive(_), _) | (_, Value::Sensitive(_)) => None,
        (Value::Int(x), Value::Float(y)) | (Value::Float(y), Value::Int(x)) => {
            Some(numeric && (*x as f64) == *y)
        }
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            let mut all = Some(true);
            for (p, q) in x.iter().zip(y.iter()) {
                match ruby_equal(p, q, numeric) {
                    Some(false) => return Some(false),
                    None => all = None,
                    Some(true) => {}
                }
            }
            all
        }
        (Value::Hash(x), Value::Hash(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            let mut all = Some(true);
            for (k, v) in x.iter() {
                match hash_get(y, k) {
                    Some(Some(w)) => match ruby_equal(v, w, numeric) {
                        Some(false) => return Some(false),
                        None => all = None,
                        Some(true) => {}
                    },
                    Some(None) => return Some(false),
                    None => all = None,
                }
            }
            all
        }
        (Value::Type(x), Value::Type(y)) => Some(x == y),
        _ => Some(a == b),
    }
}

/// A value that Ruby's `eql?` compares by identity alone (nil, a boolean, an integer, a
/// float other than NaN, a string): such keys are grouped through a hash map instead of compared pair by pair, so
/// grouping many of them (`unique` over 99,999 items) takes linear time. Every other value
/// is `eql?` to none of these, or undecidable against them (an unknown, a `Sensitive`),
/// and is compared pair by pair with the other values that are not plain.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) enum PlainKey {
    Undef,
    Default,
    Bool(bool),
    Int(i64),
    /// The bits of a float (`0.0` for `-0.0`, which `eql?` `0.0`).
    Float(u64),
    Str(std::sync::Arc<str>),
}

impl PlainKey {
    pub(super) fn of(v: &Value) -> Option<PlainKey> {
        Some(match v {
            Value::Undef => PlainKey::Undef,
            Value::Default => PlainKey::Default,
            Value::Bool(b) => PlainKey::Bool(*b),
            Value::Int(i) => PlainKey::Int(*i),
            Value::Float(f) if f.is_nan() => return None,
            Value::Float(f) if *f == 0.0 => PlainKey::Float(0),
            Value::Float(f) => PlainKey::Float(f.to_bits()),
            Value::Str(s) => PlainKey::Str(s.clone()),
            _ => return None,
        })
    }
}

/// The value under `key` in a hash (Ruby lookup: `eql?` keys); `None` when undecidable.
pub(super) fn hash_get<'a>(
    entries: &'a [(Value, Value)],
    key: &Value,
) -> Option<Option<&'a Value>> {
    let mut certain = true;
    for (k, v) in entries {
        match ruby_eql(k, key) {
            Some(true) => return Some(Some(v)),
            Some(false) => {}
            None => certain = false,
        }
    }
    if certain {
        Some(None)
    } else {
        None
    }
}

/// Sets `key` in an ordered hash (an existing key keeps its place); `None` when undecidable.
pub(super) fn hash_set(entries: &mut Vec<(Value, Value)>, key: Value, value: Value) -> Option<()> {
    for entry in entries.iter_mut() {
        if ruby_eql(&entry.0, &key)? {
            entry.1 = value;
            return Some(());
        }
    }
    entries.push((key, value));
    Some(())
}

/// Ruby's `Float#to_s` of a finite float (`1.0`, `1.5`, `1.0e+15`, `1.0e-05`).
pub(super) fn ruby_float(f: f64) -> Option<String> {
    f.is_finite().then(|| crate::eval::value::ruby_float(f))
}

/// Ruby's `to_s` of a value as `Array#join` and `%s` see it; `None` when not certain.
pub(super) fn ruby_to_s(v: &Value) -> Option<String> {
    match v {
        Value::Str(s) => Some(s.to_string()),
        Value::Int(i) => Some(i.to_string()),
        Value::Float(f) => ruby_float(*f),
        Value::Bool(b) => Some(b.to_string()),
        Value::Undef => Some(String::new()),
        Value::Default => Some("default".to_string()),
        Value::Regex(source) => Some(format!("(?-mix:{source})")),
        Value::Array(_) | Value::Hash(_) => ruby_inspect(v),
        _ => None,
    }
}

/// Ruby's `inspect` of a value (`[1, "a"]`, `{"a"=>1}`); `None` when not certain.
pub(super) fn ruby_inspect(v: &Value) -> Option<String> {
    match v {
        // Other control characters: how Ruby shows them depends on the string's encoding.
        Value::Str(s)
            if s.chars()
                .any(|c| c.is_control() && !matches!(c, '\n' | '\t' | '\r')) =>
        {
            None
        }
        Value::Str(s) => Some(ruby_inspect_str(s)),
        Value::Int(_) | Value::Float(_) | Value::Bool(_) => ruby_to_s(v),
        Value::Undef => Some("nil".to_string()),
        Value::Default => Some(":default".to_string()),
        Value::Array(items) => {
            let parts: Option<Vec<String>> = items.iter().map(ruby_inspect).collect();
            Some(format!("[{}]", parts?.join(", ")))
        }
        Value::Hash(entries) => {
            let parts: Option<Vec<String>> = entries
                .iter()
                .map(|(k, v)| Some(format!("{}=>{}", ruby_inspect(k)?, ruby_inspect(v)?)))
                .collect();
            Some(format!("{{{}}}", parts?.join(", ")))
        }
        _ => None,
    }
}
