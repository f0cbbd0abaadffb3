//! The two questions of the type system: [`instance_of`] (is a value of a type: `$x =~ T`,
//! a typed parameter) and [`assignable`] (is every value of one type a value of another:
//! `T1 <= T2`). They call each other (a type value is an instance of `Type[T]` when its
//! type is assignable to `T`; an unknown value of type `U` is an instance of `T` when `U`
//! is assignable to `T`).

use std::collections::HashMap;

use super::kinds::{kind, kinds};
use super::ptype::{
    accepts_undef_plain, in_size, size_of, Aliases, PType, StructMember, INT_MAX, INT_MIN,
};
use super::question::{and3, new_question, or3, resolve, step};
use crate::eval::value::Value;

/// Whether the string `s` matches the regexp `re` (Ruby syntax, unanchored); `None` when
/// the regexp does not compile.
fn regex_match(re: &str, s: &str) -> Option<bool> {
    thread_local! {
        static CACHE: std::cell::RefCell<HashMap<String, Option<onig::Regex>>> =
            std::cell::RefCell::new(HashMap::new());
    }
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() > 1000 {
            cache.clear();
        }
        let r = cache.entry(re.to_string()).or_insert_with(|| {
            onig::Regex::with_options(
                re,
                onig::RegexOptions::REGEX_OPTION_NONE,
                onig::Syntax::ruby(),
            )
            .ok()
        });
        r.as_ref().and_then(|r| crate::eval::regex::is_match(r, s))
    })
}

fn enum_has(values: &[String], case_insensitive: bool, s: &str) -> bool {
    if case_insensitive {
        let l = s.to_lowercase();
        values.iter().any(|v| v.to_lowercase() == l)
    } else {
        values.iter().any(|v| v == s)
    }
}

/// Whether `value` is an instance of `t`; `None` when it cannot be known.
pub fn instance_of(t: &PType, value: &Value, aliases: &Aliases) -> Option<bool> {
    new_question();
    inst(t, value, aliases, 0)
}

