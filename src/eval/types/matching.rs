//! The two questions of the type system: [`instance_of`] (is a value of a type: `$x =~ T`,
//! a typed parameter) and [`assignable`] (is every value of one type a value of another:
//! `T1 <= T2`). They call each other (a type value is an instance of `Type[T]` when its
//! type is assignable to `T`; an unknown value of type `U` is an instance of `T` when `U`
//! is assignable to `T`).

use super::kinds::{kind, kinds};
use super::ptype::{
    accepts_undef_plain, in_size, size_of, Aliases, PType, StructMember, INT_MAX, INT_MIN,
};
use super::question::{resolve, Question};
use crate::eval::regex::Regexes;
use crate::eval::three_valued::{all3, any3};
use crate::eval::value::Value;

fn enum_has(values: &[String], case_insensitive: bool, s: &str) -> bool {
    if case_insensitive {
        let l = s.to_lowercase();
        values.iter().any(|v| v.to_lowercase() == l)
    } else {
        values.iter().any(|v| v == s)
    }
}

/// Whether `value` is an instance of `t`; `None` when it cannot be known.
pub fn instance_of(t: &PType, value: &Value, aliases: &Aliases, regexes: &Regexes) -> Option<bool> {
    inst(t, value, &Question::new(aliases, regexes), 0)
}

