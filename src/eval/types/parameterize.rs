//! Types from what the code writes: the type a capitalised name stands for
//! ([`from_reference`]: a core type, an alias, a resource type) and the type `T[args]`
//! ([`parameterize`]), with Puppet's error messages for parameters that do not fit.

use super::display::{a_an, display, display_arg};
use super::infer::{generalize, infer};
use super::ptype::{
    accepts_undef_plain, alias_key, Aliases, PType, StructMember, INT_MAX, INT_MIN,
};
use crate::eval::names::{map_segments, trim_colons};
use crate::eval::value::Value;

/// The core type names Puppet 7's type parser knows, lower-cased, with what they stand for
/// without parameters. `None`: known but not modelled (`Other`).
fn core_type(lower: &str) -> Option<Option<PType>> {
    let t = match lower {
        "any" => PType::Any,
        "undef" => PType::Undef,
        "default" => PType::Default,
        "notundef" => PType::NotUndef(None),
        "boolean" => PType::Boolean,
        "integer" => PType::integer(),
        "float" => PType::float(),
        "numeric" => PType::Numeric,
        "string" => PType::string(),
        "enum" => PType::Enum {
            values: Vec::new(),
            case_insensitive: false,
        },
        "pattern" => PType::Pattern(Vec::new()),
        "regexp" => PType::Regexp(None),
        "scalar" => PType::Scalar,
        "scalardata" => PType::ScalarData,
        "data" => PType::Data,
        "richdata" => PType::RichData,
        "collection" => PType::collection(),
        "array" => PType::array(),
        "hash" => PType::hash(),
        "tuple" => PType::Tuple {
            types: Vec::new(),
            min: 0,
            max: INT_MAX,
        },
        "struct" => PType::Struct(Vec::new()),
        "variant" => PType::Variant(Vec::new()),
        "optional" => PType::Optional(None),
        "type" => PType::Type(None),
        "sensitive" => PType::Sensitive(None),
        "callable" => PType::Callable,
        "iterable" => PType::Iterable,
        "iterator" => PType::Iterator,
        "catalogentry" => PType::CatalogEntry,
        "resource" => PType::Resource {
            type_name: None,
            title: None,
        },
        "class" => PType::Class(None),
        "timespan" | "timestamp" | "semver" | "semverrange" | "binary" | "init" | "error"
        | "object" | "typeset" | "deferred" | "runtime" | "uri" | "typereference" | "typealias"
        | "unit" | "target" | "task" | "plan" | "result" | "resultset" | "applyresult"
        | "future" | "resourceinstance" | "containerinfo" => return Some(None),
        _ => return None,
    };
    Some(Some(t))
}

/// The canonical spelling of a type name (`Timespan`, `SemVerRange`, `URI`) for `Other`.
fn other_name(lower: &str, written: &str) -> String {
    let known = [
        "Timespan",
        "Timestamp",
        "SemVer",
        "SemVerRange",
        "Binary",
        "Init",
        "Error",
        "Object",
        "TypeSet",
        "Deferred",
        "Runtime",
        "URI",
        "TypeReference",
        "TypeAlias",
        "Unit",
        "Target",
        "Task",
        "Plan",
        "Result",
        "ResultSet",
        "ApplyResult",
        "Future",
        "ResourceInstance",
        "ContainerInfo",
    ];
    known
        .iter()
        .find(|k| k.to_ascii_lowercase() == lower)
        .map_or_else(|| written.to_string(), |k| k.to_string())
}

/// `foo::bar` → `Foo::Bar` (each segment's first letter upper-cased, the rest lower).
fn capitalize_name(name: &str) -> String {
    map_segments(name, |segment, out| {
        let mut chars = segment.chars();
        if let Some(c) = chars.next() {
            out.extend(c.to_uppercase());
            out.extend(chars.flat_map(char::to_lowercase));
        }
    })
}

/// The type a capitalised name stands for: a core type (`Integer`, `String`, `Optional`
/// without parameters), an alias in `aliases` (`PType::Alias`), otherwise a resource type
/// (`Foo::Bar` is `Resource['foo::bar']`). Names match case-insensitively, as in Puppet.
pub fn from_reference(name: &str, aliases: &Aliases) -> PType {
    let trimmed = trim_colons(name);
    // ASCII (nearly every name) lower-cased without Unicode's tables: the same string.
    let lower = if trimmed.is_ascii() {
        trimmed.to_ascii_lowercase()
    } else {
        trimmed.to_lowercase()
    };
    match core_type(&lower) {
        Some(Some(t)) => return t,
        Some(None) => return PType::Other(other_name(&lower, trimmed)),
        None => {}
    }
    if let Some(key) = alias_key(trimmed, aliases) {
        return PType::Alias(key);
    }
    PType::Resource {
        type_name: Some(capitalize_name(trimmed)),
        title: None,
    }
}