fn inst(t: &PType, v: &Value, a: &Aliases, depth: u32) -> Option<bool> {
    // Walking a value ends with the value; only aliases (which may branch back to
    // themselves) spend the budget.
    if matches!(t, PType::Alias(_)) && !step() {
        return None;
    }
    let mut d = depth;
    let t = resolve(t, a, &mut d)?;
    if let Value::Unknown(u) = v {
        return unknown_inst(t, u, a, d);
    }
    match t {
        PType::Any | PType::Unit | PType::Optional(None) => Some(true),
        PType::Undef => Some(matches!(v, Value::Undef)),
        PType::Default => Some(matches!(v, Value::Default)),
        PType::NotUndef(x) => {
            if matches!(v, Value::Undef) {
                Some(false)
            } else {
                x.as_ref().map_or(Some(true), |x| inst(x, v, a, d))
            }
        }
        PType::Optional(Some(x)) => {
            if matches!(v, Value::Undef) {
                Some(true)
            } else {
                inst(x, v, a, d)
            }
        }
        PType::Boolean => Some(matches!(v, Value::Bool(_))),
        PType::Integer { from, to } => Some(matches!(v, Value::Int(i) if from <= i && i <= to)),
        PType::Float { from, to } => Some(matches!(v, Value::Float(f) if from <= f && f <= to)),
        PType::Numeric => Some(matches!(v, Value::Int(_) | Value::Float(_))),
        PType::String { min, max } => {
            Some(matches!(v, Value::Str(s) if in_size(s.chars().count(), *min, *max)))
        }
        PType::Enum {
            values,
            case_insensitive,
        } => Some(matches!(v, Value::Str(s) if enum_has(values, *case_insensitive, s))),
        PType::Pattern(ps) => match v {
            Value::Str(s) if ps.is_empty() => Some(true),
            Value::Str(s) => or3(ps.iter().map(|p| regex_match(p, s))),
            _ => Some(false),
        },
        PType::Regexp(p) => match (p, v) {
            (None, Value::Regex(_)) => Some(true),
            (Some(p), Value::Regex(r)) => Some(**p == **r),
            _ => Some(false),
        },
        PType::Scalar => Some(matches!(
            v,
            Value::Int(_) | Value::Float(_) | Value::Str(_) | Value::Bool(_) | Value::Regex(_)
        )),
        PType::ScalarData => Some(matches!(
            v,
            Value::Int(_) | Value::Float(_) | Value::Str(_) | Value::Bool(_)
        )),
        PType::Data => match v {
            Value::Undef | Value::Int(_) | Value::Float(_) | Value::Str(_) | Value::Bool(_) => {
                Some(true)
            }
            Value::Array(items) => and3(items.iter().map(|x| inst(t, x, a, d))),
            Value::Hash(entries) => and3(entries.iter().flat_map(|(k, x)| {
                [
                    inst(
                        &PType::String {
                            min: 0,
                            max: INT_MAX,
                        },
                        k,
                        a,
                        d,
                    ),
                    inst(t, x, a, d),
                ]
            })),
            _ => Some(false),
        },
        PType::RichData => match v {
            Value::Array(items) => and3(items.iter().map(|x| inst(t, x, a, d))),
            Value::Hash(entries) => and3(entries.iter().flat_map(|(k, x)| {
                let key = match k {
                    Value::Unknown(_) => inst(
                        &PType::Variant(vec![
                            PType::String {
                                min: 0,
                                max: INT_MAX,
                            },
                            PType::Numeric,
                        ]),
                        k,
                        a,
                        d,
                    ),
                    _ => Some(matches!(k, Value::Str(_) | Value::Int(_) | Value::Float(_))),
                };
                [key, inst(t, x, a, d)]
            })),
            _ => Some(true),
        },
        PType::Collection { min, max } => match v {
            Value::Array(items) => Some(in_size(items.len(), *min, *max)),
            Value::Hash(entries) => Some(in_size(entries.len(), *min, *max)),
            _ => Some(false),
        },
        PType::Array { elem, min, max } => match v {
            Value::Array(items) => {
                if !in_size(items.len(), *min, *max) {
                    return Some(false);
                }
                and3(items.iter().map(|x| inst(elem, x, a, d)))
            }
            _ => Some(false),
        },
        PType::Hash {
            key,
            value,
            min,
            max,
        } => match v {
            Value::Hash(entries) => {
                if !in_size(entries.len(), *min, *max) {
                    return Some(false);
                }
                and3(
                    entries
                        .iter()
                        .flat_map(|(k, x)| [inst(key, k, a, d), inst(value, x, a, d)]),
                )
            }
            _ => Some(false),
        },
        PType::Tuple { types, min, max } => match v {
            Value::Array(items) => {
                if !in_size(items.len(), *min, *max) {
                    return Some(false);
                }
                if types.is_empty() {
                    return Some(true);
                }
                and3(items.iter().enumerate().map(|(i, x)| {
                    let ti = &types[i.min(types.len() - 1)];
                    inst(ti, x, a, d)
                }))
            }
            _ => Some(false),
        },
        PType::Struct(members) => match v {
            Value::Hash(entries) => struct_inst(members, entries, a, d),
            _ => Some(false),
        },
        PType::Variant(ts) => or3(ts.iter().map(|x| inst(x, v, a, d))),
        PType::Type(x) => match (x, v) {
            (None, Value::Type(_)) => Some(true),
            (Some(x), Value::Type(y)) => assign(x, y, a, d),
            _ => Some(false),
        },
        PType::Sensitive(x) => match (x, v) {
            (None, Value::Sensitive(_)) => Some(true),
            (Some(x), Value::Sensitive(y)) => inst(x, y, a, d),
            _ => Some(false),
        },
        PType::Iterable => match v {
            Value::Array(_) | Value::Hash(_) | Value::Str(_) => Some(true),
            Value::Int(i) => Some(*i >= 0),
            Value::Type(x) => match &**x {
                PType::Integer { from, to } => Some(*from != INT_MIN && *to != INT_MAX),
                PType::Enum { .. } => Some(true),
                PType::Alias(_) | PType::Other(_) => None,
                _ => Some(false),
            },
            _ => Some(false),
        },
        // No value of rein's is a lambda, an iterator, a resource or a class.
        PType::Callable
        | PType::Iterator
        | PType::CatalogEntry
        | PType::Resource {
            type_name: None, ..
        }
        | PType::Class(_) => Some(false),
        // A name rein takes for a resource type may be an alias it has not seen (a module
        // outside the run): no conclusion.
        PType::Resource { title: None, .. } => None,
        PType::Resource { .. } => Some(false),
        PType::Alias(_) | PType::Other(_) => None,
    }
}