fn inst(t: &PType, v: &Value, q: &Question, depth: u32) -> Option<bool> {
    // Walking a value ends with the value; only aliases (which may branch back to
    // themselves) spend the budget.
    if matches!(t, PType::Alias(_)) && !q.step() {
        return None;
    }
    let mut d = depth;
    let t = resolve(t, q.aliases, &mut d)?;
    if let Value::Unknown(u) = v {
        return unknown_inst(t, u, q, d);
    }
    match t {
        PType::Any | PType::Unit | PType::Optional(None) => Some(true),
        PType::Undef => Some(matches!(v, Value::Undef)),
        PType::Default => Some(matches!(v, Value::Default)),
        PType::NotUndef(x) => {
            if matches!(v, Value::Undef) {
                Some(false)
            } else {
                x.as_ref().map_or(Some(true), |x| inst(x, v, q, d))
            }
        }
        PType::Optional(Some(x)) => {
            if matches!(v, Value::Undef) {
                Some(true)
            } else {
                inst(x, v, q, d)
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
            Value::Str(s) => any3(ps.iter().map(|p| q.regexes.pattern_match(p, s))),
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
            Value::Array(items) => all3(items.iter().map(|x| inst(t, x, q, d))),
            Value::Hash(entries) => all3(
                entries
                    .iter()
                    .flat_map(|(k, x)| [inst(&PType::string(), k, q, d), inst(t, x, q, d)]),
            ),
            _ => Some(false),
        },
        PType::RichData => match v {
            Value::Array(items) => all3(items.iter().map(|x| inst(t, x, q, d))),
            Value::Hash(entries) => all3(entries.iter().flat_map(|(k, x)| {
                let key = match k {
                    Value::Unknown(_) => inst(
                        &PType::Variant(vec![PType::string(), PType::Numeric]),
                        k,
                        q,
                        d,
                    ),
                    _ => Some(matches!(k, Value::Str(_) | Value::Int(_) | Value::Float(_))),
                };
                [key, inst(t, x, q, d)]
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
                all3(items.iter().map(|x| inst(elem, x, q, d)))
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
                all3(
                    entries
                        .iter()
                        .flat_map(|(k, x)| [inst(key, k, q, d), inst(value, x, q, d)]),
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
                all3(items.iter().enumerate().map(|(i, x)| {
                    let ti = &types[i.min(types.len() - 1)];
                    inst(ti, x, q, d)
                }))
            }
            _ => Some(false),
        },
        PType::Struct(members) => match v {
            Value::Hash(entries) => struct_inst(members, entries, q, d),
            _ => Some(false),
        },
        PType::Variant(ts) => any3(ts.iter().map(|x| inst(x, v, q, d))),
        PType::Type(x) => match (x, v) {
            (None, Value::Type(_)) => Some(true),
            (Some(x), Value::Type(y)) => assign(x, y, q, d),
            _ => Some(false),
        },
        PType::Sensitive(x) => match (x, v) {
            (None, Value::Sensitive(_)) => Some(true),
            (Some(x), Value::Sensitive(y)) => inst(x, y, q, d),
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
    q: &Question,
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
            Some((_, x)) => results.push(inst(&m.value, x, q, d)),
            None => {
                if !m.optional {
                    return Some(false);
                }
            }
        }
    }
    all3(results)
}

/// Whether an unknown value of type `u` is an instance of `t`: certain when every value
/// of `u` is one, or when none can be.
fn unknown_inst(t: &PType, u: &PType, q: &Question, d: u32) -> Option<bool> {
    if assign(t, u, q, d) == Some(true) {
        return Some(true);
    }
    if disjoint(t, u, q, d) {
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
fn disjoint(t: &PType, u: &PType, q: &Question, depth: u32) -> bool {
    if !q.step() {
        return false;
    }
    {
        let mut d = depth;
        let (rt, ru) = (resolve(t, q.aliases, &mut d), resolve(u, q.aliases, &mut d));
        if rt.is_none_or(maybe_alias) || ru.is_none_or(maybe_alias) {
            return false;
        }
    }
    let (Some(kt), Some(ku)) = (kinds(t, q, depth), kinds(u, q, depth)) else {
        return false;
    };
    if kt & ku == 0 {
        return true;
    }
    let mut d = depth;
    let (Some(t), Some(u)) = (resolve(t, q.aliases, &mut d), resolve(u, q.aliases, &mut d)) else {
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
            .all(|s| inst(t, &Value::str(s.as_str()), q, d) == Some(false)),
        (PType::Variant(ts), _) => ts.iter().all(|x| disjoint(x, u, q, d)),
        (_, PType::Variant(us)) => us.iter().all(|x| disjoint(t, x, q, d)),
        (PType::Optional(Some(x)), _) => {
            kinds(u, q, d).is_some_and(|k| k & kind::UNDEF == 0) && disjoint(x, u, q, d)
        }
        (_, PType::Optional(Some(x))) => {
            kinds(t, q, d).is_some_and(|k| k & kind::UNDEF == 0) && disjoint(t, x, q, d)
        }
        _ => false,
    }
}

/// Whether every value of `other` is a value of `t`; `None` when it cannot be known.
/// An unknown about which nothing is known (`Any`) fits only `Any`; otherwise `None`.
pub fn assignable(t: &PType, other: &PType, aliases: &Aliases, regexes: &Regexes) -> Option<bool> {
    assign(t, other, &Question::new(aliases, regexes), 0)
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

fn assign(t: &PType, o: &PType, q: &Question, depth: u32) -> Option<bool> {
    if !q.step() {
        return None;
    }
    if t == o {
        return Some(true);
    }
    let mut d = depth;
    let t = resolve(t, q.aliases, &mut d)?;
    let o = resolve(o, q.aliases, &mut d)?;
    if t == o {
        return Some(true);
    }
    match o {
        PType::Variant(us) => return all3(us.iter().map(|u| assign(t, u, q, d))),
        PType::Optional(Some(x)) => {
            return all3([assign(t, &PType::Undef, q, d), assign(t, x, q, d)]);
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
            return match kinds(x, q, d) {
                Some(k) if k & kind::UNDEF == 0 => assign(t, x, q, d),
                _ => None,
            };
        }
        _ => {}
    }
    match t {
        PType::Any | PType::Unit | PType::Optional(None) => Some(true),
        PType::Variant(ts) => any3(ts.iter().map(|x| assign(x, o, q, d))),
        PType::Optional(Some(x)) => {
            if matches!(o, PType::Undef) {
                Some(true)
            } else {
                assign(x, o, q, d)
            }
        }
        PType::NotUndef(x) => {
            let no_undef = kinds(o, q, d).map(|k| k & kind::UNDEF == 0);
            match x {
                None => no_undef,
                Some(x) => all3([no_undef, assign(x, o, q, d)]),
            }
        }
        PType::Other(_) | PType::Alias(_) => None,
        _ => atomic(t, o, q, d),
    }
}

/// `assign` for two types that are neither wrappers (`Variant`, `Optional`, `NotUndef`)
/// nor aliases.
fn atomic(t: &PType, o: &PType, q: &Question, d: u32) -> Option<bool> {
    if (maybe_alias(t) && !catalogish(o)) || (maybe_alias(o) && !catalogish(t)) {
        return None;
    }
    let kt = kinds(t, q, d)?;
    let ko = kinds(o, q, d)?;
    if ko & !kt != 0 {
        return Some(false);
    }
    let any_string = PType::string();
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
                        assign(t, elem, q, d)
                    }
                }
                PType::Tuple { types, max, .. } => {
                    let n = positions(&[types.len()], *max);
                    all3((0..n).map(|i| assign(t, tuple_at(types, i), q, d)))
                }
                PType::Hash {
                    key, value, max, ..
                } => {
                    if *max == 0 {
                        Some(true)
                    } else {
                        all3([assign(&key_type, key, q, d), assign(t, value, q, d)])
                    }
                }
                PType::Struct(ms) => all3(ms.iter().map(|m| assign(t, &m.value, q, d))),
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
            } if !values.is_empty() => all3(
                values
                    .iter()
                    .map(|s| any3(ps.iter().map(|p| q.regexes.pattern_match(p, s)))),
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
                        all3([size, assign(elem, e2, q, d)])
                    }
                }
                PType::Tuple { types, max: x2, .. } => {
                    let n = if *x2 == 0 {
                        0
                    } else {
                        positions(&[types.len()], *x2)
                    };
                    all3(
                        std::iter::once(size)
                            .chain((0..n).map(|i| assign(elem, tuple_at(types, i), q, d))),
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
                        all3([size, assign(key, k2, q, d), assign(value, v2, q, d)])
                    }
                }
                PType::Struct(ms) => all3(std::iter::once(size).chain(ms.iter().flat_map(|m| {
                    [
                        inst(key, &Value::str(m.key.as_str()), q, d),
                        assign(value, &m.value, q, d),
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
                    all3(
                        std::iter::once(size).chain(
                            (0..n).map(|i| assign(tuple_at(types, i), tuple_at(t2, i), q, d)),
                        ),
                    )
                }
                PType::Array { elem, max: x2, .. } => {
                    let n = if *x2 == 0 {
                        0
                    } else {
                        positions(&[types.len()], *x2)
                    };
                    all3(
                        std::iter::once(size)
                            .chain((0..n).map(|i| assign(tuple_at(types, i), elem, q, d))),
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
                all3(ms.iter().map(|m| match m2.iter().find(|x| x.key == m.key) {
                    Some(x) => {
                        if x.optional && !m.optional {
                            Some(false)
                        } else {
                            assign(&m.value, &x.value, q, d)
                        }
                    }
                    None => Some(m.optional),
                }))
            }
            PType::Hash { max: 0, .. } => Some(ms.iter().all(|m| m.optional)),
            _ => None,
        },
        PType::Type(Some(x)) => match o {
            PType::Type(Some(y)) => assign(x, y, q, d),
            PType::Type(None) => {
                let mut dd = d;
                match resolve(x, q.aliases, &mut dd) {
                    Some(r) if is_any(r) => Some(true),
                    Some(PType::Other(_)) | None => None,
                    Some(_) => Some(false),
                }
            }
            _ => None,
        },
        PType::Sensitive(Some(x)) => match o {
            PType::Sensitive(Some(y)) => assign(x, y, q, d),
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
