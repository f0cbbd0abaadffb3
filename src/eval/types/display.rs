//! Types and type parameters printed as Puppet prints them (`Integer[1, 10]`,
//! `Optional[String]`, `Enum['a', 'b']`), and the article before a type's name.

use super::ptype::{accepts_undef_plain, PType, INT_MAX, INT_MIN};
use crate::eval::value::Value;

/// A value as it appears among a type's parameters in printed form.
pub(super) fn display_arg(v: &Value) -> String {
    match v {
        Value::Undef => "undef".to_string(),
        Value::Default => "default".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => crate::eval::value::ruby_float(*f),
        Value::Str(s) => quote(s),
        Value::Regex(r) => format!("/{r}/"),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(display_arg).collect::<Vec<_>>().join(", ")
        ),
        Value::Hash(entries) => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|(k, v)| format!("{} => {}", display_arg(k), display_arg(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Type(t) | Value::Unknown(t) => display(t),
        Value::Sensitive(_) => "Sensitive [value redacted]".to_string(),
    }
}

/// `an Integer`, `a String`.
pub(super) fn a_an(s: &str) -> String {
    format!("{} {s}", article(s))
}

/// A string as a single-quoted Puppet literal.
pub(super) fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "\\'"))
}

fn int_range(from: i64, to: i64) -> Option<String> {
    match (from, to) {
        (INT_MIN, INT_MAX) => None,
        (f, INT_MAX) => Some(f.to_string()),
        (INT_MIN, t) => Some(format!("default, {t}")),
        (f, t) => Some(format!("{f}, {t}")),
    }
}

/// Size parameters (`min`, `min, max`), none when unbounded.
fn size_params(min: i64, max: i64) -> Option<String> {
    match (min, max) {
        (0, INT_MAX) => None,
        (m, INT_MAX) => Some(m.to_string()),
        (m, x) => Some(format!("{m}, {x}")),
    }
}

fn with_params(name: &str, params: Vec<String>) -> String {
    if params.is_empty() {
        name.to_string()
    } else {
        format!("{name}[{}]", params.join(", "))
    }
}

/// The type printed as Puppet prints it (`Integer[1, 10]`, `Optional[String]`).
pub fn display(t: &PType) -> String {
    match t {
        PType::Any => "Any".to_string(),
        PType::Undef => "Undef".to_string(),
        PType::Default => "Default".to_string(),
        PType::Unit => "Unit".to_string(),
        PType::NotUndef(x) => with_params("NotUndef", x.iter().map(|x| display(x)).collect()),
        PType::Optional(x) => with_params("Optional", x.iter().map(|x| display(x)).collect()),
        PType::Boolean => "Boolean".to_string(),
        PType::Integer { from, to } => {
            with_params("Integer", int_range(*from, *to).into_iter().collect())
        }
        PType::Float { from, to } => {
            let p = match (from.is_infinite(), to.is_infinite()) {
                (true, true) => None,
                (false, true) => Some(crate::eval::value::ruby_float(*from)),
                (true, false) => Some(format!("default, {}", crate::eval::value::ruby_float(*to))),
                (false, false) => Some(format!(
                    "{}, {}",
                    crate::eval::value::ruby_float(*from),
                    crate::eval::value::ruby_float(*to)
                )),
            };
            with_params("Float", p.into_iter().collect())
        }
        PType::Numeric => "Numeric".to_string(),
        PType::String { min, max } => {
            with_params("String", size_params(*min, *max).into_iter().collect())
        }
        PType::Enum {
            values,
            case_insensitive,
        } => {
            let mut p: Vec<String> = values.iter().map(|v| quote(v)).collect();
            if *case_insensitive {
                p.push("true".to_string());
            }
            with_params("Enum", p)
        }
        PType::Pattern(ps) => with_params("Pattern", ps.iter().map(|p| format!("/{p}/")).collect()),
        PType::Regexp(p) => with_params("Regexp", p.iter().map(|p| format!("/{p}/")).collect()),
        PType::Scalar => "Scalar".to_string(),
        PType::ScalarData => "ScalarData".to_string(),
        PType::Data => "Data".to_string(),
        PType::RichData => "RichData".to_string(),
        PType::Collection { min, max } => {
            with_params("Collection", size_params(*min, *max).into_iter().collect())
        }
        PType::Array { elem, min, max } => {
            let sizes = size_params(*min, *max);
            let mut p = Vec::new();
            // The type of the empty array prints as `Array[0, 0]`.
            let empty = *max == 0 && matches!(**elem, PType::Unit | PType::Any);
            if !empty && (**elem != PType::Any || sizes.is_some()) {
                p.push(display(elem));
            }
            p.extend(sizes);
            with_params("Array", p)
        }
        PType::Hash {
            key,
            value,
            min,
            max,
        } => {
            let sizes = size_params(*min, *max);
            let mut p = Vec::new();
            let any = **key == PType::Any && **value == PType::Any;
            let unit = **key == PType::Unit && **value == PType::Unit;
            let empty = *max == 0 && (any || unit);
            if !empty && (!any || sizes.is_some()) {
                p.push(display(key));
                p.push(display(value));
            }
            p.extend(sizes);
            with_params("Hash", p)
        }
        PType::Tuple { types, min, max } => {
            let mut p: Vec<String> = types.iter().map(display).collect();
            let n = types.len() as i64;
            if !(*min == n && *max == n || types.is_empty() && *min == 0 && *max == INT_MAX) {
                p.push(min.to_string());
                if *max != INT_MAX {
                    p.push(max.to_string());
                }
            }
            with_params("Tuple", p)
        }
        PType::Struct(ms) => {
            if ms.is_empty() {
                return "Struct".to_string();
            }
            let members: Vec<String> = ms
                .iter()
                .map(|m| {
                    let undef_ok = accepts_undef_plain(&m.value);
                    let key = match (m.optional, undef_ok) {
                        (true, false) => format!("Optional[{}]", quote(&m.key)),
                        (false, true) => format!("NotUndef[{}]", quote(&m.key)),
                        _ => quote(&m.key),
                    };
                    format!("{key} => {}", display(&m.value))
                })
                .collect();
            format!("Struct[{{{}}}]", members.join(", "))
        }
        PType::Variant(ts) => with_params("Variant", ts.iter().map(display).collect()),
        PType::Type(x) => with_params("Type", x.iter().map(|x| display(x)).collect()),
        PType::Sensitive(x) => with_params("Sensitive", x.iter().map(|x| display(x)).collect()),
        PType::Callable => "Callable".to_string(),
        PType::Iterable => "Iterable".to_string(),
        PType::Iterator => "Iterator".to_string(),
        PType::CatalogEntry => "CatalogEntry".to_string(),
        PType::Resource { type_name, title } => match (type_name, title) {
            (None, _) => "Resource".to_string(),
            (Some(tn), None) => tn.clone(),
            (Some(tn), Some(title)) => format!("{tn}[{}]", quote(title)),
        },
        PType::Class(name) => with_params("Class", name.iter().cloned().collect()),
        PType::Alias(name) | PType::Other(name) => name.clone(),
    }
}

pub(super) fn article(s: &str) -> &'static str {
    match s.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}
