//! The type of a value ([`infer`], Puppet's `type($x)`), and the type without its details
//! as Puppet names the actual type in its messages.

use super::ptype::{PType, StructMember, INT_MAX};
use crate::eval::value::Value;

/// One type for several (the type itself when they are all the same, else a `Variant`).
fn union(mut ts: Vec<PType>) -> PType {
    let mut out: Vec<PType> = Vec::new();
    for t in ts.drain(..) {
        if !out.contains(&t) {
            out.push(t);
        }
    }
    if out.len() == 1 {
        out.remove(0)
    } else {
        PType::Variant(out)
    }
}

/// The most specific type of `value` (Puppet's `type($x)`, e.g. `Integer[3, 3]`).
pub fn infer(value: &Value) -> PType {
    match value {
        Value::Undef => PType::Undef,
        Value::Default => PType::Default,
        Value::Bool(_) => PType::Boolean,
        Value::Int(i) => PType::Integer { from: *i, to: *i },
        Value::Float(f) => PType::Float { from: *f, to: *f },
        Value::Str(_) => PType::string(),
        Value::Regex(r) => PType::Regexp(Some(r.to_string())),
        Value::Array(items) => {
            if items.is_empty() {
                PType::Array {
                    elem: Box::new(PType::Unit),
                    min: 0,
                    max: 0,
                }
            } else {
                let n = items.len() as i64;
                PType::Tuple {
                    types: items.iter().map(infer).collect(),
                    min: n,
                    max: n,
                }
            }
        }
        Value::Hash(entries) => {
            if entries.is_empty() {
                return PType::Hash {
                    key: Box::new(PType::Unit),
                    value: Box::new(PType::Unit),
                    min: 0,
                    max: 0,
                };
            }
            if entries.iter().all(|(k, _)| matches!(k, Value::Str(_))) {
                return PType::Struct(
                    entries
                        .iter()
                        .map(|(k, v)| StructMember {
                            key: k.as_str().unwrap_or_default().to_string(),
                            optional: false,
                            value: infer(v),
                        })
                        .collect(),
                );
            }
            let n = entries.len() as i64;
            PType::Hash {
                key: Box::new(union(entries.iter().map(|(k, _)| infer(k)).collect())),
                value: Box::new(union(entries.iter().map(|(_, v)| infer(v)).collect())),
                min: n,
                max: n,
            }
        }
        Value::Type(t) => PType::Type(Some(Box::new((**t).clone()))),
        Value::Sensitive(v) => PType::Sensitive(Some(Box::new(generalize(&infer(v))))),
        Value::Unknown(t) => (**t).clone(),
    }
}

/// The type without its details, as Puppet names the actual type in a mismatch
/// (`Integer[3, 3]` → `Integer`, `Tuple[...]` → `Tuple`).
pub(super) fn generalize(t: &PType) -> PType {
    match t {
        PType::Integer { .. } => PType::integer(),
        PType::Float { .. } => PType::float(),
        PType::String { .. } => PType::string(),
        PType::Enum { .. } => PType::Enum {
            values: Vec::new(),
            case_insensitive: false,
        },
        PType::Pattern(_) => PType::Pattern(Vec::new()),
        PType::Regexp(_) => PType::Regexp(None),
        PType::Array { .. } => PType::array(),
        PType::Hash { .. } => PType::hash(),
        PType::Tuple { .. } => PType::Tuple {
            types: Vec::new(),
            min: 0,
            max: INT_MAX,
        },
        PType::Struct(_) => PType::Struct(Vec::new()),
        PType::Type(Some(x)) => PType::Type(Some(Box::new(generalize(x)))),
        PType::Sensitive(x) => PType::Sensitive(x.as_ref().map(|x| Box::new(generalize(x)))),
        PType::Resource { .. } => PType::Resource {
            type_name: None,
            title: None,
        },
        PType::Class(_) => PType::Class(None),
        PType::Collection { .. } => PType::collection(),
        _ => t.clone(),
    }
}
