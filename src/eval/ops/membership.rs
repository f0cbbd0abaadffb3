//! The `in` operator: a substring, a regexp match, an element of an array, a key of a hash,
//! an instance of a type.

use super::comparison::equals;
use super::matching::{compile, regex_search};
use super::operands::{type_class, Class};
use crate::eval::regex::Regexes;
use crate::eval::three_valued::any3;
use crate::eval::value::Value;

/// Puppet's case option matching of `needle` (a string) against an element of an array
/// searched by `in`: regexps match, `default` matches everything, arrays and hashes never
/// match a string, other values compare with `==`.
fn in_match_string(needle: &Value, element: &Value, regexes: &Regexes) -> Option<bool> {
    match element {
        Value::Regex(p) => {
            let s = needle.as_str()?;
            Some(regex_search(p, s, regexes).ok()?.is_some())
        }
        Value::Default => Some(true),
        Value::Array(_) | Value::Hash(_) => Some(false),
        // Instance of a type: the caller's type system.
        Value::Type(_) => None,
        Value::Unknown(t) => match type_class(t) {
            Some(Class::Array | Class::Hash) => Some(false),
            Some(Class::Str | Class::Int | Class::Float | Class::Bool | Class::Undef) => {
                equals(needle, element)
            }
            _ => None,
        },
        _ => equals(needle, element),
    }
}

fn in_array(needle: &Value, items: &[Value], regexes: &Regexes) -> Option<bool> {
    match needle {
        Value::Regex(p) => {
            let re = compile(p, regexes).ok()?;
            any3(items.iter().map(|e| match e {
                Value::Str(s) => regexes.is_match(&re, s),
                Value::Unknown(t) => match type_class(t) {
                    Some(Class::Str) | None => None,
                    Some(_) => Some(false),
                },
                _ => Some(false),
            }))
        }
        Value::Str(_) => any3(items.iter().map(|e| in_match_string(needle, e, regexes))),
        Value::Type(_) if items.is_empty() => Some(false),
        Value::Type(_) => None,
        Value::Unknown(t) => match type_class(t) {
            _ if items.is_empty() => Some(false),
            Some(Class::Regex | Class::Str | Class::Type) | None => None,
            Some(_) => any3(items.iter().map(|e| equals(e, needle))),
        },
        _ => any3(items.iter().map(|e| equals(e, needle))),
    }
}

/// `needle in haystack`.
pub(super) fn in_op(needle: &Value, haystack: &Value, regexes: &Regexes) -> Option<bool> {
    match haystack {
        Value::Str(h) => match needle {
            Value::Str(n) => Some(lower(h).contains(&lower(n))),
            Value::Regex(p) => regex_search(p, h, regexes).ok().map(|m| m.is_some()),
            Value::Unknown(t) => match type_class(t) {
                Some(Class::Str | Class::Regex) | None => None,
                Some(_) => Some(false),
            },
            _ => Some(false),
        },
        Value::Array(items) => in_array(needle, items, regexes),
        Value::Hash(h) => {
            let keys: Vec<Value> = h.iter().map(|(k, _)| k.clone()).collect();
            in_array(needle, &keys, regexes)
        }
        Value::Unknown(t) => match type_class(t) {
            Some(Class::Str | Class::Array | Class::Hash) | None => None,
            Some(_) => Some(false),
        },
        _ => Some(false),
    }
}

/// Ruby's `String#downcase` (full Unicode lower case, character by character).
fn lower(s: &str) -> String {
    s.chars().flat_map(char::to_lowercase).collect()
}
