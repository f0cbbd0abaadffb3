//! The string form of a value, as interpolation and Puppet's `String` conversion write it
//! (types as Puppet prints them, floats as Ruby, hashes and arrays as Puppet inspects them).

use crate::eval::types::{PType, INT_MAX, INT_MIN};
use crate::eval::value::{ruby_inspect_str, Value};

/// A type as Puppet prints it, for the types that print simply; `None` otherwise.
pub(super) fn type_to_s(t: &PType) -> Option<String> {
    Some(match t {
        PType::Any => "Any".into(),
        PType::Undef => "Undef".into(),
        PType::Default => "Default".into(),
        PType::Unit => "Unit".into(),
        PType::NotUndef(None) => "NotUndef".into(),
        PType::Boolean => "Boolean".into(),
        PType::Integer { from, to } => match (*from == INT_MIN, *to == INT_MAX) {
            (true, true) => "Integer".into(),
            (false, true) => format!("Integer[{from}]"),
            (true, false) => format!("Integer[default, {to}]"),
            (false, false) => format!("Integer[{from}, {to}]"),
        },
        PType::Float { from, to } => match (*from == f64::NEG_INFINITY, *to == f64::INFINITY) {
            (true, true) => "Float".into(),
            (false, true) => format!("Float[{}]", crate::eval::value::ruby_float(*from)),
            (true, false) => format!("Float[default, {}]", crate::eval::value::ruby_float(*to)),
            (false, false) => format!(
                "Float[{}, {}]",
                crate::eval::value::ruby_float(*from),
                crate::eval::value::ruby_float(*to)
            ),
        },
        PType::Numeric => "Numeric".into(),
        PType::String { min, max } => match (*min, *max == INT_MAX) {
            (0, true) => "String".into(),
            (m, true) => format!("String[{m}]"),
            (m, false) => format!("String[{m}, {max}]"),
        },
        PType::Enum {
            values,
            case_insensitive,
        } => {
            let mut items = Vec::with_capacity(values.len() + 1);
            for v in values {
                if v.contains(['\'', '\\']) {
                    return None;
                }
                items.push(format!("'{v}'"));
            }
            if *case_insensitive {
                items.push("true".into());
            }
            format!("Enum[{}]", items.join(", "))
        }
        PType::Pattern(sources) => {
            let items: Vec<String> = sources.iter().map(|p| format!("/{p}/")).collect();
            format!("Pattern[{}]", items.join(", "))
        }
        PType::Regexp(None) => "Regexp".into(),
        PType::Regexp(Some(p)) => format!("Regexp[/{p}/]"),
        PType::Optional(Some(t)) => format!("Optional[{}]", type_to_s(t)?),
        PType::NotUndef(Some(t)) => format!("NotUndef[{}]", type_to_s(t)?),
        PType::Type(Some(t)) => format!("Type[{}]", type_to_s(t)?),
        PType::Sensitive(Some(t)) => format!("Sensitive[{}]", type_to_s(t)?),
        PType::Variant(types) => {
            let items: Option<Vec<String>> = types.iter().map(type_to_s).collect();
            format!("Variant[{}]", items?.join(", "))
        }
        PType::Array { elem, min, max } => {
            let e = type_to_s(elem)?;
            match (**elem == PType::Any, *min, *max == INT_MAX) {
                (true, 0, true) => "Array".into(),
                (_, 0, true) => format!("Array[{e}]"),
                (_, m, true) => format!("Array[{e}, {m}]"),
                (_, m, false) => format!("Array[{e}, {m}, {max}]"),
            }
        }
        PType::Hash {
            key,
            value,
            min,
            max,
        } => {
            let (k, v) = (type_to_s(key)?, type_to_s(value)?);
            let any = **key == PType::Any && **value == PType::Any;
            match (any, *min, *max == INT_MAX) {
                (true, 0, true) => "Hash".into(),
                (_, 0, true) => format!("Hash[{k}, {v}]"),
                (_, m, true) => format!("Hash[{k}, {v}, {m}]"),
                (_, m, false) => format!("Hash[{k}, {v}, {m}, {max}]"),
            }
        }
        PType::Scalar => "Scalar".into(),
        PType::ScalarData => "ScalarData".into(),
        PType::Data => "Data".into(),
        PType::RichData => "RichData".into(),
        PType::Optional(None) => "Optional".into(),
        PType::Type(None) => "Type".into(),
        PType::Sensitive(None) => "Sensitive".into(),
        PType::Callable => "Callable".into(),
        PType::Iterable => "Iterable".into(),
        PType::Iterator => "Iterator".into(),
        PType::CatalogEntry => "CatalogEntry".into(),
        PType::Resource {
            type_name: None,
            title: None,
        } => "Resource".into(),
        PType::Resource {
            type_name: Some(n),
            title: None,
        } => n.clone(),
        PType::Resource {
            type_name: Some(n),
            title: Some(title),
        } if !title.contains(['\'', '\\']) => format!("{n}['{title}']"),
        PType::Class(None) => "Class".into(),
        PType::Class(Some(n)) => format!("Class[{n}]"),
        _ => return None,
    })
}