/// `Name[args]` as an unmodelled type.
fn other_with(name: &str, args: &[Value]) -> PType {
    PType::Other(format!(
        "{name}[{}]",
        args.iter().map(display_arg).collect::<Vec<_>>().join(", ")
    ))
}

/// The name of a value's type in Puppet's argument errors (`Integer`, `File-Type`).
fn got_name(v: &Value) -> String {
    match v {
        Value::Type(t) => format!("{}-Type", display(t)),
        _ => display(&generalize(&infer(v))),
    }
}

fn from_to_error(from: &str, to: &str) -> String {
    format!("'from' must be less or equal to 'to'. Got ({from}, {to})")
}

fn size_error(v: &Value) -> String {
    format!(
        "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got {}",
        a_an(&got_name(v))
    )
}

fn specialization_error(name: &str, v: &Value, expected: &str) -> String {
    format!(
        "Error creating type specialization of {}, Cannot use {} where {expected} is expected",
        a_an(&format!("{name}-Type")),
        got_name(v)
    )
}

/// A size range from the trailing `min, max` parameters (or one `Integer[min, max]`);
/// negative sizes count as 0, as in Puppet.
fn size_range(args: &[Value]) -> Result<(i64, i64), String> {
    if let [Value::Type(t)] = args {
        if let PType::Integer { from, to } = **t {
            return Ok((from.max(0), to.max(0)));
        }
    }
    let bound = |v: &Value, dflt: i64| match v {
        Value::Int(i) => Ok((*i).max(0)),
        Value::Default => Ok(dflt),
        _ => Err(size_error(v)),
    };
    let min = match args.first() {
        Some(v) => bound(v, 0)?,
        None => 0,
    };
    let max = match args.get(1) {
        Some(v) => bound(v, INT_MAX)?,
        None => INT_MAX,
    };
    if min > max {
        return Err(from_to_error(&min.to_string(), &max.to_string()));
    }
    Ok((min, max))
}

fn is_size_arg(v: &Value) -> bool {
    matches!(v, Value::Int(_) | Value::Default)
}

/// The key of a `Struct` member: `'a'`, `Optional['a']`, `NotUndef['a']`, with whether
/// the key is optional (`None` for a plain key: decided by the value type).
fn struct_key(v: &Value) -> Option<(String, Option<bool>)> {
    let single = |t: &PType| match t {
        PType::Enum { values, .. } if values.len() == 1 => Some(values[0].clone()),
        _ => None,
    };
    match v {
        Value::Str(s) => Some((s.to_string(), None)),
        Value::Type(t) => match &**t {
            PType::Optional(Some(inner)) => single(inner).map(|k| (k, Some(true))),
            PType::NotUndef(Some(inner)) => single(inner).map(|k| (k, Some(false))),
            other => single(other).map(|k| (k, None)),
        },
        _ => None,
    }
}

/// The type `base` stands for without its parameters (Puppet replaces the parameters of
/// an already parameterized type: `Integer[1][2]` is `Integer[2]`); `None` for types
/// whose `[]` is not a type parameterization (references with a title, `Variant`s).
pub(super) fn bare(base: &PType) -> Option<PType> {
    let name = match base {
        PType::Integer { .. } => "integer",
        PType::Float { .. } => "float",
        PType::String { .. } => "string",
        PType::Enum { .. } => "enum",
        PType::Pattern(_) => "pattern",
        PType::Regexp(_) => "regexp",
        PType::Collection { .. } => "collection",
        PType::Array { .. } => "array",
        PType::Hash { .. } => "hash",
        PType::Tuple { .. } => "tuple",
        PType::Struct(_) => "struct",
        PType::Optional(_) => "optional",
        PType::NotUndef(_) => "notundef",
        PType::Type(_) => "type",
        PType::Sensitive(_) => "sensitive",
        PType::Variant(ts) if ts.is_empty() => "variant",
        PType::Resource { title: None, .. } | PType::Class(None) => return Some(base.clone()),
        PType::Variant(_) | PType::Resource { .. } | PType::Class(_) => return None,
        _ => return Some(base.clone()),
    };
    core_type(name).flatten()
}