fn struct_inst(
    members: &[StructMember],
    entries: &[(Value, Value)],
    a: &Aliases,
    d: u32,
) -> Option<bool> {
    if entries.iter().any(|(k, _)| k.is_unknown()) {
        // Which members the unknown keys fill is not known.
        let known_bad = entries.iter().any(|(k, _)| match k {
            Value::Str(s) => !members.iter().any(|m| *m.key == **s),
            Value::Unknown(_) => false,
            _ => true,
        });
        return if known_bad { Some(false) } else { None };
    }
    let mut results = Vec::new();
    for (k, _) in entries {
        match k {
            Value::Str(s) if members.iter().any(|m| *m.key == **s) => {}
            _ => return Some(false),
        }
    }
    for m in members {
        match entries
            .iter()
            .find(|(k, _)| k.as_str() == Some(m.key.as_str()))
        {
            Some((_, x)) => results.push(inst(&m.value, x, a, d)),
            None => {
                if !m.optional {
                    return Some(false);
                }
            }
        }
    }
    and3(results)
}

/// Whether an unknown value of type `u` is an instance of `t`: certain when every value
/// of `u` is one, or when none can be.
fn unknown_inst(t: &PType, u: &PType, a: &Aliases, d: u32) -> Option<bool> {
    if assign(t, u, a, d) == Some(true) {
        return Some(true);
    }
    if disjoint(t, u, a, d) {
        return Some(false);
    }
    None
}

/// A resource type by name only (`Foo::Bar`): it may stand for an alias rein has not seen
/// (defined in a module outside the run), so no conclusion is drawn from it against types
/// that are not references.
fn maybe_alias(t: &PType) -> bool {
    matches!(
        t,
        PType::Resource {
            type_name: Some(_),
            title: None
        }
    )
}

fn catalogish(t: &PType) -> bool {
    matches!(
        t,
        PType::Resource { .. } | PType::Class(_) | PType::CatalogEntry
    )
}

/// Whether no value is both of `t` and of `u` (certainly).
fn disjoint(t: &PType, u: &PType, a: &Aliases, depth: u32) -> bool {
    if !step() {
        return false;
    }
    {
        let mut d = depth;
        let (rt, ru) = (resolve(t, a, &mut d), resolve(u, a, &mut d));
        if rt.is_none_or(maybe_alias) || ru.is_none_or(maybe_alias) {
            return false;
        }
    }
    let (Some(kt), Some(ku)) = (kinds(t, a, depth), kinds(u, a, depth)) else {
        return false;
    };
    if kt & ku == 0 {
        return true;
    }
    let mut d = depth;
    let (Some(t), Some(u)) = (resolve(t, a, &mut d), resolve(u, a, &mut d)) else {
        return false;
    };
    match (t, u) {
        (PType::Integer { from, to }, PType::Integer { from: f2, to: t2 }) => to < f2 || t2 < from,
        (PType::Float { from, to }, PType::Float { from: f2, to: t2 }) => to < f2 || t2 < from,
        (
            _,
            PType::Enum {
                values,
                case_insensitive: false,
            },
        ) if !values.is_empty() => values
            .iter()
            .all(|s| inst(t, &Value::str(s.as_str()), a, d) == Some(false)),
        (PType::Variant(ts), _) => ts.iter().all(|x| disjoint(x, u, a, d)),
        (_, PType::Variant(us)) => us.iter().all(|x| disjoint(t, x, a, d)),
        (PType::Optional(Some(x)), _) => {
            kinds(u, a, d).is_some_and(|k| k & kind::UNDEF == 0) && disjoint(x, u, a, d)
        }
        (_, PType::Optional(Some(x))) => {
            kinds(t, a, d).is_some_and(|k| k & kind::UNDEF == 0) && disjoint(t, x, a, d)
        }
        _ => false,
    }
}

/// Whether every value of `other` is a value of `t`; `None` when it cannot be known.
/// An unknown about which nothing is known (`Any`) fits only `Any`; otherwise `None`.
pub fn assignable(t: &PType, other: &PType, aliases: &Aliases) -> Option<bool> {
    new_question();
    assign(t, other, aliases, 0)
}

