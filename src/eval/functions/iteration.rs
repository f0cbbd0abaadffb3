//! The iteration functions (`each`, `map`, `filter`, `reduce`, `any`, `all`,
//! `partition`, `group_by`, `index`, `slice`, `step`, `reverse_each`) over arrays, hashes,
//! strings, integers and integer ranges, and `with`/`then`/`lest`'s call of the lambda.

use onig::RegexOptions;

use super::block::{iteration, lambda, two_params, Block, Step};
use super::outcome::{ok, truthy, unk, Out};
use super::regexps::compile;
use super::ruby::{ruby_eq, ruby_eql};
use crate::eval::regex::Regexes;
use crate::eval::types::{PType, INT_MAX, INT_MIN};
use crate::eval::value::Value;

/// The elements an iterable yields: values, or key-value pairs for a hash.
pub(super) enum Elements {
    Values(Vec<Value>),
    Pairs(Vec<(Value, Value)>),
}

/// Most elements rein iterates over (an integer or range bigger than this is not modelled).
const MAX_ITERATION: i64 = 100_000;

/// What iterating over `v` yields; `None` when not modelled (unknown, or not iterable).
pub(super) fn elements(v: &Value) -> Option<Elements> {
    let range = |from: i64, to: i64| -> Option<Elements> {
        if to.checked_sub(from)? >= MAX_ITERATION {
            return None;
        }
        Some(Elements::Values((from..=to).map(Value::Int).collect()))
    };
    match v {
        Value::Array(items) => Some(Elements::Values(items.to_vec())),
        Value::Hash(entries) => Some(Elements::Pairs(entries.to_vec())),
        Value::Str(s) => Some(Elements::Values(
            s.chars().map(|c| Value::str(c.to_string())).collect(),
        )),
        Value::Int(n) if *n >= 0 => range(0, n - 1),
        Value::Type(t) => match &**t {
            PType::Integer { from, to } if *from != INT_MIN && *to != INT_MAX => range(*from, *to),
            _ => None,
        },
        _ => None,
    }
}

impl Elements {
    fn len(&self) -> usize {
        match self {
            Elements::Values(v) => v.len(),
            Elements::Pairs(p) => p.len(),
        }
    }

    /// The element at `i` as a single lambda argument (a pair is `[key, value]`).
    fn single(&self, i: usize) -> Value {
        match self {
            Elements::Values(v) => v[i].clone(),
            Elements::Pairs(p) => Value::array(vec![p[i].0.clone(), p[i].1.clone()]),
        }
    }

    /// The lambda arguments for element `i`: one, or two (`index, value` / `key, value`).
    fn args(&self, i: usize, two: bool) -> Vec<Value> {
        match (self, two) {
            (_, false) => vec![self.single(i)],
            (Elements::Values(v), true) => vec![Value::Int(i as i64), v[i].clone()],
            (Elements::Pairs(p), true) => vec![p[i].0.clone(), p[i].1.clone()],
        }
    }

    /// The element's key: its index, or a hash key.
    fn key(&self, i: usize) -> Value {
        match self {
            Elements::Values(_) => Value::Int(i as i64),
            Elements::Pairs(p) => p[i].0.clone(),
        }
    }
}

