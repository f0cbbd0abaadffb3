//! `sort`, and the orderings the functions that compare values share: Ruby's `<=>` on
//! values and a lambda's answer, with a merge sort where Ruby's sort order is certain.

use std::cmp::Ordering;

use super::block::Block;
use super::outcome::{ok, unk, Out};
use super::ruby::ruby_eql;
use crate::eval::types::PType;
use crate::eval::value::{ErrorKind, EvalError, Value};

/// Ruby's `<=>` on numbers, strings and arrays of them; `None` when not comparable (or
/// unknown).
pub(super) fn ruby_cmp(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(x.cmp(y)),
        (Value::Int(x), Value::Float(y)) => (*x as f64).partial_cmp(y),
        (Value::Float(x), Value::Int(y)) => x.partial_cmp(&(*y as f64)),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y),
        (Value::Str(x), Value::Str(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (Value::Array(x), Value::Array(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                match ruby_cmp(p, q)? {
                    Ordering::Equal => {}
                    o => return Some(o),
                }
            }
            Some(x.len().cmp(&y.len()))
        }
        _ => None,
    }
}

/// The integer a comparator lambda returned, as an ordering.
fn block_ordering(v: &Value) -> Option<Ordering> {
    match v {
        Value::Int(i) => Some(i.cmp(&0)),
        _ => None,
    }
}

/// A comparison: Ruby's `<=>` or a comparator lambda.
pub(super) type Comparator<'a> = Box<dyn FnMut(&Value, &Value) -> Result<Ordering, Stop> + 'a>;

/// Why a comparison-driven algorithm stopped.
pub(super) enum Stop {
    /// Not modelled or unknown: the result is an unknown.
    Unknown,
    Error(EvalError),
}

/// A stable merge sort with a fallible comparator (never panics on inconsistent orders).
fn merge_sort(
    items: Vec<Value>,
    cmp: &mut dyn FnMut(&Value, &Value) -> Result<Ordering, Stop>,
) -> Result<Vec<Value>, Stop> {
    if items.len() <= 1 {
        return Ok(items);
    }
    let mut left = items;
    let right = left.split_off(left.len() / 2);
    let left = merge_sort(left, cmp)?;
    let right = merge_sort(right, cmp)?;
    let mut out = Vec::with_capacity(left.len() + right.len());
    let mut l = left.into_iter().peekable();
    let mut r = right.into_iter().peekable();
    while let (Some(a), Some(b)) = (l.peek(), r.peek()) {
        if cmp(a, b)? == Ordering::Greater {
            out.extend(r.next());
        } else {
            out.extend(l.next());
        }
    }
    out.extend(l);
    out.extend(r);
    Ok(out)
}

/// Calls a comparator lambda.
pub(super) fn compare_with(block: &mut dyn Block, a: &Value, b: &Value) -> Result<Ordering, Stop> {
    match block.call(vec![a.clone(), b.clone()]) {
        Ok(v)
        | Err(EvalError {
            kind: ErrorKind::Next(v),
            ..
        }) => block_ordering(&v).ok_or(Stop::Unknown),
        Err(e) => Err(Stop::Error(e)),
    }
}

pub(super) fn stop_out(stop: Stop, t: PType) -> Out {
    match stop {
        Stop::Unknown => unk(t),
        Stop::Error(e) => Some(Err(e)),
    }
}

pub(super) fn sort(args: &[Value], block: Option<&mut dyn Block>) -> Out {
    let [v] = args else { return None };
    let (items, is_string) = match v {
        Value::Array(items) => (items.to_vec(), false),
        Value::Str(s) => (s.chars().map(|c| Value::str(c.to_string())).collect(), true),
        Value::Unknown(_) => return unk(PType::Any),
        _ => return None,
    };
    let result_type = if is_string {
        PType::string()
    } else {
        PType::array()
    };
    if block.is_none() && v.has_unknown() {
        return unk(result_type);
    }
    // Ruby's sort is not stable: equal but distinguishable elements make the order unknown.
    let mut cmp: Comparator = match block {
        Some(b) => Box::new(move |x: &Value, y: &Value| compare_with(b, x, y)),
        None => Box::new(|x: &Value, y: &Value| ruby_cmp(x, y).ok_or(Stop::Unknown)),
    };
    let mut checked = |x: &Value, y: &Value| -> Result<Ordering, Stop> {
        let o = cmp(x, y)?;
        if o == Ordering::Equal && ruby_eql(x, y) != Some(true) {
            return Err(Stop::Unknown);
        }
        Ok(o)
    };
    match merge_sort(items, &mut checked) {
        Ok(sorted) if is_string => {
            let s: Option<String> = sorted.iter().map(|c| c.as_str()).collect();
            s.map(|s| Ok(Value::str(s)))
        }
        Ok(sorted) => ok(Value::array(sorted)),
        Err(stop) => stop_out(stop, result_type),
    }
}
