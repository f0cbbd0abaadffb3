//! `sprintf`: Ruby's `format` directives (`%s`, `%d`, `%x`, `%f`, `%e`, `%g`, ... with
//! flags, width and precision) as Puppet's `sprintf` applies them.

use super::outcome::{any_unknown, err, ok, unk, Out};
use super::ruby::{hash_get, ruby_inspect, ruby_to_s};
use crate::eval::types::PType;
use crate::eval::value::{ErrorKind, Value};

/// One `%` directive's flags, width and precision.
#[derive(Default)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    sharp: bool,
    zero: bool,
    width: Option<usize>,
    precision: Option<usize>,
}

pub(super) fn sprintf(args: &[Value]) -> Out {
    let fmt = match args.first() {
        Some(Value::Str(s)) => s.clone(),
        Some(Value::Unknown(_)) => return unk(PType::string()),
        _ => return None,
    };
    // sprintf is a 3.x function: its arguments are converted first, regexps into strings
    // (`%s` of /a/ is "/a/", where join gives "(?-mix:a)"); not modelled.
    fn has_regex(v: &Value) -> bool {
        match v {
            Value::Regex(_) => true,
            Value::Array(items) => items.iter().any(has_regex),
            Value::Hash(entries) => entries.iter().any(|(k, v)| has_regex(k) || has_regex(v)),
            _ => false,
        }
    }
    if any_unknown(args) || args.iter().any(has_regex) {
        return unk(PType::string());
    }
    match format(&fmt, &args[1..]) {
        Ok(Some(s)) => ok(Value::str(s)),
        Ok(None) => unk(PType::string()),
        Err(message) => err(ErrorKind::Other, message),
    }
}

/// Ruby's `Kernel#sprintf`; `Ok(None)` for what is not modelled, `Err` for Ruby's errors.
fn format(fmt: &str, args: &[Value]) -> Result<Option<String>, String> {
    let chars: Vec<char> = fmt.chars().collect();
    let named = match args {
        [Value::Hash(h)] => Some(h),
        _ => None,
    };
    let mut out = String::new();
    let mut next_arg = 0;
    // Ruby fails when named, numbered (`%1$s`) and unnumbered references are mixed.
    let (mut by_name, mut by_number) = (false, false);
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '%' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        i += 1;
        if chars.get(i) == Some(&'%') {
            out.push('%');
            i += 1;
            continue;
        }
        let mut spec = Spec::default();
        let mut arg: Option<Value> = None;
        let mut braced = false;
        loop {
            match chars.get(i) {
                Some('-') => spec.minus = true,
                Some('+') => spec.plus = true,
                Some(' ') => spec.space = true,
                Some('#') => spec.sharp = true,
                Some('0') => spec.zero = true,
                Some(c @ ('<' | '{')) => {
                    let close = if *c == '<' { '>' } else { '}' };
                    let Some(len) = chars[i + 1..].iter().position(|&d| d == close) else {
                        return Ok(None);
                    };
                    let name: String = chars[i + 1..i + 1 + len].iter().collect();
                    let Some(h) = named else { return Ok(None) };
                    let Some(Some(v)) = hash_get(h, &Value::str(name)) else {
                        return Ok(None);
                    };
                    arg = Some(v.clone());
                    by_name = true;
                    i += len + 1;
                    if close == '}' {
                        braced = true;
                        i += 1;
                        break;
                    }
                }
                Some(c) if c.is_ascii_digit() => {
                    let mut n = 0usize;
                    while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(d as usize);
                        i += 1;
                    }
                    if chars.get(i) == Some(&'$') {
                        let Some(v) = n.checked_sub(1).and_then(|k| args.get(k)) else {
                            return Ok(None);
                        };
                        arg = Some(v.clone());
                        by_number = true;
                    } else {
                        spec.width = Some(n);
                        continue;
                    }
                }
                Some('*') => {
                    let Some(Value::Int(w)) = args.get(next_arg) else {
                        return Ok(None);
                    };
                    next_arg += 1;
                    if *w < 0 {
                        spec.minus = true;
                    }
                    spec.width = usize::try_from(w.unsigned_abs()).ok();
                }
                Some('.') => {
                    i += 1;
                    if chars.get(i) == Some(&'*') {
                        let Some(Value::Int(p)) = args.get(next_arg) else {
                            return Ok(None);
                        };
                        next_arg += 1;
                        spec.precision = usize::try_from(*p).ok();
                    } else {
                        let mut n = 0usize;
                        while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                            n = n.saturating_mul(10).saturating_add(d as usize);
                            i += 1;
                        }
                        spec.precision = Some(n);
                        continue;
                    }
                }
                _ => break,
            }
            i += 1;
        }
        let conversion = if braced {
            's'
        } else {
            let Some(&c) = chars.get(i) else {
                return Ok(None);
            };
            i += 1;
            c
        };
        let arg = match arg {
            Some(a) => a,
            None => {
                let Some(a) = args.get(next_arg) else {
                    if by_name || by_number {
                        return Ok(None);
                    }
                    return Err("too few arguments".to_string());
                };
                next_arg += 1;
                a.clone()
            }
        };
        if [by_name, by_number, next_arg > 0]
            .iter()
            .filter(|&&b| b)
            .count()
            > 1
        {
            return Ok(None);
        }
        let Some(piece) = directive(conversion, &spec, &arg) else {
            return Ok(None);
        };
        out.push_str(&piece);
    }
    Ok(Some(out))
}