/// `each`, `map`, `filter`, `any`, `all` and `reverse_each` with a lambda. `break()` ends
/// `each` (which returns its argument), `map` and `filter` on arrays (which return what was
/// gathered); in the others Puppet fails, so the `Break` travels on.
pub(super) fn iterate(name: &str, args: &[Value], block: &mut dyn Block) -> Out {
    let [v] = args else { return None };
    let result_type = match name {
        "each" => PType::Any,
        "map" => PType::array(),
        "filter" => match v {
            Value::Hash(_) => PType::hash(),
            _ => PType::array(),
        },
        "any" | "all" => PType::Boolean,
        _ => PType::Undef,
    };
    if v.is_unknown() {
        return if name == "each" {
            ok(v.clone())
        } else {
            unk(result_type)
        };
    }
    let elems = elements(v)?;
    let two = if name == "reverse_each" {
        (block.arity().0 <= 1 && block.arity().1 >= 1).then_some(false)?
    } else {
        two_params(block)?
    };
    let n = elems.len();
    let order: Vec<usize> = if name == "reverse_each" {
        (0..n).rev().collect()
    } else {
        (0..n).collect()
    };
    let stops = matches!(name, "each" | "map" | "reverse_each")
        || (name == "filter" && matches!(elems, Elements::Values(_)));
    let mut mapped = Vec::new();
    let mut kept = Vec::new();
    let mut unknown = false;
    for i in order {
        let step = if stops {
            iteration(block, elems.args(i, two))
        } else {
            lambda(block, elems.args(i, two)).map(Step::Value)
        };
        let r = match step {
            Ok(Step::Value(r)) => r,
            Ok(Step::Break) => break,
            Err(e) => return Some(Err(e)),
        };
        match name {
            "map" => mapped.push(r),
            "filter" => match truthy(&r) {
                Some(true) => kept.push(i),
                Some(false) => {}
                None => unknown = true,
            },
            "any" => match truthy(&r) {
                Some(true) if !unknown => return ok(Value::Bool(true)),
                Some(true) => return unk(PType::Boolean),
                Some(false) => {}
                None => unknown = true,
            },
            "all" => match truthy(&r) {
                Some(false) if !unknown => return ok(Value::Bool(false)),
                Some(false) => return unk(PType::Boolean),
                Some(true) => {}
                None => unknown = true,
            },
            _ => {}
        }
    }
    if unknown {
        return unk(result_type);
    }
    match name {
        "each" => ok(v.clone()),
        "map" => ok(Value::array(mapped)),
        "filter" => match &elems {
            Elements::Values(items) => ok(Value::array(
                kept.iter().map(|&i| items[i].clone()).collect(),
            )),
            Elements::Pairs(pairs) => ok(Value::hash(
                kept.iter().map(|&i| pairs[i].clone()).collect(),
            )),
        },
        "any" => ok(Value::Bool(false)),
        "all" => ok(Value::Bool(true)),
        _ => ok(Value::Undef),
    }
}

/// `partition` (`[[kept], [others]]`) and `group_by` (`{result => [elements]}`): array
/// elements (with `|index, value|`, the values), hash entries as `[key, value]` pairs.
/// `break()` is an error in Puppet: it travels on.
pub(super) fn partition_group(group: bool, args: &[Value], block: &mut dyn Block) -> Out {
    let [v] = args else { return None };
    let result_type = if group {
        PType::hash()
    } else {
        PType::Tuple {
            types: vec![PType::array(), PType::array()],
            min: 2,
            max: 2,
        }
    };
    if !matches!(v, Value::Array(_) | Value::Hash(_)) {
        return if v.is_unknown() {
            unk(result_type)
        } else {
            None
        };
    }
    let elems = elements(v)?;
    let two = two_params(block)?;
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    let mut groups: Vec<(Value, Value)> = Vec::new();
    for i in 0..elems.len() {
        let r = match lambda(block, elems.args(i, two)) {
            Ok(r) => r,
            Err(e) => return Some(Err(e)),
        };
        let item = elems.single(i);
        if group {
            let mut found = false;
            for (k, members) in groups.iter_mut() {
                match ruby_eql(k, &r) {
                    Some(true) => {
                        if let Value::Array(m) = members {
                            std::sync::Arc::make_mut(m).push(item.clone());
                        }
                        found = true;
                        break;
                    }
                    Some(false) => {}
                    None => return unk(result_type),
                }
            }
            if !found {
                groups.push((r, Value::array(vec![item])));
            }
        } else {
            match truthy(&r) {
                Some(true) => yes.push(item),
                Some(false) => no.push(item),
                None => return unk(result_type),
            }
        }
    }
    if group {
        ok(Value::hash(groups))
    } else {
        ok(Value::array(vec![Value::array(yes), Value::array(no)]))
    }
}

/// `reduce` with or without a start value; `break()` gives the memo so far.
pub(super) fn reduce(args: &[Value], block: &mut dyn Block) -> Out {
    let (v, start) = match args {
        [v] => (v, None),
        [v, m] => (v, Some(m.clone())),
        _ => return None,
    };
    if v.is_unknown() {
        return unk(PType::Any);
    }
    let elems = elements(v)?;
    let n = elems.len();
    let (mut memo, first) = match start {
        Some(m) => (m, 0),
        None if n == 0 => return ok(Value::Undef),
        None => (elems.single(0), 1),
    };
    for i in first..n {
        match iteration(block, vec![memo.clone(), elems.single(i)]) {
            Ok(Step::Value(r)) => memo = r,
            Ok(Step::Break) => break,
            Err(e) => return Some(Err(e)),
        }
    }
    ok(memo)
}

