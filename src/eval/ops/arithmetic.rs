//! Arithmetic: `+ - * / %` and the shifts on integers (64-bit; leaving the range is an
//! error; `/` and `%` round towards negative infinity as Ruby does) and floats, numeric
//! strings converted (`'0x10'`, `'010'` octal, `'1e3'`), and unary minus.

use super::collections::{array_op, hash_op};
use super::operands::{
    error, not_numeric, type_class, unknown_array, unknown_float, unknown_hash, unknown_int, Class,
};
use crate::eval::types::PType;
use crate::eval::value::{ErrorKind, EvalError, Value};
use crate::syntax::BinaryOp;

/// A number during arithmetic: integers are wider than Puppet's so that a result out of
/// the 64-bit range can be reported as Puppet reports it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Num {
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
pub(super) enum Parsed {
    Num(Num),
    NotNumeric,
    /// A number beyond what rein computes with (more than 38 digits).
    TooBig,
}

/// Puppet's `Utils.to_n` on a string: optional blanks and sign, then a hexadecimal
/// (`0x1F`), octal (`010`), decimal integer, or a decimal float (`1.5`, `1e3`, `2.5E-3`);
/// a leading `::` is ignored. Strings that are not numbers (`'08'`, `'1.'`, `'0e1'`) are
/// `NotNumeric`.
pub(super) fn parse_numeric(s: &str) -> Parsed {
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
pub(super) enum Operand {
    Known(Num),
    /// An unknown number: `Some(true)` a float, `Some(false)` an integer, `None` either
    /// (or something that may fail to convert).
    Unknown(Option<bool>),
}

/// Puppet's `coerce_numeric`: numbers as they are, numeric strings converted, anything
/// else an error ("The value 'a' cannot be converted to Numeric.").
pub(super) fn coerce(v: &Value) -> Result<Operand, EvalError> {
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

pub(super) fn is_marker(e: &EvalError) -> bool {
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
pub(super) fn calculate(op: BinaryOp, lhs: &Value, rhs: &Value) -> Result<Value, EvalError> {
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