/// One formatted directive, padded; `None` when not modelled.
fn directive(conversion: char, spec: &Spec, arg: &Value) -> Option<String> {
    // Widths and precisions beyond this are not modelled (no huge allocations).
    const LIMIT: usize = 10_000;
    if spec.width.unwrap_or(0) > LIMIT || spec.precision.unwrap_or(0) > LIMIT {
        return None;
    }
    let (sign, body, numeric) = match conversion {
        's' | 'p' => {
            let s = if conversion == 's' {
                ruby_to_s(arg)?
            } else {
                ruby_inspect(arg)?
            };
            let s = match spec.precision {
                Some(p) => s.chars().take(p).collect(),
                None => s,
            };
            (String::new(), s, false)
        }
        'd' | 'i' | 'u' => {
            let n = to_integer(arg)?;
            let mut digits = n.unsigned_abs().to_string();
            if let Some(p) = spec.precision {
                while digits.len() < p {
                    digits.insert(0, '0');
                }
            }
            (sign_of(n < 0, spec), digits, spec.precision.is_none())
        }
        'x' | 'X' | 'o' | 'b' | 'B' => {
            let n = to_integer(arg)?;
            if (n < 0 && !spec.plus && !spec.space) || (n == 0 && spec.sharp) {
                return None;
            }
            let m = n.unsigned_abs();
            let (mut digits, prefix) = match conversion {
                'x' => (format!("{m:x}"), "0x"),
                'X' => (format!("{m:X}"), "0X"),
                'o' => (format!("{m:o}"), "0"),
                'b' => (format!("{m:b}"), "0b"),
                _ => (format!("{m:b}"), "0B"),
            };
            if let Some(p) = spec.precision {
                while digits.len() < p {
                    digits.insert(0, '0');
                }
            }
            let mut sign = sign_of(n < 0, spec);
            if spec.sharp {
                sign.push_str(prefix);
            }
            (sign, digits, spec.precision.is_none())
        }
        'f' | 'e' | 'E' | 'g' | 'G' => {
            let f = to_float(arg)?;
            if !f.is_finite() || (spec.sharp && matches!(conversion, 'g' | 'G')) {
                return None;
            }
            let p = spec.precision.unwrap_or(6);
            let a = match conversion {
                'f' => ruby_rounding(f.abs(), |e| e + p as i64)?,
                'e' | 'E' => ruby_rounding(f.abs(), |_| p as i64 + 1)?,
                _ => ruby_rounding(f.abs(), |_| p.max(1) as i64)?,
            };
            let body = match conversion {
                'f' => format!("{a:.p$}"),
                'e' => exponent_form(a, p)?,
                'E' => exponent_form(a, p)?.to_uppercase(),
                _ => {
                    let g = general_form(a, p)?;
                    if conversion == 'G' {
                        g.to_uppercase()
                    } else {
                        g
                    }
                }
            };
            let negative = f.is_sign_negative() && f != 0.0;
            (sign_of(negative, spec), body, true)
        }
        _ => return None,
    };
    let len = sign.chars().count() + body.chars().count();
    let width = spec.width.unwrap_or(0);
    if len >= width {
        return Some(format!("{sign}{body}"));
    }
    let pad = width - len;
    Some(if spec.minus {
        format!("{sign}{body}{}", " ".repeat(pad))
    } else if spec.zero && numeric {
        format!("{sign}{}{body}", "0".repeat(pad))
    } else {
        format!("{}{sign}{body}", " ".repeat(pad))
    })
}

