//! What the operators need to know of their operands: the runtime class of a value as
//! Puppet's operators distinguish them and Puppet's labels for it in messages, the errors
//! they raise and the unknown results of known type.

use super::strings::{ruby_to_s, type_to_s};
use crate::eval::types::PType;
use crate::eval::value::{ErrorKind, EvalError, Value};

/// The runtime class of a value, as far as Puppet's operators distinguish them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Class {
    Undef,
    Default,
    Bool,
    Int,
    Float,
    Str,
    Regex,
    Array,
    Hash,
    Type,
    Sensitive,
}

/// The class of a value; for an unknown, the class its type guarantees (`None` if several
/// are possible).
pub(super) fn class_of(v: &Value) -> Option<Class> {
    Some(match v {
        Value::Undef => Class::Undef,
        Value::Default => Class::Default,
        Value::Bool(_) => Class::Bool,
        Value::Int(_) => Class::Int,
        Value::Float(_) => Class::Float,
        Value::Str(_) => Class::Str,
        Value::Regex(_) => Class::Regex,
        Value::Array(_) => Class::Array,
        Value::Hash(_) => Class::Hash,
        Value::Type(_) => Class::Type,
        Value::Sensitive(_) => Class::Sensitive,
        Value::Unknown(t) => return type_class(t),
    })
}

pub(super) fn type_class(t: &PType) -> Option<Class> {
    Some(match t {
        PType::Undef => Class::Undef,
        PType::Default => Class::Default,
        PType::Boolean => Class::Bool,
        PType::Integer { .. } => Class::Int,
        PType::Float { .. } => Class::Float,
        PType::String { .. } | PType::Enum { .. } | PType::Pattern(_) => Class::Str,
        PType::Regexp(_) => Class::Regex,
        PType::Array { .. } | PType::Tuple { .. } => Class::Array,
        PType::Hash { .. } | PType::Struct(_) => Class::Hash,
        PType::Type(_) => Class::Type,
        PType::Sensitive(_) => Class::Sensitive,
        _ => return None,
    })
}

/// Puppet's label for a value of a class other than `Type` (`Undef Value`, `Integer`).
pub(super) fn class_label(c: Class) -> &'static str {
    match c {
        Class::Undef => "Undef Value",
        // `default` is a Ruby Symbol, which Puppet labels as any object.
        Class::Default => "Object",
        Class::Bool => "Boolean",
        Class::Int => "Integer",
        Class::Float => "Float",
        Class::Str => "String",
        Class::Regex => "Regexp",
        Class::Array => "Array",
        Class::Hash => "Hash",
        Class::Type => "Type",
        Class::Sensitive => "Sensitive",
    }
}

/// Puppet's label for a value (`Integer`, `Undef Value`, `Integer[1, 2]-Type`); `None` when
/// it cannot be known (an unknown of an uncertain class, a type rein cannot print).
pub(super) fn label(v: &Value) -> Option<String> {
    match v {
        Value::Type(t) => {
            let s = type_to_s(t)?;
            Some(match &**t {
                PType::Resource { title: Some(_), .. } => format!("{s} Resource-Reference"),
                _ => format!("{s}-Type"),
            })
        }
        _ => match class_of(v)? {
            Class::Type => None,
            c => Some(class_label(c).to_string()),
        },
    }
}

/// `text` with its indefinite article, as Puppet chooses it (`an` before a vowel or `y`,
/// skipping a leading quote).
pub(super) fn a_an(text: &str) -> String {
    let mut chars = text.chars();
    let mut first = chars.next();
    if matches!(first, Some('\'') | Some('"')) {
        first = chars.next();
    }
    let vowel = first.is_some_and(|c| "aeiouyAEIOUY".contains(c));
    format!("{} {text}", if vowel { "an" } else { "a" })
}

pub(super) fn error(kind: ErrorKind, message: impl Into<String>) -> EvalError {
    EvalError::new(kind, message)
}

/// "Operator '<<' is not applicable to a Hash."; `None` when the label is unknowable.
pub(super) fn not_applicable(op: &str, left: &Value) -> Option<EvalError> {
    let l = label(left)?;
    Some(error(
        ErrorKind::Operator,
        format!("Operator '{op}' is not applicable to {}.", a_an(&l)),
    ))
}

pub(super) fn not_numeric(v: &Value) -> Option<EvalError> {
    Some(error(
        ErrorKind::Operator,
        format!(
            "The value '{}' cannot be converted to Numeric.",
            ruby_to_s(v)?
        ),
    ))
}

pub(super) fn unknown_int() -> Value {
    Value::unknown(PType::integer())
}

pub(super) fn unknown_float() -> Value {
    Value::unknown(PType::float())
}

pub(super) fn unknown_bool() -> Value {
    Value::unknown(PType::Boolean)
}

pub(super) fn unknown_string() -> Value {
    Value::unknown(PType::string())
}

pub(super) fn unknown_array() -> Value {
    Value::unknown(PType::array())
}

pub(super) fn unknown_hash() -> Value {
    Value::unknown(PType::hash())
}