/// The string a value interpolates as (`"${x}"`): `''` for undef, `[1, a]` for an array,
/// `{a => 1}` for a hash, `/x/` for a regexp; `None` when unknown (or a type rein does not
/// print).
pub fn to_s(v: &Value) -> Option<String> {
    Some(match v {
        Value::Str(s) => s.to_string(),
        Value::Undef => String::new(),
        Value::Default => "default".into(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => crate::eval::value::ruby_float(*f),
        Value::Regex(p) => format!("/{p}/"),
        Value::Array(a) => {
            let items: Option<Vec<String>> = a.iter().map(to_s).collect();
            format!("[{}]", items?.join(", "))
        }
        Value::Hash(h) => {
            let items: Option<Vec<String>> = h
                .iter()
                .map(|(k, v)| Some(format!("{} => {}", to_s(k)?, to_s(v)?)))
                .collect();
            format!("{{{}}}", items?.join(", "))
        }
        Value::Type(t) => type_to_s(t)?,
        Value::Sensitive(_) => "Sensitive [value redacted]".into(),
        Value::Unknown(_) => return None,
    })
}

/// Ruby's `inspect` of a value (inside an array or hash in a message); `None` for what
/// rein does not print.
fn ruby_inspect(v: &Value) -> Option<String> {
    Some(match v {
        Value::Str(s) => ruby_inspect_str(s),
        Value::Undef => "nil".into(),
        Value::Default => ":default".into(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => crate::eval::value::ruby_float(*f),
        Value::Regex(p) => format!("/{p}/"),
        Value::Array(a) => {
            let items: Option<Vec<String>> = a.iter().map(ruby_inspect).collect();
            format!("[{}]", items?.join(", "))
        }
        Value::Hash(h) => {
            let items: Option<Vec<String>> = h
                .iter()
                .map(|(k, v)| Some(format!("{}=>{}", ruby_inspect(k)?, ruby_inspect(v)?)))
                .collect();
            format!("{{{}}}", items?.join(", "))
        }
        _ => return None,
    })
}

/// Ruby's `to_s` of a value, as Puppet's messages embed values (`'%{value}'`).
pub(super) fn ruby_to_s(v: &Value) -> Option<String> {
    Some(match v {
        Value::Str(s) => s.to_string(),
        Value::Undef => String::new(),
        Value::Default => "default".into(),
        Value::Regex(p) => format!("(?-mix:{p})"),
        Value::Sensitive(_) => "Sensitive [value redacted]".into(),
        Value::Type(t) => type_to_s(t)?,
        Value::Array(_) | Value::Hash(_) | Value::Bool(_) | Value::Int(_) | Value::Float(_) => {
            ruby_inspect(v)?
        }
        _ => return None,
    })
}
