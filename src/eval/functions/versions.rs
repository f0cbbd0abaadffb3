//! `versioncmp`: Puppet's comparison of version strings.

use std::cmp::Ordering;

use super::outcome::{ok, param_mismatch, unk, Out};
use crate::eval::types::{Aliases, PType};
use crate::eval::value::Value;

pub(super) fn versioncmp(args: &[Value], aliases: &Aliases) -> Out {
    let (a, b, ignore) = match args {
        [a, b] => (a, b, &Value::Bool(false)),
        [a, b, i] => (a, b, i),
        _ => return None,
    };
    for (v, name) in [(a, "a"), (b, "b")] {
        if !matches!(v, Value::Str(_) | Value::Unknown(_)) {
            return param_mismatch("versioncmp", name, PType::string(), v, aliases);
        }
    }
    if !matches!(ignore, Value::Bool(_) | Value::Unknown(_)) {
        return param_mismatch(
            "versioncmp",
            "ignore_trailing_zeroes",
            PType::Boolean,
            ignore,
            aliases,
        );
    }
    match (a, b, ignore) {
        (Value::Str(a), Value::Str(b), Value::Bool(i)) => match version_compare(a, b, *i) {
            Some(n) => ok(Value::Int(n)),
            None => unk(PType::Integer { from: -1, to: 1 }),
        },
        _ => unk(PType::Integer { from: -1, to: 1 }),
    }
}

/// `Puppet::Util::Package.versioncmp`.
fn version_compare(a: &str, b: &str, ignore_trailing_zeroes: bool) -> Option<i64> {
    let (a, b) = if ignore_trailing_zeroes {
        (normalize_version(a)?, normalize_version(b)?)
    } else {
        (a.to_string(), b.to_string())
    };
    let ax = version_tokens(&a);
    let bx = version_tokens(&b);
    let sign = |o: Ordering| match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    };
    for (x, y) in ax.iter().zip(bx.iter()) {
        if x == y {
            continue;
        }
        if *x == "-" {
            return Some(-1);
        }
        if *y == "-" {
            return Some(1);
        }
        if *x == "." {
            return Some(-1);
        }
        if *y == "." {
            return Some(1);
        }
        let digits = |t: &str| t.bytes().all(|c| c.is_ascii_digit());
        if digits(x) && digits(y) && !x.starts_with('0') && !y.starts_with('0') {
            let (p, q): (u128, u128) = (x.parse().ok()?, y.parse().ok()?);
            return Some(sign(p.cmp(&q)));
        }
        return Some(sign(x.to_uppercase().cmp(&y.to_uppercase())));
    }
    Some(sign(a.cmp(&b)))
}

/// The tokens of `/[-.]|\d+|[^-.\d]+/`.
fn version_tokens(s: &str) -> Vec<&str> {
    let class = |c: char| {
        if c == '-' || c == '.' {
            0
        } else if c.is_ascii_digit() {
            1
        } else {
            2
        }
    };
    let mut tokens = Vec::new();
    let mut start = 0;
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let k = class(c);
        if k != 0 {
            while let Some(&(_, d)) = chars.peek() {
                if class(d) != k {
                    break;
                }
                chars.next();
            }
        }
        let end = chars.peek().map_or(s.len(), |&(j, _)| j);
        tokens.push(&s[start.max(i)..end]);
        start = end;
    }
    tokens
}

/// `versioncmp`'s trailing-zero removal: the dots and zeros ending the part before the first
/// `-` go (so `10` becomes `1`, as in Puppet).
fn normalize_version(v: &str) -> Option<String> {
    let mut parts: Vec<&str> = v.split('-').collect();
    while parts.last().is_some_and(|p| p.is_empty()) {
        parts.pop();
    }
    let first = parts.first_mut()?;
    *first = first.trim_end_matches(['.', '0']);
    Some(parts.join("-"))
}
