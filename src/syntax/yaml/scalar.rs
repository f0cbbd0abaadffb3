//! What a plain scalar means to Hiera: Ruby's Psych resolves plain scalars by YAML 1.1's
//! rules (its `ScalarScanner`), so `yes`/`off` are booleans, `0755` is octal, `1_000` and
//! `1,000` are integers and `1:30` is sexagesimal, where YAML 1.2 would read strings.

/// The value of a plain scalar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Plain {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    /// Anything else (also an integer too large for 64 bits, a date, a symbol).
    Str,
}

impl Plain {
    /// Resolves the text of a plain scalar.
    pub fn of(s: &str) -> Plain {
        if s.is_empty() || s == "~" || s.eq_ignore_ascii_case("null") {
            return Plain::Null;
        }
        let lower = s.to_ascii_lowercase();
        match lower.as_str() {
            "yes" | "true" | "on" => return Plain::Bool(true),
            "no" | "false" | "off" => return Plain::Bool(false),
            ".inf" | "+.inf" => return Plain::Float(f64::INFINITY),
            "-.inf" => return Plain::Float(f64::NEG_INFINITY),
            ".nan" => return Plain::Float(f64::NAN),
            _ => {}
        }
        if let Some(v) = sexagesimal(s) {
            return v;
        }
        if let Some(v) = float(s) {
            return Plain::Float(v);
        }
        integer(s).map_or(Plain::Str, Plain::Int)
    }
}

/// Splits a leading sign: (negative, rest).
fn sign(s: &str) -> (bool, &str) {
    match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    }
}

/// `[-+]?0b[01_,]+`, `[-+]?0[0-7_,]+`, `[-+]?0x[0-9a-fA-F_,]+`, or decimal digits where `_`
/// and `,` may separate digits.
fn integer(s: &str) -> Option<i64> {
    let (negative, body) = sign(s);
    let digits = |t: &str, radix: u32| -> Option<i64> {
        if t.is_empty() || !t.chars().all(|c| c.is_digit(radix) || c == '_' || c == ',') {
            return None;
        }
        let clean: String = t.chars().filter(|c| c.is_digit(radix)).collect();
        if clean.is_empty() {
            return None;
        }
        i64::from_str_radix(&clean, radix).ok()
    };
    let value = if let Some(b) = body.strip_prefix("0b") {
        digits(b, 2)?
    } else if let Some(x) = body.strip_prefix("0x") {
        digits(x, 16)?
    } else if body.len() > 1 && body.starts_with('0') {
        digits(&body[1..], 8)?
    } else {
        // A decimal: `0`, or a digit 1-9 then digits each optionally after one `_` or `,`.
        let bytes = body.as_bytes();
        match bytes.first() {
            Some(b'0') if bytes.len() == 1 => 0,
            Some(b'1'..=b'9') => {
                let mut prev_sep = false;
                for &b in &bytes[1..] {
                    match b {
                        b'0'..=b'9' => prev_sep = false,
                        b'_' | b',' if !prev_sep => prev_sep = true,
                        _ => return None,
                    }
                }
                if prev_sep {
                    return None;
                }
                digits(body, 10)?
            }
            _ => return None,
        }
    };
    Some(if negative {
        value.checked_neg()?
    } else {
        value
    })
}

/// `[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?`, but not a lone `.` or sign.
fn float(s: &str) -> Option<f64> {
    let (negative, body) = sign(s);
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int, frac) = mantissa.split_once('.')?;
    if let Some(first) = int.chars().next() {
        if !first.is_ascii_digit()
            || !int
                .chars()
                .all(|c| c.is_ascii_digit() || c == '_' || c == ',')
        {
            return None;
        }
    }
    if !frac.chars().all(|c| c.is_ascii_digit()) || (int.is_empty() && frac.is_empty()) {
        return None;
    }
    if let Some(e) = exponent {
        let digits = e.strip_prefix(['-', '+'])?;
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
    }
    let clean: String = body.chars().filter(|c| *c != '_' && *c != ',').collect();
    let value: f64 = clean.parse().ok()?;
    Some(if negative { -value } else { value })
}

/// `[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}` (an integer) with an optional `.[0-9_]*` (a
/// float): base 60.
fn sexagesimal(s: &str) -> Option<Plain> {
    let (negative, body) = sign(s);
    let (whole, frac) = match body.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (body, None),
    };
    let mut parts = whole.split(':');
    let head = parts.next()?;
    let rest: Vec<&str> = parts.collect();
    if rest.is_empty() || rest.len() > 2 {
        return None;
    }
    if !head.starts_with(|c: char| c.is_ascii_digit())
        || !head.chars().all(|c| c.is_ascii_digit() || c == '_')
    {
        return None;
    }
    let mut value: i64 = head.replace('_', "").parse().ok()?;
    for p in rest {
        let ok = (1..=2).contains(&p.len())
            && p.chars().all(|c| c.is_ascii_digit())
            && (p.len() == 1 || p.as_bytes()[0] <= b'5');
        if !ok {
            return None;
        }
        value = value.checked_mul(60)?.checked_add(p.parse().ok()?)?;
    }
    let value = if negative { -value } else { value };
    match frac {
        None => Some(Plain::Int(value)),
        Some(f) if f.chars().all(|c| c.is_ascii_digit() || c == '_') => {
            let f: String = f.chars().filter(|c| *c != '_').collect();
            let frac: f64 = format!("0.{f}0").parse().ok()?;
            Some(Plain::Float(
                value as f64 + if negative { -frac } else { frac },
            ))
        }
        Some(_) => None,
    }
}