/// `index(collection, value)`, `index(string, substring or regexp)` (a character index),
/// and `index(collection) |...| { ... }`.
pub(super) fn index(args: &[Value], block: Option<&mut dyn Block>, regexes: &Regexes) -> Out {
    match (args, block) {
        ([v], Some(block)) => {
            if v.is_unknown() {
                return unk(PType::Any);
            }
            let elems = elements(v)?;
            let two = two_params(block)?;
            let mut unknown = false;
            for i in 0..elems.len() {
                // A hash with a one-parameter lambda gives the lambda the values.
                let args = match (&elems, two) {
                    (Elements::Pairs(p), false) => vec![p[i].1.clone()],
                    _ => elems.args(i, two),
                };
                let r = match lambda(block, args) {
                    Ok(r) => r,
                    Err(e) => return Some(Err(e)),
                };
                match truthy(&r) {
                    Some(true) if !unknown => return ok(elems.key(i)),
                    Some(true) => return unk(PType::Any),
                    Some(false) => {}
                    None => unknown = true,
                }
            }
            if unknown {
                unk(PType::Any)
            } else {
                ok(Value::Undef)
            }
        }
        ([Value::Str(s), pattern], None) => {
            let found = match pattern {
                Value::Str(p) => s.find(&**p),
                Value::Regex(p) => {
                    let re = match compile(p, RegexOptions::REGEX_OPTION_NONE, regexes) {
                        Ok(re) => re,
                        Err(e) => return Some(Err(e)),
                    };
                    regexes
                        .search(&re, s, 0)
                        .and_then(|r| r.pos(0))
                        .map(|(b, _)| b)
                }
                Value::Unknown(_) => return unk(PType::Any),
                _ => return None,
            };
            ok(match found {
                Some(byte) => Value::Int(s[..byte].chars().count() as i64),
                None => Value::Undef,
            })
        }
        ([v, target], None) => {
            if v.is_unknown() {
                return unk(PType::Any);
            }
            let elems = elements(v)?;
            for i in 0..elems.len() {
                let candidate = match &elems {
                    Elements::Values(items) => &items[i],
                    Elements::Pairs(pairs) => &pairs[i].1,
                };
                match ruby_eq(candidate, target) {
                    Some(true) => return ok(elems.key(i)),
                    Some(false) => {}
                    None => return unk(PType::Any),
                }
            }
            ok(Value::Undef)
        }
        _ => None,
    }
}

/// `slice(collection, n)`: the slices as an array; with a lambda, calls it for every slice
/// (one parameter gets the slice, `n` parameters its elements, undef-filled) and returns the
/// collection.
pub(super) fn slice(args: &[Value], block: Option<&mut dyn Block>) -> Out {
    let [v, n] = args else { return None };
    let Value::Int(size) = n else {
        return if n.is_unknown() {
            unk(PType::Any)
        } else {
            None
        };
    };
    if *size < 1 {
        return None;
    }
    let size = usize::try_from(*size).ok()?;
    if v.is_unknown() {
        return unk(if block.is_some() {
            PType::Any
        } else {
            PType::array()
        });
    }
    let elems = elements(v)?;
    let all: Vec<Value> = (0..elems.len()).map(|i| elems.single(i)).collect();
    let slices: Vec<Vec<Value>> = all.chunks(size).map(<[Value]>::to_vec).collect();
    let Some(block) = block else {
        return ok(Value::array(slices.into_iter().map(Value::array).collect()));
    };
    let (min, max) = block.arity();
    let serving = if min == max { min } else { size };
    if serving == 0 || (serving != 1 && serving != size) {
        return None;
    }
    for mut s in slices {
        let args = if serving == 1 {
            vec![Value::array(s)]
        } else {
            s.resize(size, Value::Undef);
            s
        };
        match iteration(block, args) {
            Ok(Step::Value(_)) => {}
            Ok(Step::Break) => break,
            Err(e) => return Some(Err(e)),
        }
    }
    ok(v.clone())
}

/// `step(iterable, n) |x| { ... }`: every n-th element; gives undef.
pub(super) fn step(args: &[Value], block: &mut dyn Block) -> Out {
    let [v, Value::Int(n)] = args else {
        return None;
    };
    if *n < 1 {
        return None;
    }
    if v.is_unknown() {
        return ok(Value::Undef);
    }
    let elems = elements(v)?;
    let by = usize::try_from(*n).ok()?;
    if two_params(block) != Some(false) {
        return None;
    }
    for i in (0..elems.len()).step_by(by) {
        match iteration(block, vec![elems.single(i)]) {
            Ok(Step::Value(_)) => {}
            Ok(Step::Break) => break,
            Err(e) => return Some(Err(e)),
        }
    }
    ok(Value::Undef)
}

/// `step` and `reverse_each` without a lambda give an `Iterator`.
pub(super) fn iterator(args: &[Value]) -> Out {
    match args {
        [_] | [_, _] => unk(PType::Iterator),
        _ => None,
    }
}
