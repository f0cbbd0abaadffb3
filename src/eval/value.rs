//! Values of the static evaluator: what a Puppet expression evaluates to, plus `Unknown`,
//! a value rein cannot know (a fact, a lookup, a function it does not model, a parameter a
//! caller or Hiera may set) that carries the type it is known to have.
//!
//! Values are cheap to clone (collections are shared behind `Arc`). Hashes keep insertion
//! order, as Puppet's do; their keys are unique by Puppet equality.

use std::fmt;
use std::sync::Arc;

use super::types::ptype::PType;

/// A Puppet value, or an unknown one of a known type.
#[derive(Clone, Debug)]
pub enum Value {
    Undef,
    /// The `default` literal.
    Default,
    Bool(bool),
    /// Puppet integers are 64-bit signed; arithmetic that leaves the range is an error.
    Int(i64),
    Float(f64),
    Str(Arc<str>),
    /// A regular expression; the pattern in Ruby syntax as written between the slashes.
    Regex(Arc<str>),
    Array(Arc<Vec<Value>>),
    /// An ordered hash.
    Hash(Arc<Vec<(Value, Value)>>),
    /// A type, including resource and class references (`File['/x']`, `Class['apache']`).
    Type(Arc<PType>),
    /// A `Sensitive` wrapper around a value.
    Sensitive(Arc<Value>),
    /// A value rein cannot know statically, of the given type (`PType::Any` when nothing is
    /// known about it).
    Unknown(Arc<PType>),
}

impl Value {
    pub fn str(s: impl Into<Arc<str>>) -> Value {
        Value::Str(s.into())
    }
    pub fn array(items: Vec<Value>) -> Value {
        Value::Array(Arc::new(items))
    }
    pub fn hash(entries: Vec<(Value, Value)>) -> Value {
        Value::Hash(Arc::new(entries))
    }
    pub fn ty(t: PType) -> Value {
        Value::Type(Arc::new(t))
    }
    /// An unknown value of type `t`.
    pub fn unknown(t: PType) -> Value {
        Value::Unknown(Arc::new(t))
    }
    /// An unknown value about which nothing is known.
    pub fn any() -> Value {
        Value::Unknown(Arc::new(PType::Any))
    }
    /// Whether the value is (or contains, for collections) an unknown.
    pub fn has_unknown(&self) -> bool {
        match self {
            Value::Unknown(_) => true,
            Value::Array(a) => a.iter().any(Value::has_unknown),
            Value::Hash(h) => h.iter().any(|(k, v)| k.has_unknown() || v.has_unknown()),
            Value::Sensitive(v) => v.has_unknown(),
            _ => false,
        }
    }
    pub fn is_unknown(&self) -> bool {
        matches!(self, Value::Unknown(_))
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// `values` with the arrays among them replaced by their elements, recursively (Ruby's
/// `Array#flatten`).
pub fn flatten(values: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for v in values {
        match v {
            Value::Array(inner) => out.extend(flatten(inner)),
            v => out.push(v.clone()),
        }
    }
    out
}

/// What went wrong while evaluating, when Puppet would fail the catalog compilation too.
/// The evaluator attaches the source span; each kind is reported by one deep rule.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalError {
    pub kind: ErrorKind,
    pub message: String,
}

impl EvalError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> EvalError {
        EvalError {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The kinds of evaluation errors (and the non-local exits `break`/`next`/`return`, which
/// travel as errors until the construct that handles them).
#[derive(Clone, Debug, PartialEq)]
pub enum ErrorKind {
    /// An operator applied to operands it does not accept (`'a' + 1`, `[1] * 2`).
    Operator,
    /// Division or modulo by zero.
    DivisionByZero,
    /// Integer arithmetic left the 64-bit range.
    Overflow,
    /// A value does not match the type it must have (`assert_type`, a typed parameter,
    /// a lambda parameter, a function's argument).
    TypeMismatch,
    /// A selector whose value matched no option.
    NoMatch,
    /// Any other error Puppet raises (a bad argument to a function, `fail()`, an index of
    /// the wrong kind, a regexp that does not compile).
    Other,
    /// `break()` inside an iteration.
    Break,
    /// `next(value)`.
    Next(Value),
    /// `return(value)`.
    Return(Value),
}

impl PartialEq for Value {
    /// Structural identity (not Puppet's `==`, which is `ops::equals`): used by tests.
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a == b,
            (Value::Str(a), Value::Str(b)) | (Value::Regex(a), Value::Regex(b)) => a == b,
            (Value::Array(a), Value::Array(b)) => a == b,
            (Value::Hash(a), Value::Hash(b)) => a == b,
            (Value::Type(a), Value::Type(b)) | (Value::Unknown(a), Value::Unknown(b)) => a == b,
            (Value::Sensitive(a), Value::Sensitive(b)) => a == b,
            _ => false,
        }
    }
}

/// A float as Ruby's `Float#to_s` writes it (`1.0`, `0.0001`, `1.0e+15`, `1.5e-05`).
pub fn ruby_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    // Shortest round-trip digits, as Ruby uses.
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let sign = if f < 0.0 { "-" } else { "" };
    if (-4..15).contains(&exp) {
        if exp >= 0 {
            let int_len = (exp + 1) as usize;
            if digits.len() <= int_len {
                let zeros = "0".repeat(int_len - digits.len());
                format!("{sign}{digits}{zeros}.0")
            } else {
                format!("{sign}{}.{}", &digits[..int_len], &digits[int_len..])
            }
        } else {
            let zeros = "0".repeat((-exp - 1) as usize);
            format!("{sign}0.{zeros}{digits}")
        }
    } else {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        let esign = if exp < 0 { '-' } else { '+' };
        format!("{sign}{first}.{rest}e{esign}{:02}", exp.abs())
    }
}

/// Ruby's `String#inspect` (`"a\"b"`; control characters escaped, as `\e` or `\u001F`).
pub fn ruby_inspect_str(s: &str) -> String {
    let mut out = String::from("\"");
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{b}' => out.push_str("\\v"),
            '\u{c}' => out.push_str("\\f"),
            '#' if matches!(chars.peek(), Some('{' | '$' | '@')) => out.push_str("\\#"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04X}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
