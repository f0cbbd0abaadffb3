//! The string functions: `join`, `upcase`, `downcase`, `capitalize`, `camelcase`,
//! `strip`, `lstrip`, `rstrip`, `chomp` and `chop`.

use super::outcome::{ok, param_mismatch, unk, variant_mismatch, Out};
use super::ruby::{hash_set, ruby_to_s};
use crate::eval::types::{Aliases, PType};
use crate::eval::value::Value;

pub(super) fn join(args: &[Value], aliases: &Aliases) -> Out {
    let (arr, delim) = match args {
        [a] => (a, None),
        [a, d] => (a, Some(d)),
        _ => return None,
    };
    let delim = match delim {
        None => String::new(),
        Some(Value::Str(s)) => s.to_string(),
        Some(Value::Unknown(_)) => return unk(PType::string()),
        Some(d) => return param_mismatch("join", "delimiter", PType::string(), d, aliases),
    };
    match arr {
        Value::Array(items) => {
            if arr.has_unknown() {
                return unk(PType::string());
            }
            match join_items(items, &delim) {
                Some(s) => ok(Value::str(s)),
                None => unk(PType::string()),
            }
        }
        Value::Unknown(_) => unk(PType::string()),
        _ => param_mismatch("join", "arg", PType::array(), arr, aliases),
    }
}

/// Ruby's `Array#join`: nested arrays joined with the same separator.
fn join_items(items: &[Value], delim: &str) -> Option<String> {
    let parts: Option<Vec<String>> = items
        .iter()
        .map(|v| match v {
            Value::Array(inner) => join_items(inner, delim),
            _ => ruby_to_s(v),
        })
        .collect();
    Some(parts?.join(delim))
}

/// `upcase`/`downcase`: strings, numbers (unchanged), and arrays and hashes of them.
pub(super) fn case_map(name: &str, args: &[Value]) -> Out {
    let [v] = args else { return None };
    if v.has_unknown() {
        return unk(match v {
            Value::Str(_) => PType::string(),
            Value::Array(_) => PType::array(),
            Value::Hash(_) => PType::hash(),
            _ => PType::Any,
        });
    }
    fn convert(upper: bool, v: &Value) -> Option<Value> {
        match v {
            Value::Str(s) => Some(Value::str(if upper {
                s.to_uppercase()
            } else {
                s.to_lowercase()
            })),
            Value::Int(_) | Value::Float(_) => Some(v.clone()),
            Value::Array(items) => items
                .iter()
                .map(|x| convert(upper, x))
                .collect::<Option<Vec<Value>>>()
                .map(Value::array),
            Value::Hash(entries) => {
                let mut out = Vec::new();
                for (k, x) in entries.iter() {
                    hash_set(&mut out, convert(upper, k)?, convert(upper, x)?)?;
                }
                Some(Value::hash(out))
            }
            _ => None,
        }
    }
    match v {
        Value::Str(_) | Value::Int(_) | Value::Float(_) | Value::Array(_) | Value::Hash(_) => {
            convert(name == "upcase", v).map(Ok)
        }
        Value::Sensitive(_) => None,
        _ => variant_mismatch(
            name,
            "arg",
            vec![
                PType::Numeric,
                PType::string(),
                PType::array(),
                PType::hash(),
            ],
            v,
        ),
    }
}

/// `capitalize`, `camelcase`, `strip`, `lstrip`, `rstrip`, `chomp`, `chop`: strings,
/// numbers (unchanged) and arrays of them.
pub(super) fn string_map(name: &str, args: &[Value]) -> Out {
    let [v] = args else { return None };
    if v.has_unknown() {
        return unk(match v {
            Value::Str(_) => PType::string(),
            Value::Array(_) => PType::array(),
            _ => PType::Any,
        });
    }
    let one = |x: &Value| -> Option<Value> {
        match x {
            Value::Str(s) => Some(Value::str(string_op(name, s))),
            Value::Int(_) | Value::Float(_) => Some(x.clone()),
            _ => None,
        }
    };
    match v {
        // Puppet rejects arrays that mix strings and numbers (`Iterable[Variant[String,
        // Numeric]]` does not accept their tuple type).
        Value::Array(items)
            if items.iter().any(|x| matches!(x, Value::Str(_)))
                && items
                    .iter()
                    .any(|x| matches!(x, Value::Int(_) | Value::Float(_))) =>
        {
            None
        }
        Value::Array(items) => items
            .iter()
            .map(one)
            .collect::<Option<Vec<Value>>>()
            .map(|items| Ok(Value::array(items))),
        _ => one(v).map(Ok),
    }
}

/// Ruby's whitespace for `strip`: NUL, tab, newline, vertical tab, form feed, return, space.
fn ruby_space(c: char) -> bool {
    matches!(c, '\0' | '\t' | '\n' | '\x0b' | '\x0c' | '\r' | ' ')
}

fn capitalize_str(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => {
            let mut out: String = first.to_uppercase().collect();
            out.push_str(&chars.as_str().to_lowercase());
            out
        }
        None => String::new(),
    }
}

fn string_op(name: &str, s: &str) -> String {
    match name {
        "capitalize" => capitalize_str(s),
        "camelcase" => {
            let mut parts: Vec<&str> = s.split('_').collect();
            while parts.last().is_some_and(|p| p.is_empty()) {
                parts.pop();
            }
            parts.into_iter().map(capitalize_str).collect()
        }
        "strip" => s.trim_matches(ruby_space).to_string(),
        "lstrip" => s.trim_start_matches(ruby_space).to_string(),
        "rstrip" => s.trim_end_matches(ruby_space).to_string(),
        "chomp" => s
            .strip_suffix("\r\n")
            .or_else(|| s.strip_suffix('\n'))
            .or_else(|| s.strip_suffix('\r'))
            .unwrap_or(s)
            .to_string(),
        _ => {
            // chop
            if let Some(rest) = s.strip_suffix("\r\n") {
                rest.to_string()
            } else {
                let mut out = s.to_string();
                out.pop();
                out
            }
        }
    }
}
