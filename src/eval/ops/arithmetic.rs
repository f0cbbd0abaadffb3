//! Puppet's operators on values, as Puppet 7 evaluates them (checked against `puppet apply`
//! 7.23 and its evaluator's source): arithmetic on integers (64-bit, leaving the range is an
//! error; `/` and `%` round towards negative infinity as Ruby does) and floats, numeric
//! strings converted (`'0x10'`, `'010'` octal, `'1e3'`), `+`/`-` on arrays and hashes, `<<`
//! on arrays, shifts on integers, comparisons (strings compare case-insensitively, ASCII
//! only), `==` on every value, `in`, `=~`/`!~` with their match data (Ruby regexps through
//! Oniguruma), and access (`[...]`) on strings, arrays and hashes; plus truthiness and the
//! string form of a value (interpolation). Error messages are Puppet's own wording.
//!
//! Unknown operands give unknown results (typed when the result type is certain); an error
//! is returned only when it is certain whatever the unknowns turn out to be. Comparisons
//! with a type on the left (assignability) and `=~` with a type on the right (instance of)
//! are left to the caller (the type system): they give unknown results here.

use std::cmp::Ordering;

use crate::syntax::BinaryOp;

use crate::eval::types::{PType, INT_MAX, INT_MIN};
use crate::eval::value::{ErrorKind, EvalError, Value};

// ---------------------------------------------------------------------------------------------
// Classes of values and Puppet's labels for them

/// The runtime class of a value, as far as Puppet's operators distinguish them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
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
fn class_of(v: &Value) -> Option<Class> {
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

fn type_class(t: &PType) -> Option<Class> {
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
fn class_label(c: Class) -> &'static str {
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
fn label(v: &Value) -> Option<String> {
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
fn a_an(text: &str) -> String {
    let mut chars = text.chars();
    let mut first = chars.next();
    if matches!(first, Some('\'') | Some('"')) {
        first = chars.next();
    }
    let vowel = first.is_some_and(|c| "aeiouyAEIOUY".contains(c));
    format!("{} {text}", if vowel { "an" } else { "a" })
}

fn error(kind: ErrorKind, message: impl Into<String>) -> EvalError {
    EvalError::new(kind, message)
}

/// "Operator '<<' is not applicable to a Hash."; `None` when the label is unknowable.
fn not_applicable(op: &str, left: &Value) -> Option<EvalError> {
    let l = label(left)?;
    Some(error(
        ErrorKind::Operator,
        format!("Operator '{op}' is not applicable to {}.", a_an(&l)),
    ))
}

fn not_numeric(v: &Value) -> Option<EvalError> {
    Some(error(
        ErrorKind::Operator,
        format!(
            "The value '{}' cannot be converted to Numeric.",
            ruby_to_s(v)?
        ),
    ))
}

fn unknown_int() -> Value {
    Value::unknown(PType::Integer {
        from: INT_MIN,
        to: INT_MAX,
    })
}

fn unknown_float() -> Value {
    Value::unknown(PType::Float {
        from: f64::NEG_INFINITY,
        to: f64::INFINITY,
    })
}

fn unknown_bool() -> Value {
    Value::unknown(PType::Boolean)
}

fn unknown_string() -> Value {
    Value::unknown(PType::String {
        min: 0,
        max: INT_MAX,
    })
}

fn unknown_array() -> Value {
    Value::unknown(PType::Array {
        elem: Box::new(PType::Any),
        min: 0,
        max: INT_MAX,
    })
}

fn unknown_hash() -> Value {
    Value::unknown(PType::Hash {
        key: Box::new(PType::Any),
        value: Box::new(PType::Any),
        min: 0,
        max: INT_MAX,
    })
}

/// Three-valued `any`: `Some(true)` if one is true, `Some(false)` if all are false.
fn any3(items: impl IntoIterator<Item = Option<bool>>) -> Option<bool> {
    let mut unknown = false;
    for item in items {
        match item {
            Some(true) => return Some(true),
            Some(false) => {}
            None => unknown = true,
        }
    }
    if unknown {
        None
    } else {
        Some(false)
    }
}

/// Three-valued `all`.
fn all3(items: impl IntoIterator<Item = Option<bool>>) -> Option<bool> {
    any3(items.into_iter().map(|b| b.map(|b| !b))).map(|b| !b)
}

// ---------------------------------------------------------------------------------------------
// Numbers

/// A number during arithmetic: integers are wider than Puppet's so that a result out of
/// the 64-bit range can be reported as Puppet reports it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Num {
    Int(i128),
    Float(f64),
}

impl Num {
    fn to_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }
}

/// The result of converting a string to a number as Puppet does.
#[derive(Debug, PartialEq)]
enum Parsed {
    Num(Num),
    NotNumeric,
    /// A number beyond what rein computes with (more than 38 digits).
    TooBig,
}

/// Puppet's `Utils.to_n` on a string: optional blanks and sign, then a hexadecimal
/// (`0x1F`), octal (`010`), decimal integer, or a decimal float (`1.5`, `1e3`, `2.5E-3`);
/// a leading `::` is ignored. Strings that are not numbers (`'08'`, `'1.'`, `'0e1'`) are
/// `NotNumeric`.
fn parse_numeric(s: &str) -> Parsed {
    let s = s.strip_prefix("::").unwrap_or(s);
    // Ruby's [[:blank:]] on a UTF-8 string: tab and the Unicode space separators.
    let blank = |c: char| {
        matches!(
            c,
            ' ' | '\t' | '\u{a0}' | '\u{1680}' | '\u{2000}'
                ..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
        )
    };
    let s = s.trim_matches(blank);
    let (neg, rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let rest = rest.trim_start_matches(blank);
    let sign = |n: Num| match n {
        Num::Int(i) if neg => Num::Int(-i),
        Num::Float(f) if neg => Num::Float(-f),
        n => n,
    };
    if let Some(hex) = rest.strip_prefix("0x").or_else(|| rest.strip_prefix("0X")) {
        if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Parsed::NotNumeric;
        }
        return match i128::from_str_radix(hex, 16) {
            Ok(i) => Parsed::Num(sign(Num::Int(i))),
            Err(_) => Parsed::TooBig,
        };
    }
    // (0?\d+)((?:\.\d+)?(?:[eE]-?\d+)?)
    let digits_end = rest
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(rest.len());
    if digits_end == 0 {
        return Parsed::NotNumeric;
    }
    let (int_part, tail) = rest.split_at(digits_end);
    if tail.is_empty() {
        let (digits, radix) = if int_part.len() > 1 && int_part.starts_with('0') {
            (&int_part[1..], 8)
        } else {
            (int_part, 10)
        };
        if !digits.bytes().all(|b| b < b'0' + radix as u8) {
            // Ruby's Integer('08') fails: not a number.
            return Parsed::NotNumeric;
        }
        return match i128::from_str_radix(digits, radix) {
            Ok(i) => Parsed::Num(sign(Num::Int(i))),
            Err(_) => Parsed::TooBig,
        };
    }
    let mut t = tail;
    if let Some(frac) = t.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return Parsed::NotNumeric;
        }
        t = &frac[n..];
    }
    if let Some(exp) = t.strip_prefix('e').or_else(|| t.strip_prefix('E')) {
        let exp = exp.strip_prefix('-').unwrap_or(exp);
        let n = exp.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return Parsed::NotNumeric;
        }
        t = &exp[n..];
    }
    if !t.is_empty() {
        return Parsed::NotNumeric;
    }
    // A zero with an exponent (`0e1`, `0.0e1`) is not converted.
    let tail_zero_exp = {
        let z = tail.strip_prefix('.').unwrap_or(tail);
        let z = z.trim_start_matches('0');
        z.starts_with(['e', 'E'])
    };
    // Puppet checks the integer part with Ruby's Integer(), which fails on `09` (octal).
    if int_part.len() > 1 && int_part.starts_with('0') && int_part.contains(['8', '9']) {
        return Parsed::NotNumeric;
    }
    if int_part.bytes().all(|b| b == b'0') && tail_zero_exp {
        return Parsed::NotNumeric;
    }
    match rest.parse::<f64>() {
        Ok(f) if f.is_finite() => Parsed::Num(sign(Num::Float(f))),
        _ => Parsed::NotNumeric,
    }
}

/// An operand of arithmetic after Puppet's numeric coercion.
enum Operand {
    Known(Num),
    /// An unknown number: `Some(true)` a float, `Some(false)` an integer, `None` either
    /// (or something that may fail to convert).
    Unknown(Option<bool>),
}

/// Puppet's `coerce_numeric`: numbers as they are, numeric strings converted, anything
/// else an error ("The value 'a' cannot be converted to Numeric.").
fn coerce(v: &Value) -> Result<Operand, EvalError> {
    match v {
        Value::Int(i) => Ok(Operand::Known(Num::Int(i128::from(*i)))),
        Value::Float(f) => Ok(Operand::Known(Num::Float(*f))),
        Value::Str(s) => match parse_numeric(s) {
            Parsed::Num(n) => Ok(Operand::Known(n)),
            Parsed::TooBig => Ok(Operand::Unknown(None)),
            Parsed::NotNumeric => Err(not_numeric(v).unwrap_or_else(unknown_marker)),
        },
        Value::Unknown(t) => Ok(Operand::Unknown(match &**t {
            PType::Integer { .. } => Some(false),
            PType::Float { .. } => Some(true),
            _ => None,
        })),
        _ => Err(not_numeric(v).unwrap_or_else(unknown_marker)),
    }
}

/// A stand-in error for "certainly an error, but its message cannot be written": callers
/// turn it into an unknown result (rein reports only errors it can word as Puppet does).
fn unknown_marker() -> EvalError {
    error(ErrorKind::Other, "")
}

fn is_marker(e: &EvalError) -> bool {
    e.kind == ErrorKind::Other && e.message.is_empty()
}

/// Ruby's `"%#+x"` of a value given as its sign and the hexadecimal digits of its magnitude.
fn overflow_error(op: &str, negative: bool, hex: &str) -> EvalError {
    let (range, sign) = if negative { ("min", '-') } else { ("max", '+') };
    error(
        ErrorKind::Overflow,
        format!(
            "A '{op}' expression resulted in a value outside of Puppet Integer {range} range, got '{sign}0x{hex}'"
        ),
    )
}

fn check_int(op: &str, i: i128) -> Result<Value, EvalError> {
    match i64::try_from(i) {
        Ok(i) => Ok(Value::Int(i)),
        Err(_) => Err(overflow_error(
            op,
            i < 0,
            &format!("{:x}", i.unsigned_abs()),
        )),
    }
}

/// `l << n` (a negative `n` shifts right), Ruby semantics, range-checked.
fn shift_left(op: &str, l: i128, n: i128) -> Result<Value, EvalError> {
    if n < 0 {
        // Arithmetic right shift rounds towards negative infinity, as Ruby's does.
        let n = n.unsigned_abs().min(127) as u32;
        return check_int(op, l >> n);
    }
    if l == 0 {
        return Ok(Value::Int(0));
    }
    let mag = l.unsigned_abs();
    let bits = 128 - mag.leading_zeros();
    if n.saturating_add(i128::from(bits)) <= 126 {
        return check_int(op, l << n);
    }
    // Out of range for certain: Puppet prints the (big) result in hexadecimal.
    let n = u64::try_from(n).unwrap_or(u64::MAX);
    if n > 1 << 20 {
        // Ruby would not compute this either; keep the message short.
        return Err(overflow_error(op, l < 0, "..."));
    }
    if mag.leading_zeros() < 4 {
        return Ok(unknown_int());
    }
    let head = mag << (n % 4);
    let hex = format!("{head:x}{}", "0".repeat((n / 4) as usize));
    Err(overflow_error(op, l < 0, &hex))
}