fn is_any(t: &PType) -> bool {
    matches!(t, PType::Any | PType::Unit | PType::Optional(None))
}

fn size_within(t: (i64, i64), o: (i64, i64)) -> Option<bool> {
    Some(t.0 <= o.0 && o.1 <= t.1)
}

/// Whether the sizes of `o`'s instances are within `t`'s range. Puppet counts a plain
/// key whose value accepts undef as required when it compares sizes (though such a key
/// may be absent from an instance): no conclusion when that makes a difference.
fn sizes_within(t: (i64, i64), o: &PType) -> Option<bool> {
    let r = size_within(t, size_of(o)?);
    if let (Some(false), PType::Struct(ms)) = (r, o) {
        if ms
            .iter()
            .any(|m| m.optional && accepts_undef_plain(&m.value))
        {
            return None;
        }
    }
    r
}

/// The `i`-th element type of a tuple (the last one repeats).
fn tuple_at(types: &[PType], i: usize) -> &PType {
    if types.is_empty() {
        &PType::Any
    } else {
        &types[i.min(types.len() - 1)]
    }
}

/// The positions of a tuple whose element types differ (beyond them the last repeats),
/// limited to those an instance can have.
fn positions(lens: &[usize], max: i64) -> usize {
    let n = lens.iter().copied().max().unwrap_or(0).max(1);
    let cap = usize::try_from(max).unwrap_or(usize::MAX);
    n.min(cap)
}

fn assign(t: &PType, o: &PType, a: &Aliases, depth: u32) -> Option<bool> {
    if !step() {
        return None;
    }
    if t == o {
        return Some(true);
    }
    let mut d = depth;
    let t = resolve(t, a, &mut d)?;
    let o = resolve(o, a, &mut d)?;
    if t == o {
        return Some(true);
    }
    match o {
        PType::Variant(us) => return and3(us.iter().map(|u| assign(t, u, a, d))),
        PType::Optional(Some(x)) => {
            return and3([assign(t, &PType::Undef, a, d), assign(t, x, a, d)]);
        }
        PType::Any | PType::Unit | PType::Optional(None) | PType::Other(_) => {
            return if is_any(t) { Some(true) } else { None };
        }
        PType::NotUndef(None) => {
            return if is_any(t) || matches!(t, PType::NotUndef(None)) {
                Some(true)
            } else {
                None
            };
        }
        PType::NotUndef(Some(x)) => {
            // Puppet does not simplify `NotUndef[Optional[T]]` (it answers false where T
            // would fit): no conclusion when `x` accepts undef.
            return match kinds(x, a, d) {
                Some(k) if k & kind::UNDEF == 0 => assign(t, x, a, d),
                _ => None,
            };
        }
        _ => {}
    }
    match t {
        PType::Any | PType::Unit | PType::Optional(None) => Some(true),
        PType::Variant(ts) => or3(ts.iter().map(|x| assign(x, o, a, d))),
        PType::Optional(Some(x)) => {
            if matches!(o, PType::Undef) {
                Some(true)
            } else {
                assign(x, o, a, d)
            }
        }
        PType::NotUndef(x) => {
            let no_undef = kinds(o, a, d).map(|k| k & kind::UNDEF == 0);
            match x {
                None => no_undef,
                Some(x) => and3([no_undef, assign(x, o, a, d)]),
            }
        }
        PType::Other(_) | PType::Alias(_) => None,
        _ => atomic(t, o, a, d),
    }
}

