//! The collection functions: `size`/`length`, `keys`, `values`, `merge`, `flatten`,
//! `unique`, `empty`, `dig` and `get`.

use super::block::Block;
use super::iteration::{elements, Elements};
use super::outcome::{any_unknown, err, ok, param_mismatch, unk, Out};
use std::collections::HashMap;

use super::ruby::{hash_get, hash_set, ruby_eql, ruby_inspect, PlainKey};
use super::sorting::{stop_out, Stop};
use crate::eval::types::{self, Aliases, PType, INT_MAX};
use crate::eval::value::{self, ErrorKind, EvalError, Value};

pub(super) fn size(name: &str, args: &[Value]) -> Out {
    let [v] = args else { return None };
    match v {
        Value::Str(s) => ok(Value::Int(s.chars().count() as i64)),
        Value::Array(items) => ok(Value::Int(items.len() as i64)),
        Value::Hash(entries) => ok(Value::Int(entries.len() as i64)),
        Value::Unknown(_) => unk(PType::Integer {
            from: 0,
            to: INT_MAX,
        }),
        Value::Sensitive(_) => None,
        _ => err(
            ErrorKind::TypeMismatch,
            format!(
                "'{name}' parameter 'arg' expects {}",
                types::mismatch(
                    &PType::Variant(vec![
                        PType::collection(),
                        PType::string(),
                        PType::Other("Binary".into()),
                    ]),
                    v,
                    &Aliases::default()
                )
            ),
        ),
    }
}

pub(super) fn keys_values(name: &str, args: &[Value], aliases: &Aliases) -> Out {
    let [v] = args else { return None };
    match v {
        Value::Hash(entries) => ok(Value::array(
            entries
                .iter()
                .map(|(k, x)| if name == "keys" { k.clone() } else { x.clone() })
                .collect(),
        )),
        Value::Unknown(_) => unk(PType::array()),
        _ => param_mismatch(name, "hsh", PType::hash(), v, aliases),
    }
}

/// stdlib's `merge` (not a core function): hashes merged left to right, undef and `''`
/// ignored.
pub(super) fn merge(args: &[Value]) -> Out {
    if any_unknown(args) {
        return unk(PType::hash());
    }
    let mut out = Vec::new();
    for arg in args {
        match arg {
            Value::Hash(entries) => {
                for (k, v) in entries.iter() {
                    hash_set(&mut out, k.clone(), v.clone())?;
                }
            }
            Value::Undef => {}
            Value::Str(s) if s.is_empty() => {}
            _ => return None,
        }
    }
    ok(Value::hash(out))
}

pub(super) fn flatten(args: &[Value]) -> Out {
    let flat = value::flatten(args);
    if flat.iter().any(Value::is_unknown) {
        return unk(PType::array());
    }
    ok(Value::array(flat))
}

pub(super) fn unique(args: &[Value], mut block: Option<&mut dyn Block>) -> Out {
    let [v] = args else { return None };
    // Other iterables (an integer, a range) give an array of their elements.
    if let (Value::Int(_) | Value::Type(_), Some(Elements::Values(items))) = (v, elements(v)) {
        return unique(&[Value::array(items)], block);
    }
    let result_type = match v {
        Value::Str(_) => PType::string(),
        Value::Array(_) => PType::array(),
        Value::Hash(_) => PType::hash(),
        _ => {
            return if v.is_unknown() {
                unk(PType::Any)
            } else {
                None
            }
        }
    };
    if v.has_unknown() && block.is_none() {
        return unk(result_type);
    }
    let mut key_of = |x: &Value| -> Result<Value, Stop> {
        match block.as_deref_mut() {
            None => Ok(x.clone()),
            Some(b) => match b.call(vec![x.clone()]) {
                Ok(k)
                | Err(EvalError {
                    kind: ErrorKind::Next(k),
                    ..
                }) => Ok(k),
                Err(e) => Err(Stop::Error(e)),
            },
        }
    };
    // Groups of (key, members) in first-seen order.
    let mut groups: Vec<(Value, Vec<usize>)> = Vec::new();
    // The groups with a plain key, by key; the others.
    let mut by_plain: HashMap<PlainKey, usize> = HashMap::new();
    let mut other: Vec<usize> = Vec::new();
    let items: Vec<Value> = match v {
        Value::Str(s) => s.chars().map(|c| Value::str(c.to_string())).collect(),
        Value::Array(items) => items.to_vec(),
        Value::Hash(entries) => entries.iter().map(|(_, x)| x.clone()).collect(),
        _ => return None,
    };
    for (i, x) in items.iter().enumerate() {
        let k = match key_of(x) {
            Ok(k) => k,
            Err(stop) => return stop_out(stop, result_type),
        };
        let plain = PlainKey::of(&k);
        let mut found = plain.as_ref().and_then(|p| by_plain.get(p).copied());
        if found.is_none() {
            // Only an unknown (or a `Sensitive`) may be `eql?` to a plain key: that is
            // undecidable.
            if matches!(k, Value::Unknown(_) | Value::Sensitive(_)) && !by_plain.is_empty() {
                return unk(result_type);
            }
            for &gi in &other {
                match ruby_eql(&groups[gi].0, &k) {
                    Some(true) => {
                        found = Some(gi);
                        break;
                    }
                    Some(false) => {}
                    None => return unk(result_type),
                }
            }
        }
        match found {
            Some(gi) => groups[gi].1.push(i),
            None => {
                match plain {
                    Some(p) => {
                        by_plain.insert(p, groups.len());
                    }
                    None => other.push(groups.len()),
                }
                groups.push((k, vec![i]));
            }
        }
    }
    match v {
        Value::Str(_) => {
            let s: Option<String> = groups.iter().map(|(_, m)| items[m[0]].as_str()).collect();
            s.map(|s| Ok(Value::str(s)))
        }
        Value::Array(_) => ok(Value::array(
            groups.iter().map(|(_, m)| items[m[0]].clone()).collect(),
        )),
        Value::Hash(entries) => {
            // Keys grouped by value: {[keys] => [unique values]}.
            let mut out = Vec::new();
            for (_, members) in &groups {
                let keys: Vec<Value> = members.iter().map(|&i| entries[i].0.clone()).collect();
                let mut values: Vec<Value> = Vec::new();
                for &i in members {
                    let x = &entries[i].1;
                    let mut seen = false;
                    for y in &values {
                        match ruby_eql(x, y) {
                            Some(true) => seen = true,
                            Some(false) => {}
                            None => return unk(result_type),
                        }
                    }
                    if !seen {
                        values.push(x.clone());
                    }
                }
                hash_set(&mut out, Value::array(keys), Value::array(values))?;
            }
            ok(Value::hash(out))
        }
        _ => None,
    }
}