/// Floor division and modulo (Ruby's `Integer#/` and `Integer#%`).
fn floor_div(l: i128, r: i128) -> i128 {
    let q = l / r;
    if (l % r != 0) && ((l < 0) != (r < 0)) {
        q - 1
    } else {
        q
    }
}

fn floor_mod(l: i128, r: i128) -> i128 {
    let m = l % r;
    if m != 0 && ((m < 0) != (r < 0)) {
        m + r
    } else {
        m
    }
}

fn num_label(n: Num) -> &'static str {
    match n {
        Num::Int(_) => "an Integer",
        Num::Float(_) => "a Float",
    }
}

/// Arithmetic on two numbers, as Puppet's `calculate` does it.
fn arith(op: BinaryOp, l: Num, r: Num) -> Result<Value, EvalError> {
    let sym = op.as_str();
    if op == BinaryOp::Mod {
        if let Num::Float(_) = l {
            return Err(error(
                ErrorKind::Operator,
                "Operator '%' is not applicable to a Float.",
            ));
        }
        if let Num::Float(_) = r {
            return Err(error(
                ErrorKind::Operator,
                format!(
                    "Operator '%' is not applicable to {} when right side is a Float.",
                    num_label(l)
                ),
            ));
        }
    }
    match (l, r) {
        (Num::Int(a), Num::Int(b)) => {
            let result = match op {
                BinaryOp::Add => a.checked_add(b),
                BinaryOp::Sub => a.checked_sub(b),
                BinaryOp::Mul => a.checked_mul(b),
                BinaryOp::Div | BinaryOp::Mod if b == 0 => {
                    return Err(error(ErrorKind::DivisionByZero, "Division by 0"))
                }
                BinaryOp::Div => Some(floor_div(a, b)),
                BinaryOp::Mod => Some(floor_mod(a, b)),
                BinaryOp::Shl => return shift_left(sym, a, b),
                BinaryOp::Shr => return shift_left(sym, a, b.checked_neg().unwrap_or(i128::MAX)),
                _ => return Ok(Value::any()),
            };
            match result {
                Some(i) => check_int(sym, i),
                // Beyond 128 bits: certainly out of range, but rein does not print it.
                None => Ok(unknown_int()),
            }
        }
        (Num::Float(_), _) if matches!(op, BinaryOp::Shl | BinaryOp::Shr) => Err(error(
            ErrorKind::Operator,
            format!("Operator '{sym}' is not applicable to a Float."),
        )),
        (Num::Int(a), Num::Float(b)) if matches!(op, BinaryOp::Shl | BinaryOp::Shr) => {
            // Ruby truncates a float shift count.
            let n = b.trunc();
            if !n.is_finite() {
                return Ok(unknown_int());
            }
            let n = n as i128;
            shift_left(sym, a, if op == BinaryOp::Shl { n } else { -n })
        }
        _ => {
            let (a, b) = (l.to_f64(), r.to_f64());
            let f = match op {
                BinaryOp::Add => a + b,
                BinaryOp::Sub => a - b,
                BinaryOp::Mul => a * b,
                BinaryOp::Div => a / b,
                _ => return Ok(Value::any()),
            };
            if f.is_infinite() {
                let kind = if b == 0.0 && op == BinaryOp::Div {
                    ErrorKind::DivisionByZero
                } else {
                    ErrorKind::Overflow
                };
                return Err(error(
                    kind,
                    format!("The result of the {sym} expression is Infinity"),
                ));
            }
            Ok(Value::Float(f))
        }
    }
}

/// Arithmetic (`+ - * / % << >>`) on any operands.
fn calculate(op: BinaryOp, lhs: &Value, rhs: &Value) -> Result<Value, EvalError> {
    let sym = op.as_str();
    let collection_op = matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Shl);
    match lhs {
        Value::Array(a) if collection_op => return array_op(op, a, rhs),
        Value::Hash(h) if collection_op => return hash_op(op, h, rhs),
        Value::Unknown(t) if collection_op => match type_class(t) {
            Some(Class::Array) => return Ok(unknown_array()),
            Some(Class::Hash) if op == BinaryOp::Shl => {
                return Err(error(
                    ErrorKind::Operator,
                    "Operator '<<' is not applicable to a Hash.",
                ))
            }
            Some(Class::Hash) => return Ok(unknown_hash()),
            Some(_) => {}
            None => return Ok(Value::any()),
        },
        _ => {}
    }
    let l = match coerce(lhs) {
        Ok(l) => l,
        Err(e) if is_marker(&e) => return Ok(Value::any()),
        Err(e) => return Err(e),
    };
    let r = match coerce(rhs) {
        Ok(r) => r,
        // An unknown left side might fail to convert first, with another message.
        Err(_) if matches!(l, Operand::Unknown(None)) => return Ok(Value::any()),
        Err(e) if is_marker(&e) => return Ok(Value::any()),
        Err(e) => return Err(e),
    };
    match (l, r) {
        (Operand::Known(l), Operand::Known(r)) => arith(op, l, r),
        (l, r) => {
            let float = |o: &Operand| match o {
                Operand::Known(n) => Some(matches!(n, Num::Float(_))),
                Operand::Unknown(f) => *f,
            };
            let (lf, rf) = (float(&l), float(&r));
            if rf.is_none() {
                // The right side may fail to convert, with a message of its own.
                return Ok(Value::unknown(PType::Numeric));
            }
            // Errors certain whatever the unknowns are.
            if op == BinaryOp::Mod && lf == Some(true) {
                return Err(error(
                    ErrorKind::Operator,
                    "Operator '%' is not applicable to a Float.",
                ));
            }
            if op == BinaryOp::Mod && lf == Some(false) && rf == Some(true) {
                return Err(error(
                    ErrorKind::Operator,
                    "Operator '%' is not applicable to an Integer when right side is a Float.",
                ));
            }
            if matches!(op, BinaryOp::Div | BinaryOp::Mod)
                && lf == Some(false)
                && matches!(r, Operand::Known(Num::Int(0)))
            {
                return Err(error(ErrorKind::DivisionByZero, "Division by 0"));
            }
            if matches!(op, BinaryOp::Shl | BinaryOp::Shr) && lf == Some(true) {
                return Err(error(
                    ErrorKind::Operator,
                    format!("Operator '{sym}' is not applicable to a Float."),
                ));
            }
            Ok(match (lf, rf) {
                (Some(false), Some(false)) => unknown_int(),
                (Some(false), Some(true)) if matches!(op, BinaryOp::Shl | BinaryOp::Shr) => {
                    unknown_int()
                }
                (Some(true), Some(_)) | (Some(_), Some(true)) => unknown_float(),
                _ => Value::unknown(PType::Numeric),
            })
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Arrays and hashes

/// Ruby's `==` (`strict`: `eql?`, as hash keys compare: `1` and `1.0` differ) on values:
/// strings compare case-sensitively here. `None` when unknowns make it undecidable.
fn ruby_eq(a: &Value, b: &Value, strict: bool) -> Option<bool> {
    match (a, b) {
        (Value::Unknown(_), _) | (_, Value::Unknown(_)) => {
            let (ca, cb) = (class_of(a)?, class_of(b)?);
            let numeric = |c| matches!(c, Class::Int | Class::Float);
            if ca == cb || (!strict && numeric(ca) && numeric(cb)) {
                None
            } else {
                Some(false)
            }
        }
        (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => Some(true),
        (Value::Bool(x), Value::Bool(y)) => Some(x == y),
        (Value::Int(x), Value::Int(y)) => Some(x == y),
        (Value::Float(x), Value::Float(y)) => Some(x == y),
        (Value::Int(i), Value::Float(f)) | (Value::Float(f), Value::Int(i)) => {
            Some(!strict && int_float_cmp(*i, *f) == Some(Ordering::Equal))
        }
        (Value::Str(x), Value::Str(y)) => Some(x == y),
        (Value::Regex(x), Value::Regex(y)) => Some(x == y),
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            all3(x.iter().zip(y.iter()).map(|(p, q)| ruby_eq(p, q, strict)))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            all3(x.iter().map(|(k, v)| match hash_get(y, k) {
                Some(Some(w)) => ruby_eq(v, w, strict),
                Some(None) => Some(false),
                None => None,
            }))
        }
        (Value::Type(x), Value::Type(y)) => {
            if x == y {
                Some(true)
            } else {
                None
            }
        }
        (Value::Sensitive(_), Value::Sensitive(_)) => None,
        _ => Some(false),
    }
}

/// The value of `key` in a hash (keys compare as Ruby's `eql?`): `Some(None)` when absent,
/// `None` when unknowns make it undecidable.
fn hash_get<'a>(h: &'a [(Value, Value)], key: &Value) -> Option<Option<&'a Value>> {
    let mut unknown = false;
    for (k, v) in h {
        match ruby_eq(k, key, true) {
            Some(true) => return if unknown { None } else { Some(Some(v)) },
            Some(false) => {}
            None => unknown = true,
        }
    }
    if unknown {
        None
    } else {
        Some(None)
    }
}

/// A hash entry as a two-element array (Ruby's `Hash#to_a`).
fn pairs(h: &[(Value, Value)]) -> Vec<Value> {
    h.iter()
        .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
        .collect()
}

fn array_op(op: BinaryOp, a: &[Value], rhs: &Value) -> Result<Value, EvalError> {
    let others: Vec<Value> = match rhs {
        Value::Array(b) => b.to_vec(),
        Value::Hash(h) => pairs(h),
        Value::Unknown(t) if op != BinaryOp::Shl => {
            return Ok(match (op, type_class(t)) {
                // Removing something from an array that has nothing.
                (BinaryOp::Sub, _) if a.is_empty() => Value::array(vec![]),
                _ => unknown_array(),
            });
        }
        other => vec![other.clone()],
    };
    match op {
        BinaryOp::Add => {
            let mut v = a.to_vec();
            v.extend(others);
            Ok(Value::array(v))
        }
        BinaryOp::Shl => {
            let mut v = a.to_vec();
            v.push(rhs.clone());
            Ok(Value::array(v))
        }
        _ => {
            // Ruby's Array#delete: every element == to one of the others goes.
            let mut kept = Vec::with_capacity(a.len());
            for x in a {
                match any3(others.iter().map(|o| ruby_eq(x, o, false))) {
                    Some(true) => {}
                    Some(false) => kept.push(x.clone()),
                    None => return Ok(unknown_array()),
                }
            }
            Ok(Value::array(kept))
        }
    }
}

/// `h` with `key` set to `value` (an existing key keeps its place); `None` if undecidable.
fn hash_store(h: &mut Vec<(Value, Value)>, key: Value, value: Value) -> Option<()> {
    let mut found = None;
    for (i, (k, _)) in h.iter().enumerate() {
        match ruby_eq(k, &key, true) {
            Some(true) => {
                found = Some(i);
                break;
            }
            Some(false) => {}
            None => return None,
        }
    }
    match found {
        Some(i) => h[i].1 = value,
        None => h.push((key, value)),
    }
    Some(())
}

fn runtime_error(op: &str, detail: &str) -> EvalError {
    error(
        ErrorKind::Operator,
        format!("Error while evaluating a '{op}' expression, {detail}"),
    )
}