/// `assign` for two types that are neither wrappers (`Variant`, `Optional`, `NotUndef`)
/// nor aliases.
fn atomic(t: &PType, o: &PType, a: &Aliases, d: u32) -> Option<bool> {
    if (maybe_alias(t) && !catalogish(o)) || (maybe_alias(o) && !catalogish(t)) {
        return None;
    }
    let kt = kinds(t, a, d)?;
    let ko = kinds(o, a, d)?;
    if ko & !kt != 0 {
        return Some(false);
    }
    let any_string = PType::String {
        min: 0,
        max: INT_MAX,
    };
    match t {
        PType::Undef
        | PType::Default
        | PType::Boolean
        | PType::Numeric
        | PType::ScalarData
        | PType::Regexp(None)
        | PType::Type(None)
        | PType::Sensitive(None)
        | PType::CatalogEntry
        | PType::Callable
        | PType::Iterator
        | PType::Collection {
            min: 0,
            max: INT_MAX,
        }
        | PType::String {
            min: 0,
            max: INT_MAX,
        } => Some(true),
        PType::Pattern(ps) if ps.is_empty() => Some(true),
        PType::Scalar => {
            if ko & kind::OBJECT == 0 {
                Some(true)
            } else {
                None
            }
        }
        PType::Data | PType::RichData => {
            let rich = matches!(t, PType::RichData);
            let key_type = if rich {
                PType::Variant(vec![any_string, PType::Numeric])
            } else {
                any_string
            };
            match o {
                PType::Array { elem, max, .. } => {
                    if *max == 0 {
                        Some(true)
                    } else {
                        assign(t, elem, a, d)
                    }
                }
                PType::Tuple { types, max, .. } => {
                    let n = positions(&[types.len()], *max);
                    and3((0..n).map(|i| assign(t, tuple_at(types, i), a, d)))
                }
                PType::Hash {
                    key, value, max, ..
                } => {
                    if *max == 0 {
                        Some(true)
                    } else {
                        and3([assign(&key_type, key, a, d), assign(t, value, a, d)])
                    }
                }
                PType::Struct(ms) => and3(ms.iter().map(|m| assign(t, &m.value, a, d))),
                PType::Collection { max, .. } => Some(*max == 0),
                PType::Data => Some(true),
                PType::Scalar => Some(rich),
                _ if ko & kind::OBJECT != 0 => None,
                _ => Some(true),
            }
        }
        PType::Integer { from, to } => match o {
            PType::Integer { from: f2, to: t2 } => Some(from <= f2 && t2 <= to),
            _ => None,
        },
        PType::Float { from, to } => match o {
            PType::Float { from: f2, to: t2 } => Some(from <= f2 && t2 <= to),
            _ => None,
        },
        PType::String { min, max } => match o {
            PType::String { min: m2, max: x2 } => size_within((*min, *max), (*m2, *x2)),
            PType::Enum { values, .. } if !values.is_empty() => Some(
                values
                    .iter()
                    .all(|v| in_size(v.chars().count(), *min, *max)),
            ),
            _ => None,
        },
        PType::Enum {
            values,
            case_insensitive,
        } => {
            if values.is_empty() {
                return None;
            }
            match o {
                PType::Enum {
                    values: v2,
                    case_insensitive: false,
                } if !v2.is_empty() => {
                    Some(v2.iter().all(|s| enum_has(values, *case_insensitive, s)))
                }
                PType::String { min: 0, max: 0 } => Some(enum_has(values, *case_insensitive, "")),
                PType::String { .. } => Some(false),
                _ => None,
            }
        }
        PType::Pattern(ps) => match o {
            PType::Enum {
                values,
                case_insensitive: false,
            } if !values.is_empty() => and3(
                values
                    .iter()
                    .map(|s| or3(ps.iter().map(|p| regex_match(p, s)))),
            ),
            // Puppet compares the patterns as sets (`Pattern[/a/] <= Pattern[/a/, /b/]` is
            // false); equal types were answered already.
            _ => None,
        },
        PType::Regexp(Some(p)) => match o {
            PType::Regexp(Some(p2)) => Some(p == p2),
            PType::Regexp(None) => Some(false),
            _ => None,
        },
        PType::Collection { min, max } => sizes_within((*min, *max), o),
        PType::Array { elem, min, max } => {
            let size = sizes_within((*min, *max), o);
            match o {
                PType::Array {
                    elem: e2, max: x2, ..
                } => {
                    if *x2 == 0 {
                        size
                    } else {
                        and3([size, assign(elem, e2, a, d)])
                    }
                }
                PType::Tuple { types, max: x2, .. } => {
                    let n = if *x2 == 0 {
                        0
                    } else {
                        positions(&[types.len()], *x2)
                    };
                    and3(
                        std::iter::once(size)
                            .chain((0..n).map(|i| assign(elem, tuple_at(types, i), a, d))),
                    )
                }
                _ => None,
            }
        }
        PType::Hash {
            key,
            value,
            min,
            max,
        } => {
            let size = sizes_within((*min, *max), o);
            match o {
                PType::Hash {
                    key: k2,
                    value: v2,
                    max: x2,
                    ..
                } => {
                    if *x2 == 0 {
                        size
                    } else {
                        and3([size, assign(key, k2, a, d), assign(value, v2, a, d)])
                    }
                }
                PType::Struct(ms) => and3(std::iter::once(size).chain(ms.iter().flat_map(|m| {
                    [
                        inst(key, &Value::str(m.key.as_str()), a, d),
                        assign(value, &m.value, a, d),
                    ]
                }))),
                _ => None,
            }
        }
        PType::Tuple { types, min, max } => {
            let size = sizes_within((*min, *max), o);
            match o {
                PType::Tuple {
                    types: t2, max: x2, ..
                } => {
                    let n = if *x2 == 0 {
                        0
                    } else {
                        positions(&[types.len(), t2.len()], *x2)
                    };
                    and3(
                        std::iter::once(size).chain(
                            (0..n).map(|i| assign(tuple_at(types, i), tuple_at(t2, i), a, d)),
                        ),
                    )
                }
                PType::Array { elem, max: x2, .. } => {
                    let n = if *x2 == 0 {
                        0
                    } else {
                        positions(&[types.len()], *x2)
                    };
                    and3(
                        std::iter::once(size)
                            .chain((0..n).map(|i| assign(tuple_at(types, i), elem, a, d))),
                    )
                }
                _ => None,
            }
        }
        PType::Struct(ms) => match o {
            PType::Struct(m2) => {
                if m2.iter().any(|x| !ms.iter().any(|m| m.key == x.key)) {
                    return Some(false);
                }
                and3(ms.iter().map(|m| match m2.iter().find(|x| x.key == m.key) {
                    Some(x) => {
                        if x.optional && !m.optional {
                            Some(false)
                        } else {
                            assign(&m.value, &x.value, a, d)
                        }
                    }
                    None => Some(m.optional),
                }))
            }
            PType::Hash { max: 0, .. } => Some(ms.iter().all(|m| m.optional)),
            _ => None,
        },
        PType::Type(Some(x)) => match o {
            PType::Type(Some(y)) => assign(x, y, a, d),
            PType::Type(None) => {
                let mut dd = d;
                match resolve(x, a, &mut dd) {
                    Some(r) if is_any(r) => Some(true),
                    Some(PType::Other(_)) | None => None,
                    Some(_) => Some(false),
                }
            }
            _ => None,
        },
        PType::Sensitive(Some(x)) => match o {
            PType::Sensitive(Some(y)) => assign(x, y, a, d),
            PType::Sensitive(None) if is_any(x) => Some(true),
            _ => None,
        },
        PType::Resource { type_name, title } => match o {
            PType::Resource {
                type_name: tn2,
                title: ti2,
            } => match (type_name, tn2) {
                (None, _) => Some(true),
                (Some(_), None) => Some(false),
                (Some(x), Some(y)) if !x.eq_ignore_ascii_case(y) => Some(false),
                _ => match (title, ti2) {
                    (None, _) => Some(true),
                    (Some(_), None) => Some(false),
                    (Some(x), Some(y)) => Some(x == y),
                },
            },
            PType::Class(_) | PType::CatalogEntry => Some(false),
            _ => None,
        },
        PType::Class(name) => match o {
            PType::Class(n2) => match (name, n2) {
                (None, _) => Some(true),
                (Some(_), None) => Some(false),
                (Some(x), Some(y)) => Some(x == y),
            },
            PType::Resource { .. } | PType::CatalogEntry => Some(false),
            _ => None,
        },
        PType::Iterable => match o {
            PType::Array { .. }
            | PType::Hash { .. }
            | PType::Tuple { .. }
            | PType::Struct(_)
            | PType::Collection { .. }
            | PType::String { .. }
            | PType::Enum { .. }
            | PType::Iterator => Some(true),
            PType::Integer { from, .. } if *from >= 0 => Some(true),
            PType::Type(Some(x)) => match &**x {
                PType::Integer { from, to } if *from != INT_MIN && *to != INT_MAX => Some(true),
                PType::Enum { .. } => Some(true),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}