pub(super) fn empty(args: &[Value]) -> Out {
    let [v] = args else { return None };
    match v {
        Value::Array(items) => ok(Value::Bool(items.is_empty())),
        Value::Hash(entries) => ok(Value::Bool(entries.is_empty())),
        Value::Str(s) => ok(Value::Bool(s.is_empty())),
        Value::Int(_) | Value::Float(_) => ok(Value::Bool(false)),
        Value::Undef => ok(Value::Bool(true)),
        Value::Sensitive(inner) => match &**inner {
            Value::Str(s) => ok(Value::Bool(s.is_empty())),
            _ => unk(PType::Boolean),
        },
        Value::Unknown(_) => unk(PType::Boolean),
        _ => None,
    }
}

/// `dig`'s walk; `Err` with Puppet's message when a step is not a collection.
fn dig_path(data: &Value, path: &[Value]) -> Out {
    let mut d = data.clone();
    let mut walked: Vec<Value> = Vec::new();
    for k in path {
        if matches!(d, Value::Undef) || matches!(k, Value::Undef) {
            return ok(Value::Undef);
        }
        if d.is_unknown() || k.has_unknown() {
            return unk(PType::Any);
        }
        let next = match (&d, k) {
            (Value::Hash(entries), _) => match hash_get(entries, k) {
                Some(found) => found.cloned().unwrap_or(Value::Undef),
                None => return unk(PType::Any),
            },
            (Value::Array(items), Value::Int(i)) => {
                let i = if *i < 0 { items.len() as i64 + i } else { *i };
                usize::try_from(i)
                    .ok()
                    .and_then(|i| items.get(i))
                    .cloned()
                    .unwrap_or(Value::Undef)
            }
            (Value::Array(_), _) => {
                walked.push(k.clone());
                let path = ruby_inspect(&Value::array(walked))?;
                return err(
                    ErrorKind::Other,
                    format!(
                        "The given data requires an Integer index at {path}, got '{}'",
                        types::display(&types::infer(k))
                    ),
                );
            }
            _ => {
                let path = ruby_inspect(&Value::array(walked))?;
                return err(
                    ErrorKind::Other,
                    format!(
                        "The given data does not contain a Collection at {path}, got '{}'",
                        types::display(&types::infer(&d))
                    ),
                );
            }
        };
        walked.push(k.clone());
        d = next;
    }
    ok(d)
}

pub(super) fn dig(args: &[Value]) -> Out {
    let (data, path) = args.split_first()?;
    match data {
        Value::Undef | Value::Array(_) | Value::Hash(_) | Value::Unknown(_) => dig_path(data, path),
        Value::Sensitive(_) => None,
        _ => param_mismatch(
            "dig",
            "data",
            PType::Optional(Some(Box::new(PType::collection()))),
            data,
            &Aliases::default(),
        ),
    }
}

/// `get(value, 'a.b.0', default)`: dotted navigation with `dig`; quoted segments are not
/// modelled.
pub(super) fn get(args: &[Value]) -> Out {
    let (value, nav, default) = match args {
        [v, n] => (v, n, Value::Undef),
        [v, n, d] => (v, n, d.clone()),
        _ => return None,
    };
    let nav = match nav {
        Value::Str(s) => s,
        Value::Unknown(_) => return unk(PType::Any),
        _ => return None,
    };
    if matches!(value, Value::Undef) {
        return ok(default);
    }
    if nav.is_empty() {
        return ok(value.clone());
    }
    if nav.contains(['"', '\'']) || nav.chars().any(char::is_whitespace) {
        return None;
    }
    let mut segments = Vec::new();
    for seg in nav.split('.') {
        if seg.is_empty() {
            return None;
        }
        let digits = seg.strip_prefix(['+', '-']).unwrap_or(seg);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            segments.push(Value::Int(seg.parse().ok()?));
        } else {
            segments.push(Value::str(seg));
        }
    }
    match dig_path(value, &segments)? {
        Ok(Value::Undef) => ok(default),
        Ok(v) if v.is_unknown() => unk(PType::Any),
        Ok(v) => ok(v),
        Err(e) => Some(Err(e)),
    }
}