fn sign_of(negative: bool, spec: &Spec) -> String {
    if negative {
        "-".into()
    } else if spec.plus {
        "+".into()
    } else if spec.space {
        " ".into()
    } else {
        String::new()
    }
}

/// Ruby rounds a float for `%f`/`%e`/`%g` from its shortest representation, half to even:
/// `0.35` (really 0.34999...) gives `0.4` with `%.1f` where exact rounding gives `0.3`.
/// Returns the number to format exactly so as to get Ruby's digits; `kept` gives how many
/// significant digits are kept from the decimal exponent (`0.D × 10^e`). `None` when not
/// modelled.
fn ruby_rounding(a: f64, kept: impl Fn(i64) -> i64) -> Option<f64> {
    if a == 0.0 {
        return Some(a);
    }
    let sci = format!("{a:e}");
    let (mantissa, exp) = sci.split_once('e')?;
    let digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    let mut e10 = exp.parse::<i64>().ok()? + 1;
    let Ok(k) = usize::try_from(kept(e10)) else {
        return Some(a);
    };
    if digits.len() <= k || digits[k..] != [b'5'] {
        return Some(a);
    }
    if k == 0 {
        // No digit kept: Ruby rounds the exact value (0.5 gives 0, 0.05 gives 0.1).
        return Some(a);
    }
    let mut head = digits[..k].to_vec();
    if (head[k - 1] - b'0') % 2 == 1 {
        let mut carry = true;
        for d in head.iter_mut().rev() {
            if *d == b'9' {
                *d = b'0';
            } else {
                *d += 1;
                carry = false;
                break;
            }
        }
        if carry {
            head.insert(0, b'1');
            e10 += 1;
        }
    }
    format!("0.{}e{e10}", String::from_utf8(head).ok()?)
        .parse()
        .ok()
}

/// `%e` of a non-negative number: `1.234568e+04`.
fn exponent_form(a: f64, p: usize) -> Option<String> {
    let s = format!("{a:.p$e}");
    let (mantissa, exp) = s.split_once('e')?;
    let exp: i32 = exp.parse().ok()?;
    let sign = if exp < 0 { '-' } else { '+' };
    Some(format!("{mantissa}e{sign}{:02}", exp.abs()))
}

/// `%g` of a non-negative number (C's rules: `%e` for small and large exponents, trailing
/// zeros removed).
fn general_form(a: f64, p: usize) -> Option<String> {
    let p = p.max(1);
    let probe = format!("{a:.prec$e}", prec = p - 1);
    let exp: i64 = probe.split_once('e')?.1.parse().ok()?;
    let trim = |s: String| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    };
    if exp < -4 || exp >= p as i64 {
        let e = exponent_form(a, p - 1)?;
        let (mantissa, rest) = e.split_once('e')?;
        Some(format!("{}e{rest}", trim(mantissa.to_string())))
    } else {
        let decimals = usize::try_from(p as i64 - 1 - exp).ok()?;
        Some(trim(format!("{a:.decimals$}")))
    }
}

/// An argument as `%d` converts it (integers, floats truncated, decimal strings).
fn to_integer(v: &Value) -> Option<i64> {
    match v {
        Value::Int(i) => Some(*i),
        Value::Float(f) if f.is_finite() && f.abs() < 9.0e18 => Some(f.trunc() as i64),
        Value::Str(s) => {
            let digits = s.strip_prefix('-').unwrap_or(s);
            let plain = !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && (digits == "0" || !digits.starts_with('0'));
            if plain {
                s.parse().ok()
            } else {
                None
            }
        }
        _ => None,
    }
}

/// An argument as `%f` converts it (numbers, plain decimal strings).
fn to_float(v: &Value) -> Option<f64> {
    match v {
        Value::Int(i) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        Value::Str(s) => plain_decimal(s),
        _ => None,
    }
}

/// A string of the form `-?\d+(\.\d+)?` as a number.
pub(super) fn plain_decimal(s: &str) -> Option<f64> {
    let body = s.strip_prefix('-').unwrap_or(s);
    let (int, frac) = match body.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (body, None),
    };
    let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
    if digits(int) && frac.is_none_or(digits) {
        s.parse().ok()
    } else {
        None
    }
}
