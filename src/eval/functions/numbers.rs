//! The number functions: `abs`, `floor`, `ceiling`, `round`, `min`, `max` and
//! `compare`.

use std::cmp::Ordering;

use super::block::Block;
use super::format::plain_decimal;
use super::outcome::{any_unknown, err, ok, param_mismatch, unk, variant_mismatch, Out};
use super::ruby::ruby_to_s;
use super::sorting::{compare_with, ruby_cmp, stop_out, Comparator, Stop};
use crate::eval::types::{Aliases, PType};
use crate::eval::value::{ErrorKind, Value};

pub(super) fn numeric(name: &str, args: &[Value], aliases: &Aliases) -> Out {
    let [v] = args else { return None };
    let number = match v {
        Value::Unknown(_) => {
            return unk(if name == "abs" {
                PType::Numeric
            } else {
                PType::integer()
            })
        }
        Value::Int(_) | Value::Float(_) => v.clone(),
        Value::Str(s) if name != "round" => {
            // Deprecated conversions: abs takes decimal strings, floor/ceiling Float(s).
            let f = plain_decimal(s)?;
            if name == "abs" && !s.contains('.') {
                Value::Int(s.parse().ok()?)
            } else {
                Value::Float(f)
            }
        }
        _ if name == "round" => {
            return param_mismatch("round", "val", PType::Numeric, v, aliases);
        }
        Value::Sensitive(_) => return None,
        _ => return variant_mismatch(name, "val", vec![PType::Numeric, PType::string()], v),
    };
    let to_int = |f: f64| -> Option<Value> {
        (f.is_finite() && f.abs() < 9.0e18).then_some(Value::Int(f as i64))
    };
    let result = match (name, number) {
        ("abs", Value::Int(i)) => i.checked_abs().map(Value::Int),
        ("abs", Value::Float(f)) => Some(Value::Float(f.abs())),
        (_, Value::Int(i)) if name != "round" => Some(Value::Int(i)),
        ("round", Value::Int(i)) => (i.unsigned_abs() < (1 << 53)).then_some(Value::Int(i)),
        ("floor", Value::Float(f)) => to_int(f.floor()),
        ("ceiling", Value::Float(f)) => to_int(f.ceil()),
        ("round", Value::Float(f)) => to_int(if f > 0.0 { f + 0.5 } else { f - 0.5 }),
        _ => None,
    };
    match result {
        Some(r) => ok(r),
        None => unk(PType::Numeric),
    }
}

/// Whether a string looks like a number to `min`/`max` (`-?\d+([._eE]\d+)?`).
fn numeric_string(s: &str) -> Option<f64> {
    let body = s.strip_prefix('-').unwrap_or(s);
    let digits_end = body
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(body.len());
    if digits_end == 0 {
        return None;
    }
    let rest = &body[digits_end..];
    let number = if rest.is_empty() {
        body.to_string()
    } else {
        let mut rc = rest.chars();
        let sep = rc.next()?;
        let tail = rc.as_str();
        if !"._eE".contains(sep) || tail.is_empty() || !tail.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let sep = if sep == '_' {
            String::new()
        } else {
            sep.to_string()
        };
        format!("{}{sep}{tail}", &body[..digits_end])
    };
    let f: f64 = number.parse().ok()?;
    Some(if s.starts_with('-') { -f } else { f })
}

pub(super) fn min_max(max: bool, args: &[Value], block: Option<&mut dyn Block>) -> Out {
    let items: Vec<Value> = match args {
        [Value::Array(items)] => items.to_vec(),
        [Value::Unknown(_)] => return unk(PType::Any),
        _ => args.to_vec(),
    };
    if items.is_empty() {
        return if block.is_some() {
            ok(Value::Undef)
        } else {
            err(
                ErrorKind::Other,
                format!(
                    "{}(): Wrong number of arguments need at least one",
                    if max { "max" } else { "min" }
                ),
            )
        };
    }
    if block.is_none() && any_unknown(&items) {
        return unk(PType::Any);
    }
    let all_numeric = items
        .iter()
        .all(|v| matches!(v, Value::Int(_) | Value::Float(_)));
    let all_strings = items.iter().all(|v| matches!(v, Value::Str(_)));
    let mut cmp: Comparator = match block {
        Some(b) => Box::new(move |x: &Value, y: &Value| compare_with(b, x, y)),
        None if all_numeric => Box::new(|x: &Value, y: &Value| ruby_cmp(x, y).ok_or(Stop::Unknown)),
        None => Box::new(move |x: &Value, y: &Value| {
            let xs = if all_strings {
                x.as_str().map(str::to_string)
            } else {
                ruby_to_s(x)
            };
            let ys = if all_strings {
                y.as_str().map(str::to_string)
            } else {
                ruby_to_s(y)
            };
            let (xs, ys) = (xs.ok_or(Stop::Unknown)?, ys.ok_or(Stop::Unknown)?);
            if matches!(x, Value::Array(_) | Value::Hash(_))
                || matches!(y, Value::Array(_) | Value::Hash(_))
            {
                return Err(Stop::Unknown);
            }
            match (numeric_string(&xs), numeric_string(&ys)) {
                (Some(p), Some(q)) => p.partial_cmp(&q).ok_or(Stop::Unknown),
                _ => Ok(xs.as_bytes().cmp(ys.as_bytes())),
            }
        }),
    };
    let mut best = items[0].clone();
    for v in &items[1..] {
        let o = match cmp(v, &best) {
            Ok(o) => o,
            Err(stop) => return stop_out(stop, PType::Any),
        };
        let better = if max {
            o == Ordering::Greater
        } else {
            o == Ordering::Less
        };
        if better {
            best = v.clone();
        }
    }
    ok(best)
}

pub(super) fn compare(args: &[Value]) -> Out {
    if any_unknown(args) {
        return unk(PType::Integer { from: -1, to: 1 });
    }
    let o = match args {
        [a @ (Value::Int(_) | Value::Float(_)), b @ (Value::Int(_) | Value::Float(_))] => {
            ruby_cmp(a, b)?
        }
        [Value::Str(a), Value::Str(b)] | [Value::Str(a), Value::Str(b), Value::Bool(true)] => a
            .to_ascii_lowercase()
            .as_bytes()
            .cmp(b.to_ascii_lowercase().as_bytes()),
        [Value::Str(a), Value::Str(b), Value::Bool(false)] => a.as_bytes().cmp(b.as_bytes()),
        [a, b] => {
            let label = |v: &Value| match v {
                Value::Int(_) => Some("Integer"),
                Value::Float(_) => Some("Float"),
                Value::Str(_) => Some("String"),
                _ => None,
            };
            let (la, lb) = (label(a)?, label(b)?);
            return err(
                ErrorKind::TypeMismatch,
                format!(
                    "'compare' compare(): Can only compare values of the same type (or for \
                     Timestamp/Timespan also against Numeric). Got {la} and {lb}"
                ),
            );
        }
        _ => return None,
    };
    ok(Value::Int(match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }))
}