/// The entries an array adds to a hash with `+`: pairs when every element is an array
/// (`[[a, 1], [b, 2]]`), else the elements taken two by two (`[a, 1, b, 2]`).
fn array_to_entries(b: &[Value]) -> Result<Option<Vec<(Value, Value)>>, EvalError> {
    if b.iter().any(Value::is_unknown) {
        return Ok(None);
    }
    if !b.is_empty() && b.iter().all(|x| matches!(x, Value::Array(_))) {
        let mut entries = Vec::new();
        for x in b {
            if let Value::Array(p) = x {
                match p.len() {
                    1 => entries.push((p[0].clone(), Value::Undef)),
                    2 => entries.push((p[0].clone(), p[1].clone())),
                    n => {
                        return Err(runtime_error(
                            "+",
                            &format!("invalid number of elements ({n} for 1..2)"),
                        ))
                    }
                }
            }
        }
        Ok(Some(entries))
    } else if b.len() % 2 == 1 {
        Err(runtime_error("+", "odd number of arguments for Hash"))
    } else {
        Ok(Some(
            b.chunks(2).map(|c| (c[0].clone(), c[1].clone())).collect(),
        ))
    }
}

fn hash_op(op: BinaryOp, h: &[(Value, Value)], rhs: &Value) -> Result<Value, EvalError> {
    match op {
        BinaryOp::Add => {
            let entries = match rhs {
                Value::Hash(o) => o.to_vec(),
                Value::Array(b) => match array_to_entries(b)? {
                    Some(e) => e,
                    None => return Ok(unknown_hash()),
                },
                Value::Unknown(t) => {
                    return match type_class(t) {
                        Some(Class::Array) | Some(Class::Hash) | None => Ok(unknown_hash()),
                        Some(_) => Err(runtime_error(
                            "+",
                            "Can only append Array or Hash to a Hash",
                        )),
                    }
                }
                _ => {
                    return Err(runtime_error(
                        "+",
                        "Can only append Array or Hash to a Hash",
                    ))
                }
            };
            let mut result = h.to_vec();
            for (k, v) in entries {
                if hash_store(&mut result, k, v).is_none() {
                    return Ok(unknown_hash());
                }
            }
            Ok(Value::hash(result))
        }
        BinaryOp::Sub => {
            let keys: Vec<Value> = match rhs {
                Value::Array(b) => b.to_vec(),
                Value::Hash(o) => o.iter().map(|(k, _)| k.clone()).collect(),
                Value::Unknown(_) if h.is_empty() => return Ok(Value::hash(vec![])),
                Value::Unknown(_) => return Ok(unknown_hash()),
                other => vec![other.clone()],
            };
            let mut kept = Vec::with_capacity(h.len());
            for (k, v) in h {
                match any3(keys.iter().map(|o| ruby_eq(k, o, true))) {
                    Some(true) => {}
                    Some(false) => kept.push((k.clone(), v.clone())),
                    None => return Ok(unknown_hash()),
                }
            }
            Ok(Value::hash(kept))
        }
        _ => Err(error(
            ErrorKind::Operator,
            format!("Operator '{}' is not applicable to a Hash.", op.as_str()),
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// Comparison and equality

/// Exact comparison of an integer with a float (as Ruby does it); `None` for NaN.
fn int_float_cmp(i: i64, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    // 2^63 is exactly representable.
    if f >= 9_223_372_036_854_775_808.0 {
        return Some(Ordering::Less);
    }
    if f < -9_223_372_036_854_775_808.0 {
        return Some(Ordering::Greater);
    }
    let t = f.trunc();
    let ti = t as i64;
    match i.cmp(&ti) {
        Ordering::Equal => {
            let frac = f - t;
            Some(if frac > 0.0 {
                Ordering::Less
            } else if frac < 0.0 {
                Ordering::Greater
            } else {
                Ordering::Equal
            })
        }
        o => Some(o),
    }
}

fn num_cmp(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(x.cmp(y)),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y),
        (Value::Int(x), Value::Float(y)) => int_float_cmp(*x, *y),
        (Value::Float(x), Value::Int(y)) => int_float_cmp(*y, *x).map(Ordering::reverse),
        _ => None,
    }
}

/// Ruby's `casecmp`: case folds ASCII letters only.
fn casecmp(a: &str, b: &str) -> Ordering {
    a.bytes()
        .map(|c| c.to_ascii_lowercase())
        .cmp(b.bytes().map(|c| c.to_ascii_lowercase()))
}

/// Puppet's ordering of two values for `<`, `<=`, `>`, `>=` (not for types on the left,
/// which compare by assignability): numbers with numbers, strings with strings
/// (case-insensitively), `default` with `default`. `Ok(None)` when unknowns make it
/// undecidable; `Err` with Puppet's message ("Comparison of: String < Integer, is not
/// possible. ...") when the values are not comparable.
pub fn compare(op: BinaryOp, a: &Value, b: &Value) -> Result<Option<Ordering>, EvalError> {
    let Some(ca) = class_of(a) else {
        return Ok(None);
    };
    let detail = match ca {
        Class::Type => return Ok(None),
        Class::Str => match (a, b) {
            (Value::Str(x), Value::Str(y)) => return Ok(Some(casecmp(x, y))),
            _ => match class_of(b) {
                Some(Class::Str) | None => return Ok(None),
                Some(_) => "A String is not comparable to a non String",
            },
        },
        Class::Int | Class::Float => match class_of(b) {
            Some(Class::Int | Class::Float) => return Ok(num_cmp(a, b)),
            None => return Ok(None),
            Some(_) => "A Numeric is not comparable to non Numeric",
        },
        Class::Default => match class_of(b) {
            Some(Class::Default) => return Ok(Some(Ordering::Equal)),
            None => return Ok(None),
            Some(_) => "Symbol not comparable to non Symbol",
        },
        _ => "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable",
    };
    let l = class_label(ca);
    let Some(r) = label(b) else {
        return Ok(None);
    };
    Err(error(
        ErrorKind::Operator,
        format!(
            "Comparison of: {l} {} {r}, is not possible. Caused by '{detail}'.",
            op.as_str()
        ),
    ))
}

/// Puppet's `==` (strings case-insensitively, numbers across Integer and Float, arrays
/// and hashes deeply, hash keys as Ruby compares them); `None` when unknowns make it
/// undecidable.
pub fn equals(a: &Value, b: &Value) -> Option<bool> {
    match (a, b) {
        (Value::Unknown(t), other) | (other, Value::Unknown(t)) => unknown_equals(t, other),
        (Value::Str(x), Value::Str(y)) => Some(casecmp(x, y) == Ordering::Equal),
        (Value::Int(_) | Value::Float(_), Value::Int(_) | Value::Float(_)) => {
            Some(num_cmp(a, b) == Some(Ordering::Equal))
        }
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            all3(x.iter().zip(y.iter()).map(|(p, q)| equals(p, q)))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            // Puppet looks each key of `a` up in `b` (a missing key reads as undef).
            all3(x.iter().map(|(k, v)| match hash_get(y, k) {
                Some(Some(w)) => equals(w, v),
                Some(None) => equals(&Value::Undef, v),
                None => None,
            }))
        }
        (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => Some(true),
        (Value::Bool(x), Value::Bool(y)) => Some(x == y),
        (Value::Regex(x), Value::Regex(y)) => Some(x == y),
        (Value::Type(x), Value::Type(y)) => {
            if x == y {
                Some(true)
            } else {
                None
            }
        }
        // Sensitive values are equal only to themselves (the same object).
        (Value::Sensitive(_), Value::Sensitive(_)) => None,
        _ => Some(false),
    }
}

/// `==` between an unknown of type `t` and a value.
fn unknown_equals(t: &PType, other: &Value) -> Option<bool> {
    let ct = type_class(t)?;
    let co = class_of(other)?;
    let numeric = |c| matches!(c, Class::Int | Class::Float);
    if ct != co && !(numeric(ct) && numeric(co)) {
        return Some(false);
    }
    match (t, other) {
        (PType::Undef, Value::Undef) | (PType::Default, Value::Default) => Some(true),
        (PType::Integer { from, to }, Value::Int(i)) if i < from || i > to => Some(false),
        (PType::Enum { values, .. }, Value::Str(s))
            if !values.iter().any(|v| casecmp(v, s) == Ordering::Equal) =>
        {
            Some(false)
        }
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// `in`

/// Puppet's case option matching of `needle` (a string) against an element of an array
/// searched by `in`: regexps match, `default` matches everything, arrays and hashes never
/// match a string, other values compare with `==`.
fn in_match_string(needle: &Value, element: &Value) -> Option<bool> {
    match element {
        Value::Regex(p) => {
            let s = needle.as_str()?;
            Some(regex_search(p, s).ok()?.is_some())
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

fn in_array(needle: &Value, items: &[Value]) -> Option<bool> {
    match needle {
        Value::Regex(p) => {
            let re = compile(p).ok()?;
            any3(items.iter().map(|e| match e {
                Value::Str(s) => crate::eval::regex::is_match(&re, s),
                Value::Unknown(t) => match type_class(t) {
                    Some(Class::Str) | None => None,
                    Some(_) => Some(false),
                },
                _ => Some(false),
            }))
        }
        Value::Str(_) => any3(items.iter().map(|e| in_match_string(needle, e))),
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
fn in_op(needle: &Value, haystack: &Value) -> Option<bool> {
    match haystack {
        Value::Str(h) => match needle {
            Value::Str(n) => Some(lower(h).contains(&lower(n))),
            Value::Regex(p) => regex_search(p, h).ok().map(|m| m.is_some()),
            Value::Unknown(t) => match type_class(t) {
                Some(Class::Str | Class::Regex) | None => None,
                Some(_) => Some(false),
            },
            _ => Some(false),
        },
        Value::Array(items) => in_array(needle, items),
        Value::Hash(h) => {
            let keys: Vec<Value> = h.iter().map(|(k, _)| k.clone()).collect();
            in_array(needle, &keys)
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

// ---------------------------------------------------------------------------------------------
// The binary operators

/// `lhs op rhs` for the arithmetic, comparison, `in` and shift operators (not `and`/`or`,
/// which short-circuit, nor `=~`/`!~`, see [`matches`]).
pub fn binary(op: BinaryOp, lhs: &Value, rhs: &Value) -> Result<Value, EvalError> {
    let known_bool = |b: Option<bool>| b.map(Value::Bool).unwrap_or_else(unknown_bool);
    match op {
        BinaryOp::Add
        | BinaryOp::Sub
        | BinaryOp::Mul
        | BinaryOp::Div
        | BinaryOp::Mod
        | BinaryOp::Shl
        | BinaryOp::Shr => calculate(op, lhs, rhs),
        BinaryOp::Eq => Ok(known_bool(equals(lhs, rhs))),
        BinaryOp::Ne => Ok(known_bool(equals(lhs, rhs).map(|b| !b))),
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => {
            let ord = compare(op, lhs, rhs)?;
            Ok(known_bool(ord.map(|o| match op {
                BinaryOp::Lt => o == Ordering::Less,
                BinaryOp::Le => o != Ordering::Greater,
                BinaryOp::Gt => o == Ordering::Greater,
                _ => o != Ordering::Less,
            })))
        }
        BinaryOp::In => Ok(known_bool(in_op(lhs, rhs))),
        BinaryOp::Match | BinaryOp::NotMatch => {
            if !match_known(lhs, rhs) {
                return Ok(unknown_bool());
            }
            let m = matches(lhs, rhs)?.is_some();
            Ok(Value::Bool(if op == BinaryOp::Match { m } else { !m }))
        }
        BinaryOp::And | BinaryOp::Or => {
            let (l, r) = (truthy(lhs), truthy(rhs));
            Ok(known_bool(match op {
                BinaryOp::And => all3([l, r]),
                _ => any3([l, r]),
            }))
        }
    }
}

/// Unary minus (of a number, or a numeric string).
pub fn negate(v: &Value) -> Result<Value, EvalError> {
    match coerce(v) {
        Ok(Operand::Known(Num::Int(i))) => match i64::try_from(-i) {
            Ok(n) => Ok(Value::Int(n)),
            // Puppet does not check this range (it gives a Ruby big integer).
            Err(_) => Ok(unknown_int()),
        },
        Ok(Operand::Known(Num::Float(f))) => Ok(Value::Float(-f)),
        Ok(Operand::Unknown(Some(false))) => Ok(unknown_int()),
        Ok(Operand::Unknown(Some(true))) => Ok(unknown_float()),
        Ok(Operand::Unknown(None)) => Ok(Value::unknown(PType::Numeric)),
        Err(e) if is_marker(&e) => Ok(Value::any()),
        Err(e) => Err(e),
    }
}

// ---------------------------------------------------------------------------------------------
// Matching

/// The pattern with Ruby's ASCII-only `\d`, `\w`, `\s` (and their negations) spelled
/// out: Oniguruma makes them Unicode-aware, Ruby does not (`'é' =~ /\w/` is false).
fn ruby_ascii_classes(pattern: &str) -> std::borrow::Cow<'_, str> {
    if !pattern.contains(['\\']) {
        return pattern.into();
    }
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('d') => out.push_str("[0-9]"),
            Some('D') => out.push_str("[^0-9]"),
            Some('w') => out.push_str("[a-zA-Z0-9_]"),
            Some('W') => out.push_str("[^a-zA-Z0-9_]"),
            Some('s') => out.push_str("[ \\t\\n\\v\\f\\r]"),
            Some('S') => out.push_str("[^ \\t\\n\\v\\f\\r]"),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out.into()
}

fn compile(pattern: &str) -> Result<onig::Regex, EvalError> {
    onig::Regex::new(&ruby_ascii_classes(pattern)).map_err(|e| {
        error(
            ErrorKind::Other,
            format!(
                "Can not convert right match operand to a regular expression. Caused by '{}: /{pattern}/'.",
                e.description()
            ),
        )
    })
}

type Captures = Vec<Option<String>>;

/// Searches `s` with the Ruby regexp `pattern`: the captures of the first match.
fn regex_search(pattern: &str, s: &str) -> Result<Option<Captures>, EvalError> {
    let re = compile(pattern)?;
    Ok(crate::eval::regex::captures(&re, s))
}

/// The Ruby class name in Ruby's message for a value that is no regexp source.
fn ruby_class_name(v: &Value) -> Option<&'static str> {
    Some(match v {
        Value::Int(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Bool(true) => "true",
        Value::Bool(false) => "false",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Default => "Symbol",
        Value::Undef => "nil",
        _ => return None,
    })
}

/// `lhs =~ rhs` with a regexp, or a string taken as a regexp, on the right: `Ok(Some(
/// captures))` on a match (capture 0 is the whole match; `None` for a group that did not
/// take part), `Ok(None)` on no match, `Err` with Puppet's message when the operands are
/// not accepted (a right side that is no regexp, a left side that is no string).
///
/// With unknowns or a type on the right (instance of, for the caller's type system) the
/// outcome may be undecided: ask [`match_known`] first; an `Err` returned here is certain
/// even then.
pub fn matches(lhs: &Value, rhs: &Value) -> Result<Option<Captures>, EvalError> {
    let pattern = match rhs {
        Value::Regex(p) | Value::Str(p) => p,
        Value::Type(_) | Value::Unknown(_) => return Ok(None),
        other => {
            let Some(name) = ruby_class_name(other) else {
                return Ok(None);
            };
            let how = format!("no implicit conversion of {name} into String");
            return Err(error(
                ErrorKind::Other,
                format!(
                    "Can not convert right match operand to a regular expression. Caused by '{how}'."
                ),
            ));
        }
    };
    let re = compile(pattern)?;
    let s = match lhs {
        Value::Str(s) => s,
        other => {
            return match class_of(other) {
                Some(Class::Str) | None => Ok(None),
                Some(_) => match label(other) {
                    Some(l) => Err(error(
                        ErrorKind::Operator,
                        format!(
                            "Left match operand must result in a String value. Got {}.",
                            a_an(&l)
                        ),
                    )),
                    None => Ok(None),
                },
            }
        }
    };
    Ok(crate::eval::regex::captures(&re, s))
}

/// Whether the outcome of [`matches`] (`Ok` or `Err`) is decided: no type on the right
/// and no unknown that matters.
pub fn match_known(lhs: &Value, rhs: &Value) -> bool {
    match rhs {
        Value::Type(_) | Value::Unknown(_) => false,
        Value::Regex(_) | Value::Str(_) => match lhs {
            Value::Unknown(_) => {
                // Decided when the regexp is bad, or the left side is certainly no string.
                matches(lhs, rhs).is_err()
            }
            _ => !matches!(lhs, Value::Type(_)) || label(lhs).is_some(),
        },
        other => ruby_class_name(other).is_some(),
    }
}

// ---------------------------------------------------------------------------------------------
// Access

/// The generalised type name Puppet gives a bad index (`String`, `Float`, `Undef`).
fn key_type_name(v: &Value) -> Option<&'static str> {
    Some(match v {
        Value::Undef => "Undef",
        Value::Default => "Default",
        Value::Bool(_) => "Boolean",
        Value::Int(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Str(_) => "String",
        Value::Regex(_) => "Regexp",
        _ => return None,
    })
}

/// Flattens nested arrays of keys (Puppet's `keys.flatten!`); `None` if an unknown could
/// be an array.
fn flatten(keys: &[Value]) -> Option<Vec<Value>> {
    let mut out = Vec::new();
    for k in keys {
        match k {
            Value::Array(a) => out.extend(flatten(a)?),
            Value::Unknown(t) if !matches!(type_class(t), Some(c) if c != Class::Array) => {
                return None
            }
            _ => out.push(k.clone()),
        }
    }
    Some(out)
}

/// Ruby's `seq[start, len]` after Puppet's index adjustment (a negative start counts from
/// the end; a negative length counts from the end too): the range, or `None` for nil.
fn slice_range(len: i128, k1: i128, k2: i128) -> Option<(usize, usize)> {
    let mut k1 = if k1 < 0 { len.saturating_add(k1) } else { k1 };
    let mut k2 = if k2 < 0 {
        len.saturating_sub(k1).saturating_add(k2).saturating_add(1)
    } else {
        k2
    };
    if k1 < 0 {
        k2 = k2.saturating_add(k1);
        k1 = 0;
    }
    if k1 > len || k2 < 0 {
        return None;
    }
    let end = k1.saturating_add(k2).min(len);
    Some((k1 as usize, end as usize))
}

fn arity_error(what: &str, n: usize) -> EvalError {
    error(
        ErrorKind::Other,
        format!("{what} supports [] with one or two arguments. Got {n}"),
    )
}

fn access_string(s: &str, keys: &[Value]) -> Result<Value, EvalError> {
    let Some(keys) = flatten(keys) else {
        return Ok(unknown_string());
    };
    if keys.is_empty() || keys.len() > 2 {
        return Err(arity_error("String", keys.len()));
    }
    let mut idx = Vec::with_capacity(2);
    for k in &keys {
        let n = match k {
            Value::Int(i) => Num::Int(i128::from(*i)),
            Value::Str(s) => match parse_numeric(s) {
                Parsed::Num(n) => n,
                Parsed::TooBig => return Ok(unknown_string()),
                Parsed::NotNumeric => Num::Float(f64::NAN),
            },
            Value::Float(f) => Num::Float(*f),
            Value::Unknown(_) => return Ok(unknown_string()),
            _ => Num::Float(f64::NAN),
        };
        match n {
            Num::Int(i) => idx.push(i),
            Num::Float(f) => {
                // The converted value is named when the key was a numeric string.
                let name = if f.is_nan() {
                    key_type_name(k)
                } else {
                    Some("Float")
                };
                let Some(name) = name else {
                    return Ok(unknown_string());
                };
                return Err(error(
                    ErrorKind::Other,
                    format!(
                        "A substring operation does not accept {} as a character index. Expected an Integer",
                        a_an(name)
                    ),
                ));
            }
        }
    }
    let chars: Vec<char> = s.chars().collect();
    let len = chars.len() as i128;
    let range = if idx.len() == 1 {
        let k1 = if idx[0] < 0 { len + idx[0] } else { idx[0] };
        if k1 < 0 {
            None
        } else {
            slice_range(len, k1, 1)
        }
    } else {
        slice_range(len, idx[0], idx[1])
    };
    Ok(Value::str(match range {
        Some((a, b)) if a < b => chars[a..b].iter().collect::<String>(),
        _ => String::new(),
    }))
}

fn access_array(a: &[Value], keys: &[Value]) -> Result<Value, EvalError> {
    let Some(keys) = flatten(keys) else {
        return Ok(Value::any());
    };
    if keys.is_empty() || keys.len() > 2 {
        return Err(arity_error("Array", keys.len()));
    }
    let mut idx = Vec::with_capacity(2);
    for k in &keys {
        match coerce(k) {
            Ok(Operand::Known(Num::Int(n))) => idx.push(n),
            Ok(Operand::Known(Num::Float(_))) => {
                return Err(error(
                    ErrorKind::Other,
                    "An Array[] cannot use Float where Integer is expected",
                ));
            }
            Ok(Operand::Unknown(_)) => {
                return Ok(if keys.len() == 2 {
                    unknown_array()
                } else {
                    Value::any()
                })
            }
            Err(e) if is_marker(&e) => return Ok(Value::any()),
            Err(e) => return Err(e),
        }
    }
    let len = a.len() as i128;
    if idx.len() == 1 {
        let k = if idx[0] < 0 { len + idx[0] } else { idx[0] };
        return Ok(if k < 0 || k >= len {
            Value::Undef
        } else {
            a[k as usize].clone()
        });
    }
    Ok(Value::array(match slice_range(len, idx[0], idx[1]) {
        Some((x, y)) if x < y => a[x..y].to_vec(),
        _ => vec![],
    }))
}

fn access_hash(h: &[(Value, Value)], keys: &[Value]) -> Result<Value, EvalError> {
    if keys.is_empty() {
        return Err(error(
            ErrorKind::Other,
            "Hash supports [] with one or more arguments. Got 0",
        ));
    }
    let mut found = Vec::with_capacity(keys.len());
    for k in keys {
        match hash_get(h, k) {
            Some(v) => found.push(v.cloned()),
            None => return Ok(Value::any()),
        }
    }
    if found.len() == 1 {
        return Ok(found.pop().flatten().unwrap_or(Value::Undef));
    }
    // Several keys: the values found, missing (and undef) ones left out.
    Ok(Value::array(
        found
            .into_iter()
            .flatten()
            .filter(|v| !matches!(v, Value::Undef))
            .collect(),
    ))
}

/// `target[keys]` on a string (substring by character index and count), an array (element,
/// or slice with two keys), or a hash (value, or the array of the values found with several
/// keys). On a type it is `types::parameterize`'s business: unknown here.
pub fn access(target: &Value, keys: &[Value]) -> Result<Value, EvalError> {
    match target {
        Value::Str(s) => access_string(s, keys),
        Value::Array(a) => access_array(a, keys),
        Value::Hash(h) => access_hash(h, keys),
        Value::Type(_) => Ok(Value::any()),
        Value::Unknown(t) => match type_class(t) {
            Some(Class::Str) => Ok(unknown_string()),
            Some(Class::Array | Class::Hash | Class::Type) | None => Ok(Value::any()),
            Some(c) => Err(error(
                ErrorKind::Operator,
                format!(
                    "Operator '[]' is not applicable to {}.",
                    a_an(class_label(c))
                ),
            )),
        },
        other => match not_applicable("[]", other) {
            Some(e) => Err(e),
            None => Ok(Value::any()),
        },
    }
}

// ---------------------------------------------------------------------------------------------
// Truthiness and strings

/// Puppet's truthiness (`undef` and `false` are false, everything else true); `None` for
/// an unknown that could be either.
pub fn truthy(v: &Value) -> Option<bool> {
    match v {
        Value::Undef | Value::Bool(false) => Some(false),
        Value::Unknown(t) => match &**t {
            PType::Undef => Some(false),
            _ => match type_class(t) {
                Some(Class::Undef | Class::Bool) | None => None,
                Some(_) => Some(true),
            },
        },
        _ => Some(true),
    }
}

/// A type as Puppet prints it, for the types that print simply; `None` otherwise.
fn type_to_s(t: &PType) -> Option<String> {
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

/// Ruby's `inspect` of a string.
fn ruby_inspect_str(s: &str) -> String {
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
fn ruby_to_s(v: &Value) -> Option<String> {
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

#[cfg(test)]
mod tests {
    //! Expected values and messages are what `puppet apply` 7.23 printed.

    use super::*;

    fn s(x: &str) -> Value {
        Value::str(x)
    }
    fn arr(items: Vec<Value>) -> Value {
        Value::array(items)
    }
    fn hash(entries: Vec<(&str, Value)>) -> Value {
        Value::hash(entries.into_iter().map(|(k, v)| (s(k), v)).collect())
    }
    fn ok(op: BinaryOp, l: Value, r: Value) -> Value {
        match binary(op, &l, &r) {
            Ok(v) => v,
            Err(e) => panic!("{l:?} {} {r:?}: {e}", op.as_str()),
        }
    }
    fn err(op: BinaryOp, l: Value, r: Value) -> (ErrorKind, String) {
        match binary(op, &l, &r) {
            Ok(v) => panic!("{l:?} {} {r:?} gave {v:?}", op.as_str()),
            Err(e) => (e.kind, e.message),
        }
    }
    fn ty(t: PType) -> Value {
        Value::ty(t)
    }
    fn int_t() -> PType {
        PType::Integer {
            from: INT_MIN,
            to: INT_MAX,
        }
    }
    fn str_t() -> PType {
        PType::String {
            min: 0,
            max: INT_MAX,
        }
    }
    use BinaryOp::*;
    use Value::{Bool, Float, Int, Undef};

    #[test]
    fn arithmetic() {
        assert_eq!(ok(Add, Int(1), s("2")), Int(3));
        assert_eq!(ok(Add, s("0x10"), Int(1)), Int(17));
        assert_eq!(ok(Add, s("1.5"), Int(1)), Float(2.5));
        assert_eq!(ok(Add, s("010"), Int(1)), Int(9));
        assert_eq!(ok(Add, s(" 1"), Int(1)), Int(2));
        assert_eq!(ok(Add, s("1e3"), Int(1)), Float(1001.0));
        assert_eq!(ok(Add, s("-1"), Int(1)), Int(0));
        assert_eq!(ok(Div, Int(-7), Int(2)), Int(-4));
        assert_eq!(ok(Div, Int(7), Int(-2)), Int(-4));
        assert_eq!(ok(Mod, Int(-7), Int(2)), Int(1));
        assert_eq!(ok(Mod, Int(7), Int(-2)), Int(-1));
        assert_eq!(ok(Div, Float(-7.0), Int(2)), Float(-3.5));
        assert_eq!(ok(Add, Float(1.0), Int(1)), Float(2.0));
        assert_eq!(ok(Mul, Int(2), Float(3.0)), Float(6.0));
        assert_eq!(ok(Div, Float(10.0), Int(2)), Float(5.0));
        assert_eq!(ok(Shl, Int(1), Int(3)), Int(8));
        assert_eq!(ok(Shl, Int(1), Int(-1)), Int(0));
        assert_eq!(ok(Shr, Int(8), Int(-1)), Int(16));
        assert_eq!(ok(Shr, Int(-8), Int(1)), Int(-4));
    }

    #[test]
    fn arithmetic_errors() {
        assert_eq!(
            err(Add, Int(i64::MAX), Int(1)),
            (
                ErrorKind::Overflow,
                "A '+' expression resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'".into()
            )
        );
        assert_eq!(
            err(Sub, Int(-i64::MAX), Int(2)),
            (
                ErrorKind::Overflow,
                "A '-' expression resulted in a value outside of Puppet Integer min range, got '-0x8000000000000001'".into()
            )
        );
        assert_eq!(
            err(Mul, Int(4611686018427387904), Int(2)).1,
            "A '*' expression resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'"
        );
        assert_eq!(
            err(Shl, Int(1), Int(64)).1,
            "A '<<' expression resulted in a value outside of Puppet Integer max range, got '+0x10000000000000000'"
        );
        assert_eq!(
            err(Add, s("a"), Int(1)),
            (
                ErrorKind::Operator,
                "The value 'a' cannot be converted to Numeric.".into()
            )
        );
        let div0 = (ErrorKind::DivisionByZero, "Division by 0".to_string());
        assert_eq!(err(Div, Int(1), Int(0)), div0);
        assert_eq!(err(Mod, Int(1), Int(0)), div0);
        assert_eq!(
            err(Div, Float(1.0), Int(0)).1,
            "The result of the / expression is Infinity"
        );
        assert_eq!(
            err(Mul, arr(vec![Int(1)]), Int(2)).1,
            "The value '[1]' cannot be converted to Numeric."
        );
        assert_eq!(
            err(Add, Int(1), arr(vec![Int(1), s("a")])).1,
            "The value '[1, \"a\"]' cannot be converted to Numeric."
        );
        assert_eq!(
            err(Add, Int(1), hash(vec![("a", s("b"))])).1,
            "The value '{\"a\"=>\"b\"}' cannot be converted to Numeric."
        );
        assert_eq!(
            err(Mod, Float(1.5), Int(2)).1,
            "Operator '%' is not applicable to a Float."
        );
        assert_eq!(
            err(Mod, Int(2), Float(1.5)).1,
            "Operator '%' is not applicable to an Integer when right side is a Float."
        );
        assert_eq!(
            err(Add, Bool(true), Int(1)).1,
            "The value 'true' cannot be converted to Numeric."
        );
        assert_eq!(
            err(Add, Undef, Int(1)).1,
            "The value '' cannot be converted to Numeric."
        );
        assert_eq!(
            err(Add, Value::Default, Int(1)).1,
            "The value 'default' cannot be converted to Numeric."
        );
    }

    #[test]
    fn collections() {
        let a12 = arr(vec![Int(1), Int(2)]);
        assert_eq!(
            ok(Add, a12.clone(), arr(vec![Int(3)])),
            arr(vec![Int(1), Int(2), Int(3)])
        );
        assert_eq!(ok(Add, arr(vec![Int(1)]), Int(2)), a12);
        assert_eq!(
            ok(Add, arr(vec![Int(1)]), hash(vec![("a", Int(1))])),
            arr(vec![Int(1), arr(vec![s("a"), Int(1)])])
        );
        assert_eq!(
            ok(
                Add,
                hash(vec![("a", Int(1))]),
                hash(vec![("a", Int(2)), ("b", Int(3))])
            ),
            hash(vec![("a", Int(2)), ("b", Int(3))])
        );
        let ab = hash(vec![("a", Int(1)), ("b", Int(2))]);
        assert_eq!(
            ok(Add, hash(vec![("a", Int(1))]), arr(vec![s("b"), Int(2)])),
            ab
        );
        assert_eq!(
            ok(
                Add,
                hash(vec![("a", Int(1))]),
                arr(vec![arr(vec![s("b"), Int(2)])])
            ),
            ab
        );
        let a1213 = arr(vec![Int(1), Int(2), Int(1), Int(3)]);
        let a23 = arr(vec![Int(2), Int(3)]);
        assert_eq!(ok(Sub, a1213.clone(), arr(vec![Int(1)])), a23);
        assert_eq!(ok(Sub, a1213, Int(1)), a23);
        let nested = arr(vec![arr(vec![Int(1)]), Int(2)]);
        assert_eq!(ok(Sub, nested.clone(), arr(vec![Int(1)])), nested);
        let b2 = hash(vec![("b", Int(2))]);
        assert_eq!(ok(Sub, ab.clone(), arr(vec![s("a")])), b2);
        assert_eq!(ok(Sub, ab.clone(), s("a")), b2);
        assert_eq!(ok(Sub, ab, hash(vec![("a", Int(5))])), b2);
        assert_eq!(
            ok(Shl, arr(vec![Int(1)]), arr(vec![Int(2)])),
            arr(vec![Int(1), arr(vec![Int(2)])])
        );
        assert_eq!(
            err(Shl, hash(vec![("a", Int(1))]), Int(1)),
            (
                ErrorKind::Operator,
                "Operator '<<' is not applicable to a Hash.".into()
            )
        );
        assert_eq!(
            err(Add, hash(vec![("a", Int(1))]), Int(1)).1,
            "Error while evaluating a '+' expression, Can only append Array or Hash to a Hash"
        );
    }

    #[test]
    fn comparisons() {
        assert_eq!(ok(Lt, s("a"), s("B")), Bool(true));
        assert_eq!(ok(Eq, s("abc"), s("ABC")), Bool(true));
        assert_eq!(ok(Eq, Int(1), Float(1.0)), Bool(true));
        assert_eq!(ok(Eq, s("1"), Int(1)), Bool(false));
        assert_eq!(ok(Lt, Value::Default, Value::Default), Bool(false));
        assert_eq!(
            err(Lt, s("a"), Int(1)).1,
            "Comparison of: String < Integer, is not possible. Caused by 'A String is not comparable to a non String'."
        );
        assert_eq!(
            err(Lt, Int(1), s("a")).1,
            "Comparison of: Integer < String, is not possible. Caused by 'A Numeric is not comparable to non Numeric'."
        );
        assert_eq!(
            err(Lt, arr(vec![Int(1)]), arr(vec![Int(2)])).1,
            "Comparison of: Array < Array, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'."
        );
        assert_eq!(
            err(Lt, Undef, Int(1)).1,
            "Comparison of: Undef Value < Integer, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'."
        );
        assert_eq!(
            err(Lt, Int(1), ty(int_t())).1,
            "Comparison of: Integer < Integer-Type, is not possible. Caused by 'A Numeric is not comparable to non Numeric'."
        );
        // Types on the left compare by assignability: the type system's business.
        assert!(ok(Lt, ty(int_t()), Int(1)).is_unknown());
    }

    #[test]
    fn membership() {
        assert_eq!(ok(In, s("b"), s("ABC")), Bool(true));
        assert_eq!(ok(In, s("B"), s("abc")), Bool(true));
        assert_eq!(ok(In, Int(1), arr(vec![Int(1), Int(2)])), Bool(true));
        assert_eq!(ok(In, s("A"), arr(vec![s("a")])), Bool(true));
        assert_eq!(ok(In, Float(1.0), arr(vec![Int(1)])), Bool(true));
        assert_eq!(ok(In, s("a"), hash(vec![("a", Int(1))])), Bool(true));
        assert_eq!(
            ok(In, Value::Regex("b".into()), arr(vec![s("abc")])),
            Bool(true)
        );
        assert_eq!(ok(In, Value::Regex("B".into()), s("abc")), Bool(false));
    }

    #[test]
    fn matching() {
        assert_eq!(
            matches(&s("abc"), &Value::Regex("a(b)(x)?".into())),
            Ok(Some(vec![Some("ab".into()), Some("b".into()), None]))
        );
        assert_eq!(matches(&s("abc"), &s("^b")), Ok(None));
        assert_eq!(
            matches(&Int(1), &Value::Regex("a".into())).map_err(|e| e.message),
            Err("Left match operand must result in a String value. Got an Integer.".into())
        );
        assert_eq!(
            matches(&s("a"), &s("(")).map_err(|e| e.message),
            Err("Can not convert right match operand to a regular expression. Caused by 'end pattern with unmatched parenthesis: /(/'.".into())
        );
        assert!(match_known(&s("a"), &s("a")));
        assert!(!match_known(&s("a"), &ty(int_t())));
        assert!(!match_known(&Value::unknown(str_t()), &s("a")));
        assert!(match_known(&Value::unknown(int_t()), &s("a")));
        assert_eq!(
            ok(NotMatch, s("abc"), Value::Regex("b".into())),
            Bool(false)
        );
    }

    #[test]
    fn negation() {
        assert_eq!(negate(&Int(5)), Ok(Int(-5)));
        assert_eq!(negate(&Float(1.5)), Ok(Float(-1.5)));
        assert_eq!(negate(&s("5")), Ok(Int(-5)));
        assert_eq!(
            negate(&s("a")).map_err(|e| e.message),
            Err("The value 'a' cannot be converted to Numeric.".into())
        );
    }

    #[test]
    fn accessing() {
        let e = |t: Value, k: Vec<Value>| match access(&t, &k) {
            Ok(v) => panic!("gave {v:?}"),
            Err(e) => e.message,
        };
        assert_eq!(
            e(s("abc"), vec![s("x")]),
            "A substring operation does not accept a String as a character index. Expected an Integer"
        );
        assert_eq!(
            e(arr(vec![Int(1), Int(2)]), vec![s("a")]),
            "The value 'a' cannot be converted to Numeric."
        );
        assert_eq!(
            e(Int(5), vec![Int(0)]),
            "Operator '[]' is not applicable to an Integer."
        );
    }

    #[test]
    fn strings() {
        let t = |v: Value| to_s(&v).unwrap_or_else(|| panic!("no string for {v:?}"));
        assert_eq!(t(arr(vec![Int(1), s("a")])), "[1, a]");
        assert_eq!(
            t(Value::hash(vec![
                (s("a"), Int(1)),
                (s("b c"), arr(vec![s("x")]))
            ])),
            "{a => 1, b c => [x]}"
        );
        assert_eq!(t(Value::Regex("x".into())), "/x/");
        assert_eq!(t(s("a\\\"b")), "a\\\"b");
        assert_eq!(t(hash(vec![("a", Undef)])), "{a => }");
        assert_eq!(
            t(arr(vec![
                Undef,
                Bool(true),
                Float(1.0),
                Value::Regex("a".into()),
                Value::Default,
                ty(int_t())
            ])),
            "[, true, 1.0, /a/, default, Integer]"
        );
        let floats = [
            (1.0, "1.0"),
            (1.5, "1.5"),
            (1e20, "1.0e+20"),
            (100.0, "100.0"),
            (123456789.0, "123456789.0"),
            (1.5e-5, "1.5e-05"),
            (0.0001, "0.0001"),
            (1e15, "1.0e+15"),
            (1e16, "1.0e+16"),
            (-0.0, "-0.0"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1.0 / 3.0, "0.3333333333333333"),
            // Ruby's Float#to_s
            (1e14, "100000000000000.0"),
            (1.5e15, "1.5e+15"),
            (9.99e14, "999000000000000.0"),
            (1234567890123456.0, "1.234567890123456e+15"),
            (0.00012, "0.00012"),
            (0.00001, "1.0e-05"),
            (-1e15, "-1.0e+15"),
            (5e-324, "5.0e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
        ];
        for (f, text) in floats {
            assert_eq!(t(Float(f)), text);
        }
        assert_eq!(t(ty(PType::Integer { from: 1, to: 2 })), "Integer[1, 2]");
        assert_eq!(to_s(&Value::any()), None);
        assert_eq!(to_s(&arr(vec![Value::any()])), None);
    }

    #[test]
    fn more_arithmetic() {
        assert_eq!(ok(Shl, Int(1), Float(1.5)), Int(2));
        assert_eq!(ok(Shr, Int(7), Float(1.9)), Int(3));
        assert_eq!(ok(Add, s("::1"), Int(1)), Int(2));
        match ok(Div, Float(0.0), Int(0)) {
            Float(f) => assert!(f.is_nan()),
            v => panic!("{v:?}"),
        }
        assert_eq!(
            err(Sub, Int(-i64::MAX - 1), Int(1)).1,
            "A '-' expression resulted in a value outside of Puppet Integer min range, got '-0x8000000000000001'"
        );
        assert_eq!(
            err(Mul, Int(-i64::MAX), Int(2)).1,
            "A '*' expression resulted in a value outside of Puppet Integer min range, got '-0xfffffffffffffffe'"
        );
        assert_eq!(
            err(Mul, Float(1.0e308), Int(10)),
            (
                ErrorKind::Overflow,
                "The result of the * expression is Infinity".into()
            )
        );
        assert_eq!(
            err(Div, Int(1), Float(0.0)),
            (
                ErrorKind::DivisionByZero,
                "The result of the / expression is Infinity".into()
            )
        );
        for bad in ["08", "0e1", "1e400", "0x", "1 2", "1.", ".5", "1e+3"] {
            assert_eq!(
                err(Add, s(bad), Int(1)).1,
                format!("The value '{bad}' cannot be converted to Numeric.")
            );
        }
        assert_eq!(
            err(Sub, Int(1), arr(vec![Int(1)])).1,
            "The value '[1]' cannot be converted to Numeric."
        );
        assert_eq!(
            err(Shr, arr(vec![Int(1)]), Int(1)).1,
            "The value '[1]' cannot be converted to Numeric."
        );
        assert_eq!(
            err(Shl, Int(1), s("a")).1,
            "The value 'a' cannot be converted to Numeric."
        );
    }

    #[test]
    fn more_collections() {
        let h = |entries: Vec<(Value, Value)>| Value::hash(entries);
        assert_eq!(
            ok(
                Add,
                hash(vec![("a", Int(1))]),
                arr(vec![arr(vec![s("b"), Int(2)]), arr(vec![s("c")])])
            ),
            hash(vec![("a", Int(1)), ("b", Int(2)), ("c", Undef)])
        );
        assert_eq!(
            ok(Add, hash(vec![("a", Int(1))]), arr(vec![])),
            hash(vec![("a", Int(1))])
        );
        assert_eq!(
            ok(
                Add,
                hash(vec![("a", Int(1)), ("b", Int(2))]),
                hash(vec![("a", Int(3))])
            ),
            hash(vec![("a", Int(3)), ("b", Int(2))])
        );
        assert_eq!(
            ok(Sub, hash(vec![("a", Int(1))]), arr(vec![arr(vec![s("a")])])),
            hash(vec![("a", Int(1))])
        );
        assert_eq!(
            ok(Sub, arr(vec![Int(1), Int(2)]), arr(vec![Float(1.0)])),
            arr(vec![Int(2)])
        );
        assert_eq!(
            ok(Sub, arr(vec![s("a"), s("B")]), arr(vec![s("A"), s("b")])),
            arr(vec![s("a"), s("B")])
        );
        assert_eq!(
            ok(Sub, arr(vec![Int(1), Float(1.0), Int(2)]), Int(1)),
            arr(vec![Int(2)])
        );
        assert_eq!(ok(Add, arr(vec![Int(1)]), Undef), arr(vec![Int(1), Undef]));
        assert_eq!(
            err(
                Add,
                hash(vec![("a", Int(1))]),
                arr(vec![arr(vec![s("b"), Int(2), Int(3)])])
            )
            .1,
            "Error while evaluating a '+' expression, invalid number of elements (3 for 1..2)"
        );
        assert_eq!(
            err(
                Add,
                hash(vec![("a", Int(1))]),
                arr(vec![s("a"), Int(2), s("b")])
            )
            .1,
            "Error while evaluating a '+' expression, odd number of arguments for Hash"
        );
        assert_eq!(
            err(Add, hash(vec![("a", Int(1))]), arr(vec![arr(vec![])])).1,
            "Error while evaluating a '+' expression, invalid number of elements (0 for 1..2)"
        );
        assert_eq!(ok(Add, arr(vec![Int(1)]), hash(vec![])), arr(vec![Int(1)]));
        // Access
        let abc = s("abc");
        let sub = |keys: Vec<Value>| access(&abc, &keys);
        for (keys, want) in [
            (vec![Int(5)], ""),
            (vec![Int(-5)], ""),
            (vec![Int(3)], ""),
            (vec![Int(-1)], "c"),
            (vec![Int(1), Int(-1)], "bc"),
            (vec![Int(-2), Int(1)], "b"),
            (vec![Int(-5), Int(3)], "a"),
            (vec![Int(3), Int(1)], ""),
            (vec![Int(4), Int(1)], ""),
            (vec![s("1")], "b"),
        ] {
            assert_eq!(sub(keys.clone()), Ok(s(want)), "{keys:?}");
        }
        assert_eq!(access(&s("abcdef"), &[Int(1), Int(2)]), Ok(s("bc")));
        let a123 = arr(vec![Int(1), Int(2), Int(3)]);
        let at = |keys: Vec<Value>| access(&a123, &keys);
        assert_eq!(at(vec![Int(1), Int(2)]), Ok(arr(vec![Int(2), Int(3)])));
        assert_eq!(at(vec![Int(-1)]), Ok(Int(3)));
        assert_eq!(at(vec![Int(5)]), Ok(Undef));
        assert_eq!(at(vec![Int(1), Int(-1)]), Ok(arr(vec![Int(2), Int(3)])));
        assert_eq!(at(vec![Int(-5), Int(3)]), Ok(arr(vec![Int(1)])));
        assert_eq!(at(vec![Int(3), Int(1)]), Ok(arr(vec![])));
        assert_eq!(at(vec![Int(4), Int(1)]), Ok(arr(vec![])));
        assert_eq!(at(vec![arr(vec![Int(0), Int(1)])]), Ok(arr(vec![Int(1)])));
        assert_eq!(at(vec![s("1")]), Ok(Int(2)));
        let ab = hash(vec![("a", Int(1)), ("b", Int(2))]);
        assert_eq!(
            access(&ab, &[s("a"), s("b"), s("c")]),
            Ok(arr(vec![Int(1), Int(2)]))
        );
        let abc_h = hash(vec![("a", Int(1)), ("b", Undef), ("c", Int(3))]);
        assert_eq!(
            access(&abc_h, &[s("a"), s("b"), s("c")]),
            Ok(arr(vec![Int(1), Int(3)]))
        );
        assert_eq!(access(&ab, &[s("A")]), Ok(Undef));
        assert_eq!(access(&h(vec![(Int(1), s("a"))]), &[Float(1.0)]), Ok(Undef));
        assert_eq!(
            access(&h(vec![(arr(vec![Int(1)]), s("a"))]), &[arr(vec![Int(1)])]),
            Ok(s("a"))
        );
        let e = |t: Value, k: Vec<Value>| access(&t, &k).map_err(|e| e.message);
        assert_eq!(
            e(s("abc"), vec![Float(1.5)]),
            Err("A substring operation does not accept a Float as a character index. Expected an Integer".into())
        );
        assert_eq!(
            e(s("abc"), vec![Undef]),
            Err("A substring operation does not accept an Undef as a character index. Expected an Integer".into())
        );
        assert_eq!(
            e(arr(vec![Int(1)]), vec![Float(1.5)]),
            Err("An Array[] cannot use Float where Integer is expected".into())
        );
        assert_eq!(
            e(s("abc"), vec![Int(1), Int(2), Int(3)]),
            Err("String supports [] with one or two arguments. Got 3".into())
        );
        for (v, l) in [
            (Undef, "an Undef Value"),
            (Bool(true), "a Boolean"),
            (Value::Regex("a".into()), "a Regexp"),
            (Value::Default, "an Object"),
        ] {
            assert_eq!(
                e(v, vec![Int(0)]),
                Err(format!("Operator '[]' is not applicable to {l}."))
            );
        }
    }

    #[test]
    fn more_comparisons() {
        let only = "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable";
        assert_eq!(
            err(Lt, Bool(true), Bool(false)).1,
            format!("Comparison of: Boolean < Boolean, is not possible. Caused by '{only}'.")
        );
        assert_eq!(
            err(Lt, Value::Regex("a".into()), Value::Regex("b".into())).1,
            format!("Comparison of: Regexp < Regexp, is not possible. Caused by '{only}'.")
        );
        assert_eq!(ok(Lt, s("1"), s("10")), Bool(true));
        assert_eq!(ok(Eq, s("Ä"), s("ä")), Bool(false));
        assert_eq!(ok(Eq, Int(1), s("1")), Bool(false));
        assert_eq!(ok(Eq, Undef, s("")), Bool(false));
        assert_eq!(ok(Eq, s("09"), Int(9)), Bool(false));
        assert_eq!(
            ok(
                Eq,
                arr(vec![Int(1), arr(vec![Int(2)])]),
                arr(vec![Float(1.0), arr(vec![Int(2)])])
            ),
            Bool(true)
        );
        assert_eq!(
            ok(Eq, hash(vec![("a", Undef)]), hash(vec![("b", Undef)])),
            Bool(true)
        );
        assert_eq!(
            ok(Eq, hash(vec![("a", Int(1))]), hash(vec![("A", Int(1))])),
            Bool(false)
        );
        assert_eq!(
            ok(Eq, Value::Regex("a".into()), Value::Regex("a".into())),
            Bool(true)
        );
        assert_eq!(ok(Eq, ty(int_t()), ty(int_t())), Bool(true));
        // `String == String[0]` and `Optional[String] == Variant[Undef, String]` are true
        // in Puppet: different structures are not claimed unequal.
        assert!(ok(Eq, ty(str_t()), ty(PType::String { min: 0, max: 5 })).is_unknown());
        // In
        assert_eq!(ok(In, s("ä"), s("XÄX")), Bool(true));
        assert_eq!(ok(In, s("x"), arr(vec![Value::Default])), Bool(true));
        assert_eq!(
            ok(In, s("abc"), arr(vec![Value::Regex("b".into())])),
            Bool(true)
        );
        assert_eq!(ok(In, s("a"), arr(vec![arr(vec![s("a")])])), Bool(false));
        assert_eq!(ok(In, Int(1), s("1")), Bool(false));
        assert_eq!(ok(In, Int(1), Int(1)), Bool(false));
        assert_eq!(ok(In, s("1"), arr(vec![Int(1)])), Bool(false));
        assert_eq!(ok(In, Undef, arr(vec![Undef])), Bool(true));
    }

    #[test]
    fn more_matching_and_strings() {
        let e = |l: Value, r: Value| matches(&l, &r).map_err(|e| e.message);
        assert_eq!(
            e(s("a"), Int(1)),
            Err("Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of Integer into String'.".into())
        );
        assert_eq!(
            e(s("a"), Undef),
            Err("Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of nil into String'.".into())
        );
        assert_eq!(
            e(Undef, Value::Regex("a".into())),
            Err("Left match operand must result in a String value. Got an Undef Value.".into())
        );
        assert_eq!(
            e(arr(vec![s("a")]), Value::Regex("a".into())),
            Err("Left match operand must result in a String value. Got an Array.".into())
        );
        let t = |v: Value| to_s(&v);
        let types = [
            (
                PType::Integer {
                    from: 1,
                    to: INT_MAX,
                },
                "Integer[1]",
            ),
            (
                PType::Integer {
                    from: INT_MIN,
                    to: 5,
                },
                "Integer[default, 5]",
            ),
            (PType::Class(Some("foo".into())), "Class[foo]"),
            (
                PType::Resource {
                    type_name: Some("File".into()),
                    title: None,
                },
                "File",
            ),
            (
                PType::Resource {
                    type_name: Some("File".into()),
                    title: Some("/x".into()),
                },
                "File['/x']",
            ),
            (
                PType::Resource {
                    type_name: None,
                    title: None,
                },
                "Resource",
            ),
        ];
        for (ty_, text) in types {
            assert_eq!(t(ty(ty_)).as_deref(), Some(text));
        }
        let sens = Value::Sensitive(std::sync::Arc::new(s("x")));
        assert_eq!(
            t(sens.clone()).as_deref(),
            Some("Sensitive [value redacted]")
        );
        assert_eq!(
            t(arr(vec![sens])).as_deref(),
            Some("[Sensitive [value redacted]]")
        );
    }

    #[test]
    fn unknowns() {
        let ui = Value::unknown(int_t());
        let us = Value::unknown(str_t());
        let fl = Value::unknown(PType::Float {
            from: f64::NEG_INFINITY,
            to: f64::INFINITY,
        });
        assert_eq!(ok(Add, ui.clone(), Int(1)), unknown_int());
        assert_eq!(ok(Add, ui.clone(), Float(1.0)), unknown_float());
        assert!(ok(Add, us.clone(), Int(1)).is_unknown());
        assert!(ok(Add, Value::any(), Int(1)).is_unknown());
        assert_eq!(err(Div, ui.clone(), Int(0)).0, ErrorKind::DivisionByZero);
        assert!(ok(Div, fl.clone(), Int(0)).is_unknown());
        assert_eq!(
            err(Mod, fl, Int(2)).1,
            "Operator '%' is not applicable to a Float."
        );
        // The left side converts first: 'a' fails whatever the right side is.
        assert_eq!(
            err(Add, s("a"), Value::any()).1,
            "The value 'a' cannot be converted to Numeric."
        );
        assert_eq!(
            err(Add, ui.clone(), s("a")).1,
            "The value 'a' cannot be converted to Numeric."
        );
        assert!(ok(Add, us.clone(), s("a")).is_unknown());
        assert_eq!(ok(Add, arr(vec![Int(1)]), ui.clone()), unknown_array());
        assert_eq!(
            ok(Shl, arr(vec![Int(1)]), ui.clone()),
            arr(vec![Int(1), ui.clone()])
        );
        assert_eq!(
            ok(Add, arr(vec![Int(1)]), arr(vec![ui.clone()])),
            arr(vec![Int(1), ui.clone()])
        );
        assert_eq!(ok(Sub, arr(vec![ui.clone()]), Int(1)), unknown_array());
        assert_eq!(
            ok(Sub, arr(vec![ui.clone(), s("a")]), Int(1)),
            unknown_array()
        );
        assert_eq!(
            ok(Sub, arr(vec![us.clone(), s("a")]), Int(1)),
            arr(vec![us.clone(), s("a")])
        );
        // Equality
        assert_eq!(equals(&ui, &s("abc")), Some(false));
        assert_eq!(equals(&ui, &Float(1.0)), None);
        assert_eq!(equals(&us, &s("abc")), None);
        assert_eq!(equals(&Value::any(), &s("abc")), None);
        assert_eq!(
            equals(&Value::unknown(PType::Integer { from: 0, to: 9 }), &Int(10)),
            Some(false)
        );
        let e = Value::unknown(PType::Enum {
            values: vec!["a".into(), "b".into()],
            case_insensitive: false,
        });
        assert_eq!(equals(&e, &s("C")), Some(false));
        assert_eq!(equals(&e, &s("A")), None);
        assert_eq!(
            equals(&arr(vec![ui.clone()]), &arr(vec![s("a")])),
            Some(false)
        );
        assert_eq!(
            equals(&arr(vec![ui.clone()]), &arr(vec![Int(1), Int(2)])),
            Some(false)
        );
        // Comparisons
        assert_eq!(ok(Lt, ui.clone(), Int(1)), unknown_bool());
        assert_eq!(
            err(Lt, us.clone(), Int(1)).1,
            "Comparison of: String < Integer, is not possible. Caused by 'A String is not comparable to a non String'."
        );
        assert!(ok(Lt, Value::any(), Int(1)).is_unknown());
        // In
        assert_eq!(ok(In, ui.clone(), s("abc")), Bool(false));
        assert!(ok(In, us.clone(), s("abc")).is_unknown());
        assert!(ok(In, s("a"), arr(vec![us.clone()])).is_unknown());
        assert_eq!(ok(In, s("a"), arr(vec![ui.clone(), Int(1)])), Bool(false));
        assert_eq!(ok(In, s("a"), arr(vec![us.clone(), s("A")])), Bool(true));
        // Matching
        assert!(!match_known(&us, &Value::Regex("a".into())));
        assert_eq!(matches(&us, &Value::Regex("a".into())), Ok(None));
        assert!(match_known(&us, &s("(")));
        assert!(matches(&us, &s("(")).is_err());
        // Access, negation, truthiness, strings
        assert_eq!(access(&us, &[Int(0)]), Ok(unknown_string()));
        assert_eq!(
            access(&ui, &[Int(0)]).map_err(|e| e.message),
            Err("Operator '[]' is not applicable to an Integer.".into())
        );
        assert_eq!(
            access(&s("abc"), std::slice::from_ref(&ui)),
            Ok(unknown_string())
        );
        assert!(access(&arr(vec![Int(1)]), std::slice::from_ref(&ui))
            .map(|v| v.is_unknown())
            .unwrap_or(false));
        assert_eq!(access(&hash(vec![]), std::slice::from_ref(&us)), Ok(Undef));
        assert_eq!(negate(&ui), Ok(unknown_int()));
        assert_eq!(negate(&Int(i64::MIN)), Ok(unknown_int()));
        assert_eq!(truthy(&ui), Some(true));
        assert_eq!(truthy(&Value::unknown(PType::Boolean)), None);
        assert_eq!(truthy(&Value::any()), None);
        assert_eq!(to_s(&ui), None);
    }

    #[test]
    fn probes_of_labels() {
        assert_eq!(negate(&s("0x10")), Ok(Int(-16)));
        assert_eq!(
            ok(
                Sub,
                arr(vec![Int(1), arr(vec![Int(1), Int(2)])]),
                Value::hash(vec![(Int(1), Int(2))])
            ),
            arr(vec![Int(1)])
        );
        assert_eq!(
            access(&hash(vec![("a", Int(1))]), &[arr(vec![s("a")])]),
            Ok(Undef)
        );
        assert_eq!(ok(In, s("a"), hash(vec![("A", Int(1))])), Bool(true));
        assert_eq!(access(&arr(vec![Int(1)]), &[s("-1")]), Ok(Int(1)));
        assert_eq!(access(&s("abc"), &[Int(0), Int(10)]), Ok(s("abc")));
        assert_eq!(access(&s("héllo"), &[Int(1), Int(2)]), Ok(s("él")));
        let huge = s("170141183460469231731687303715884105727");
        assert_eq!(access(&s("abc"), &[huge.clone(), huge.clone()]), Ok(s("")));
        assert_eq!(access(&s("abc"), &[Int(0), huge.clone()]), Ok(s("abc")));
        assert_eq!(
            access(
                &s("abc"),
                &[huge, s("-170141183460469231731687303715884105727")]
            ),
            Ok(s(""))
        );
        let sens = Value::Sensitive(std::sync::Arc::new(s("x")));
        let cases = [
            (
                err(Lt, Int(1), Undef).1,
                "Comparison of: Integer < Undef Value, is not possible. Caused by 'A Numeric is not comparable to non Numeric'.",
            ),
            (
                err(Add, Int(1), sens.clone()).1,
                "The value 'Sensitive [value redacted]' cannot be converted to Numeric.",
            ),
            (
                negate(&arr(vec![Int(1)])).map_err(|e| e.message).err().unwrap_or_default(),
                "The value '[1]' cannot be converted to Numeric.",
            ),
            (
                negate(&Undef).map_err(|e| e.message).err().unwrap_or_default(),
                "The value '' cannot be converted to Numeric.",
            ),
            (
                err(Lt, Int(1), sens.clone()).1,
                "Comparison of: Integer < Sensitive, is not possible. Caused by 'A Numeric is not comparable to non Numeric'.",
            ),
            (
                err(Lt, sens, Int(1)).1,
                "Comparison of: Sensitive < Integer, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'.",
            ),
            (
                err(Lt, s("a"), Value::Default).1,
                "Comparison of: String < Object, is not possible. Caused by 'A String is not comparable to a non String'.",
            ),
            (
                err(Lt, Value::Default, Int(1)).1,
                "Comparison of: Object < Integer, is not possible. Caused by 'Symbol not comparable to non Symbol'.",
            ),
            (
                access(&arr(vec![Int(1)]), &[Undef]).map_err(|e| e.message).err().unwrap_or_default(),
                "The value '' cannot be converted to Numeric.",
            ),
        ];
        for (got, want) in cases {
            assert_eq!(got, want);
        }
        for (rhs, class) in [
            (Bool(true), "true"),
            (arr(vec![Int(1)]), "Array"),
            (hash(vec![("a", Int(1))]), "Hash"),
        ] {
            assert_eq!(
                matches(&s("x"), &rhs).map_err(|e| e.message),
                Err(format!("Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of {class} into String'."))
            );
        }
    }

    #[test]
    fn numeric_strings() {
        assert_eq!(ok(Add, s("\u{a0}1\u{3000}"), Int(1)), Int(2));
        assert_eq!(ok(Add, s("\t-\t0x1f"), Int(1)), Int(-30));
        assert_eq!(ok(Add, s("00.5"), Int(1)), Float(1.5));
        assert_eq!(ok(Add, s("0.01e2"), Int(1)), Float(2.0));
        assert_eq!(ok(Add, s("007"), Int(1)), Int(8));
        for bad in ["09.5", "0.0e5"] {
            assert_eq!(
                err(Add, s(bad), Int(1)).1,
                format!("The value '{bad}' cannot be converted to Numeric.")
            );
        }
        assert_eq!(
            err(Add, Int(1), arr(vec![s("a\u{7}b\u{1}"), s("#{")])).1,
            "The value '[\"a\\ab\\u0001\", \"\\#{\"]' cannot be converted to Numeric."
        );
    }

    #[test]
    fn types_printed() {
        let b = Box::new;
        let string = str_t;
        let int12 = PType::Integer { from: 1, to: 2 };
        let cases = [
            (PType::String { min: 1, max: 5 }, "String[1, 5]"),
            (PType::String { min: 0, max: 5 }, "String[0, 5]"),
            (
                PType::Enum {
                    values: vec!["a".into(), "b c".into()],
                    case_insensitive: false,
                },
                "Enum['a', 'b c']",
            ),
            (
                PType::Enum {
                    values: vec!["a".into(), "b".into()],
                    case_insensitive: true,
                },
                "Enum['a', 'b', true]",
            ),
            (
                PType::Optional(Some(b(int12.clone()))),
                "Optional[Integer[1, 2]]",
            ),
            (PType::NotUndef(Some(b(string()))), "NotUndef[String]"),
            (PType::Type(Some(b(int_t()))), "Type[Integer]"),
            (PType::Sensitive(Some(b(string()))), "Sensitive[String]"),
            (
                PType::Variant(vec![int_t(), string()]),
                "Variant[Integer, String]",
            ),
            (
                PType::Array {
                    elem: b(string()),
                    min: 0,
                    max: INT_MAX,
                },
                "Array[String]",
            ),
            (
                PType::Array {
                    elem: b(string()),
                    min: 1,
                    max: INT_MAX,
                },
                "Array[String, 1]",
            ),
            (
                PType::Array {
                    elem: b(string()),
                    min: 1,
                    max: 5,
                },
                "Array[String, 1, 5]",
            ),
            (
                PType::Array {
                    elem: b(PType::Any),
                    min: 1,
                    max: INT_MAX,
                },
                "Array[Any, 1]",
            ),
            (
                PType::Array {
                    elem: b(PType::Any),
                    min: 0,
                    max: INT_MAX,
                },
                "Array",
            ),
            (
                PType::Hash {
                    key: b(string()),
                    value: b(int_t()),
                    min: 0,
                    max: INT_MAX,
                },
                "Hash[String, Integer]",
            ),
            (
                PType::Hash {
                    key: b(string()),
                    value: b(int_t()),
                    min: 1,
                    max: INT_MAX,
                },
                "Hash[String, Integer, 1]",
            ),
            (
                PType::Hash {
                    key: b(PType::Any),
                    value: b(PType::Any),
                    min: 0,
                    max: INT_MAX,
                },
                "Hash",
            ),
            (
                PType::Pattern(vec!["a".into(), "b".into()]),
                "Pattern[/a/, /b/]",
            ),
            (PType::Regexp(Some("a".into())), "Regexp[/a/]"),
            (PType::Float { from: 1.5, to: 2.0 }, "Float[1.5, 2.0]"),
            (
                PType::Float {
                    from: f64::NEG_INFINITY,
                    to: 2.0,
                },
                "Float[default, 2.0]",
            ),
            (PType::Class(Some("foo::bar".into())), "Class[foo::bar]"),
            (
                PType::Float {
                    from: 1.5,
                    to: f64::INFINITY,
                },
                "Float[1.5]",
            ),
            (
                PType::Array {
                    elem: b(PType::Any),
                    min: 0,
                    max: 5,
                },
                "Array[Any, 0, 5]",
            ),
            (
                PType::Hash {
                    key: b(string()),
                    value: b(int_t()),
                    min: 0,
                    max: 5,
                },
                "Hash[String, Integer, 0, 5]",
            ),
            (
                PType::Integer {
                    from: 0,
                    to: INT_MAX,
                },
                "Integer[0]",
            ),
            (PType::Regexp(Some(r"a\/b".into())), r"Regexp[/a\/b/]"),
        ];
        for (t, text) in cases {
            assert_eq!(to_s(&ty(t)).as_deref(), Some(text));
        }
    }

    #[test]
    fn more_probes() {
        assert_eq!(ok(Shl, Int(-1), Int(63)), Int(i64::MIN));
        assert_eq!(
            err(Shl, Int(-1), Int(64)).1,
            "A '<<' expression resulted in a value outside of Puppet Integer min range, got '-0x10000000000000000'"
        );
        assert_eq!(
            access(&hash(vec![("a", Int(1))]), &[arr(vec![])]),
            Ok(Undef)
        );
        assert_eq!(ok(Lt, s("Ä"), s("ä")), Bool(true));
        assert_eq!(
            ok(Add, Int(i64::MAX), Float(0.5)),
            Float(9.223372036854776e18)
        );
        let sens = Value::Sensitive(std::sync::Arc::new(s("a")));
        assert_eq!(ok(In, s("a"), arr(vec![sens.clone()])), Bool(false));
        assert_eq!(ok(In, Int(1), sens.clone()), Bool(false));
        assert_eq!(
            access(&sens, &[Int(0)]).map_err(|e| e.message),
            Err("Operator '[]' is not applicable to a Sensitive.".into())
        );
        assert_eq!(
            ok(
                Add,
                arr(vec![arr(vec![Int(1), Int(2)])]),
                arr(vec![arr(vec![Int(3)])])
            ),
            arr(vec![arr(vec![Int(1), Int(2)]), arr(vec![Int(3)])])
        );
        assert_eq!(
            ok(Add, hash(vec![("a", Int(1))]), hash(vec![])),
            hash(vec![("a", Int(1))])
        );
        assert_eq!(
            ok(
                Sub,
                arr(vec![Int(1), s("a"), arr(vec![Int(2)])]),
                arr(vec![arr(vec![Int(2)]), s("A")])
            ),
            arr(vec![Int(1), s("a")])
        );
        assert_eq!(
            ok(
                Sub,
                arr(vec![Value::Regex("a".into()), ty(int_t())]),
                arr(vec![Value::Regex("a".into())])
            ),
            arr(vec![ty(int_t())])
        );
        let mixed = Value::hash(vec![(arr(vec![Int(1)]), Int(2)), (Int(1), Int(3))]);
        assert_eq!(ok(Sub, mixed.clone(), arr(vec![Float(1.0)])), mixed);
        assert_eq!(ok(Eq, Float(1.0), Int(1)), Bool(true));
        assert_eq!(ok(Eq, Float(1.5), s("1.5")), Bool(false));
        assert_eq!(ok(Eq, arr(vec![]), hash(vec![])), Bool(false));
        assert_eq!(ok(Eq, Undef, arr(vec![])), Bool(false));
        let e = |t: Value, k: Vec<Value>| access(&t, &k).map_err(|e| e.message);
        assert_eq!(
            e(s("abc"), vec![Bool(true)]),
            Err("A substring operation does not accept a Boolean as a character index. Expected an Integer".into())
        );
        assert_eq!(
            e(s("abc"), vec![arr(vec![])]),
            Err("String supports [] with one or two arguments. Got 0".into())
        );
        assert_eq!(
            e(arr(vec![Int(1)]), vec![Int(0), Int(1), Int(2)]),
            Err("Array supports [] with one or two arguments. Got 3".into())
        );
        assert_eq!(
            err(
                Add,
                ty(PType::Integer {
                    from: 1,
                    to: INT_MAX
                }),
                Int(1)
            )
            .1,
            "The value 'Integer[1]' cannot be converted to Numeric."
        );
    }

    #[test]
    fn ruby_regexps() {
        let m = |l: &str, p: &str| matches(&s(l), &Value::Regex(p.into())).map(|c| c.is_some());
        assert_eq!(m("abc", r"\Aabc\z"), Ok(true));
        assert_eq!(m("x\nabc", r"^abc$"), Ok(true));
        assert_eq!(m("x\nabc", r"\Aabc"), Ok(false));
        assert_eq!(m("a\nb", r"a.b"), Ok(false));
        assert_eq!(m("ABC", r"(?i)abc"), Ok(true));
        assert_eq!(m("ff", r"\A\h+\z"), Ok(true));
        assert_eq!(m("é", r"\A\p{Alpha}\z"), Ok(true));
        assert_eq!(m("é", r"\A[[:alpha:]]\z"), Ok(true));
        // Ruby's \d, \w, \s are ASCII-only; POSIX brackets and \p{} are not.
        assert_eq!(m("é", r"\A\w\z"), Ok(false));
        assert_eq!(m("é", r"\A\W\z"), Ok(true));
        assert_eq!(m("١", r"\d"), Ok(false));
        assert_eq!(m("\u{a0}", r"\s"), Ok(false));
        assert_eq!(m("a\u{b}", r"a\s"), Ok(true));
        assert_eq!(m("é", r"\A\p{Word}\z"), Ok(true));
        assert_eq!(m(r"a\d", r"a\\d"), Ok(true));
        for (subject, pattern, want) in [
            ("a-b.c", r"\A[\w.-]+\z", true),
            ("a-b", r"\A[\w-]+\z", true),
            ("é", r"\A[\w-]+\z", false),
            ("a b", r"\A[^\s,]+\z", false),
            ("ab,", r"\A[^\s]+\z", true),
            ("1-2", r"\A[\d\-]+\z", true),
            ("x", r"\A[\D]\z", true),
            ("1", r"\A[^\D]\z", true),
        ] {
            assert_eq!(m(subject, pattern), Ok(want), "{subject} =~ /{pattern}/");
        }
        assert_eq!(m("ab", r"a\Kb"), Ok(true));
        assert_eq!(
            matches(&s("key=val"), &Value::Regex(r"(?<k>\w+)=(?<v>\w+)".into())),
            Ok(Some(vec![
                Some("key=val".into()),
                Some("key".into()),
                Some("val".into())
            ]))
        );
    }
}