/// The type `base[args]` (`Integer[1, 10]`, `Array[String, 1]`, `File['/x']`,
/// `Enum['a', 'b']`); an error message (as Puppet words it) when the parameters do not fit.
/// Unknown parameters, references with several titles and types rein does not model give
/// an `Other` type (nothing is concluded about it).
/// `aliases` is not consulted: an alias takes no parameters (it gives `Other`).
pub fn parameterize(base: &PType, args: &[Value], aliases: &Aliases) -> Result<PType, String> {
    let _ = aliases;
    param(base, args)
}

fn param(base: &PType, args: &[Value]) -> Result<PType, String> {
    // The type's name is written only where a message or an `Other` type shows it: most
    // parameterizations (`String[1]`, `Array[String]`) need none.
    if args.iter().any(Value::has_unknown) {
        return Ok(other_with(&display(base), args));
    }
    let Some(base) = bare(base) else {
        return Ok(other_with(&display(base), args));
    };
    let name = || display(&base);
    let n = args.len();
    let accepts_one = || format!("{}-Type[] accepts 1 argument. Got {n}", name());
    let must_be_types = |v: &Value| {
        format!(
            "{}-Type[] arguments must be types. Got {}",
            name(),
            got_name(v)
        )
    };
    match &base {
        PType::Integer { .. } => {
            if !(1..=2).contains(&n) {
                return Err(format!(
                    "Integer-Type supports [] with one or two arguments (from, to). Got {n}"
                ));
            }
            let bound = |v: &Value, dflt: i64| match v {
                Value::Int(i) => Ok(*i),
                Value::Default => Ok(dflt),
                _ => Err(format!(
                    "Integer-Type [] requires all arguments to be integers (or default). Got {}",
                    got_name(v)
                )),
            };
            let from = bound(&args[0], INT_MIN)?;
            let to = match args.get(1) {
                Some(v) => bound(v, INT_MAX)?,
                None => INT_MAX,
            };
            if from > to {
                return Err(from_to_error(&from.to_string(), &to.to_string()));
            }
            Ok(PType::Integer { from, to })
        }
        PType::Float { .. } => {
            if !(1..=2).contains(&n) {
                return Err(format!(
                    "Float-Type supports [] with one or two arguments (from, to). Got {n}"
                ));
            }
            let bound = |v: &Value, dflt: f64| {
                match v {
                Value::Int(i) => Ok(*i as f64),
                Value::Float(f) => Ok(*f),
                Value::Default => Ok(dflt),
                _ => Err(format!(
                    "Float-Type [] requires all arguments to be floats, or integers (or default). Got {}",
                    got_name(v)
                )),
            }
            };
            let from = bound(&args[0], f64::NEG_INFINITY)?;
            let to = match args.get(1) {
                Some(v) => bound(v, f64::INFINITY)?,
                None => f64::INFINITY,
            };
            if from > to {
                return Err(from_to_error(
                    &crate::eval::value::ruby_float(from),
                    &crate::eval::value::ruby_float(to),
                ));
            }
            Ok(PType::Float { from, to })
        }
        PType::String { .. } | PType::Collection { .. } => {
            if !(1..=2).contains(&n) {
                return Err(format!(
                    "{}-Type[] accepts 1 to 2 arguments. Got {n}",
                    name()
                ));
            }
            let (min, max) = size_range(args)?;
            Ok(match base {
                PType::String { .. } => PType::String { min, max },
                _ => PType::Collection { min, max },
            })
        }
        PType::Enum { .. } => {
            let mut vals = Vec::new();
            let mut case_insensitive = false;
            for (i, a) in args.iter().enumerate() {
                match a {
                    Value::Str(s) => vals.push(s.to_string()),
                    Value::Array(items) => {
                        for it in items.iter() {
                            match it {
                                Value::Str(s) => vals.push(s.to_string()),
                                _ => return Err(specialization_error("Enum", it, "String")),
                            }
                        }
                    }
                    Value::Bool(b) if i + 1 == n && i > 0 => case_insensitive = *b,
                    _ => return Err(specialization_error("Enum", a, "String")),
                }
            }
            vals.sort();
            vals.dedup();
            Ok(PType::Enum {
                values: vals,
                case_insensitive,
            })
        }
        PType::Pattern(_) => {
            let mut pats = Vec::new();
            for a in args {
                match a {
                    Value::Str(s) | Value::Regex(s) => pats.push(s.to_string()),
                    Value::Type(t) => match &**t {
                        PType::Regexp(Some(s)) => pats.push(s.clone()),
                        PType::Pattern(ps) => pats.extend(ps.iter().cloned()),
                        _ => {
                            return Err(specialization_error(
                                "Pattern",
                                a,
                                "String or Regexp or Pattern-Type or Regexp-Type",
                            ))
                        }
                    },
                    _ => {
                        return Err(specialization_error(
                            "Pattern",
                            a,
                            "String or Regexp or Pattern-Type or Regexp-Type",
                        ))
                    }
                }
            }
            let mut unique: Vec<String> = Vec::new();
            for p in pats {
                if !unique.contains(&p) {
                    unique.push(p);
                }
            }
            Ok(PType::Pattern(unique))
        }
        PType::Regexp(_) => match args {
            [Value::Str(s) | Value::Regex(s)] => Ok(PType::Regexp(Some(s.to_string()))),
            [a] => Err(specialization_error("Regexp", a, "String or Regexp")),
            _ => Err(accepts_one()),
        },
        PType::Array { .. } => match args {
            [a, b] if is_size_arg(a) && is_size_arg(b) => {
                let (min, max) = size_range(args)?;
                Ok(PType::Array {
                    elem: Box::new(PType::Any),
                    min,
                    max,
                })
            }
            [Value::Type(t), rest @ ..] if rest.len() <= 2 => {
                let (min, max) = size_range(rest)?;
                Ok(PType::Array {
                    elem: Box::new((**t).clone()),
                    min,
                    max,
                })
            }
            [Value::Type(_), ..] => Err(format!("Array-Type[] accepts 1 to 3 arguments. Got {n}")),
            [a, ..] => Err(must_be_types(a)),
            [] => Err(format!("Array-Type[] accepts 1 to 3 arguments. Got {n}")),
        },
        PType::Hash { .. } => match args {
            [a, b] if is_size_arg(a) && is_size_arg(b) => {
                let (min, max) = size_range(args)?;
                Ok(PType::Hash {
                    key: Box::new(PType::Any),
                    value: Box::new(PType::Any),
                    min,
                    max,
                })
            }
            [a, ..] if !matches!(a, Value::Type(_)) => Err(must_be_types(a)),
            _ if !(2..=4).contains(&n) => {
                Err(format!("Hash-Type[] accepts 2 to 4 arguments. Got {n}"))
            }
            [Value::Type(k), Value::Type(v), rest @ ..] => {
                let (min, max) = size_range(rest)?;
                Ok(PType::Hash {
                    key: Box::new((**k).clone()),
                    value: Box::new((**v).clone()),
                    min,
                    max,
                })
            }
            [_, b, ..] => Err(must_be_types(b)),
            _ => Err(format!("Hash-Type[] accepts 2 to 4 arguments. Got {n}")),
        },
        PType::Tuple { .. } => {
            let sizes = args
                .iter()
                .rev()
                .take_while(|a| is_size_arg(a))
                .count()
                .min(2);
            let (targs, sargs) = args.split_at(n - sizes);
            if targs.is_empty() {
                return Err("A Tuple-Type[] accepts 1 or more arguments. Got 0".to_string());
            }
            let mut types = Vec::new();
            for a in targs {
                match a {
                    Value::Type(t) => types.push((**t).clone()),
                    _ => return Err(specialization_error("Tuple", a, "Any-Type")),
                }
            }
            let (min, max) = if sizes == 0 {
                (types.len() as i64, types.len() as i64)
            } else {
                size_range(sargs)?
            };
            Ok(PType::Tuple { types, min, max })
        }
        PType::Struct(_) => {
            let [Value::Hash(entries)] = args else {
                return match args {
                    [a] => Err(specialization_error("Struct", a, "Hash")),
                    _ => Err(accepts_one()),
                };
            };
            let mut members: Vec<StructMember> = Vec::new();
            for (k, v) in entries.iter() {
                let Some((key, opt)) = struct_key(k) else {
                    return Err(format!(
                        "Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: {}",
                        got_name(k).trim_end_matches("-Type")
                    ));
                };
                let Value::Type(value) = v else {
                    return Err(specialization_error("Struct", v, "Any-Type"));
                };
                let value = (**value).clone();
                let optional = opt.unwrap_or_else(|| accepts_undef_plain(&value));
                if let Some(m) = members.iter_mut().find(|m| m.key == key) {
                    m.optional = optional;
                    m.value = value;
                } else {
                    members.push(StructMember {
                        key,
                        optional,
                        value,
                    });
                }
            }
            Ok(PType::Struct(members))
        }
        PType::Variant(_) => {
            let mut types = Vec::new();
            for a in args {
                match a {
                    Value::Type(t) => types.push((**t).clone()),
                    _ => return Err(specialization_error("Variant", a, "Any-Type")),
                }
            }
            Ok(PType::Variant(types))
        }
        PType::Optional(_) | PType::NotUndef(_) => {
            let inner = match args {
                [Value::Str(s)] => PType::Enum {
                    values: vec![s.to_string()],
                    case_insensitive: false,
                },
                [Value::Type(t)] => (**t).clone(),
                [a] => {
                    return Err(match base {
                        PType::Optional(_) => must_be_types(a),
                        _ => format!(
                            "NotUndef-Type[] argument must be a Type or a String. Got {}",
                            got_name(a)
                        ),
                    })
                }
                _ => return Err(accepts_one()),
            };
            Ok(match base {
                PType::Optional(_) => PType::Optional(Some(Box::new(inner))),
                _ => PType::NotUndef(Some(Box::new(inner))),
            })
        }
        PType::Type(_) | PType::Sensitive(_) => match args {
            [Value::Type(t)] => Ok(match base {
                PType::Type(_) => PType::Type(Some(Box::new((**t).clone()))),
                _ => PType::Sensitive(Some(Box::new((**t).clone()))),
            }),
            [a] => Err(must_be_types(a)),
            _ => Err(accepts_one()),
        },
        PType::Resource {
            type_name: None, ..
        } => {
            let type_name = match args.first() {
                Some(Value::Str(s)) => capitalize_name(s),
                Some(Value::Type(t)) => match &**t {
                    PType::Resource {
                        type_name: Some(tn),
                        title: None,
                    } => tn.clone(),
                    _ => {
                        return Err(format!(
                        "First argument to Resource[] must be a resource type or a String. Got {}.",
                        got_name(&args[0])
                    ))
                    }
                },
                Some(a) => {
                    return Err(format!(
                        "First argument to Resource[] must be a resource type or a String. Got {}.",
                        got_name(a)
                    ))
                }
                None => {
                    return Err("Resource-Type[] accepts 1 or more arguments. Got 0".to_string())
                }
            };
            let typed = PType::Resource {
                type_name: Some(type_name),
                title: None,
            };
            if n == 1 {
                return Ok(typed);
            }
            param(&typed, &args[1..])
        }
        PType::Resource {
            type_name: Some(tn),
            ..
        } => {
            if let Some(bad) = args.iter().find(|a| !matches!(a, Value::Str(_))) {
                return Err(specialization_error(tn, bad, "a resource title String"));
            }
            match args {
                [Value::Str(s)] => Ok(PType::Resource {
                    type_name: Some(tn.clone()),
                    title: Some(s.to_string()),
                }),
                _ => Ok(other_with(tn, args)),
            }
        }
        PType::Class(_) => {
            if let Some(bad) = args.iter().find(|a| !matches!(a, Value::Str(_))) {
                return Err(format!(
                    "Illegal Class name in class reference. {} cannot be used where a String is expected",
                    capitalize_first(&a_an(&got_name(bad)))
                ));
            }
            match args {
                [Value::Str(s)] => Ok(PType::Class(Some(trim_colons(s).to_lowercase()))),
                _ => Ok(other_with("Class", args)),
            }
        }
        PType::Boolean => match args {
            [Value::Bool(_)] => Ok(PType::Boolean),
            _ => Ok(other_with("Boolean", args)),
        },
        PType::Any
        | PType::Undef
        | PType::Default
        | PType::Unit
        | PType::Numeric
        | PType::Scalar
        | PType::ScalarData
        | PType::Data
        | PType::RichData
        | PType::CatalogEntry => Err(format!(
            "Operator '[]' is not applicable to {}.",
            a_an(&format!("{}-Type", name()))
        )),
        PType::Callable | PType::Iterable | PType::Iterator | PType::Alias(_) | PType::Other(_) => {
            Ok(other_with(&name(), args))
        }
    }
}

fn capitalize_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
