//! Puppet's type system for the static evaluator: the types (`PType`), building them from
//! references and `[...]` parameters, `instance_of` (does a value match a type) and
//! `assignable` (is every value of one type a value of another), type aliases (`type X =
//! ...`, recursive ones included), the type of a value, and types printed as Puppet prints
//! them in its messages.
//!
//! Answers are `Option<bool>`: `None` when rein cannot know (an unknown value whose known
//! type neither fits nor excludes, an alias it cannot resolve, a type it does not model).

use std::collections::HashMap;

use super::value::Value;

/// Integer bounds meaning "unbounded".
pub const INT_MIN: i64 = i64::MIN;
pub const INT_MAX: i64 = i64::MAX;

/// A Puppet type.
#[derive(Clone, Debug, PartialEq)]
pub enum PType {
    Any,
    Undef,
    Default,
    Unit,
    NotUndef(Option<Box<PType>>),
    Boolean,
    /// `Integer[from, to]`; unbounded ends are `INT_MIN` / `INT_MAX`.
    Integer {
        from: i64,
        to: i64,
    },
    /// `Float[from, to]`; unbounded ends are infinities.
    Float {
        from: f64,
        to: f64,
    },
    Numeric,
    /// `String[min, max]` (length bounds; unbounded max is `INT_MAX`).
    String {
        min: i64,
        max: i64,
    },
    /// `Enum['a', 'b']` (`Enum['a', true]` is case-insensitive).
    Enum {
        values: Vec<String>,
        case_insensitive: bool,
    },
    /// `Pattern[/a/, 'b']`: the regexps' sources.
    Pattern(Vec<String>),
    /// `Regexp` or `Regexp[/x/]`.
    Regexp(Option<String>),
    Scalar,
    ScalarData,
    Data,
    RichData,
    Collection {
        min: i64,
        max: i64,
    },
    Array {
        elem: Box<PType>,
        min: i64,
        max: i64,
    },
    Hash {
        key: Box<PType>,
        value: Box<PType>,
        min: i64,
        max: i64,
    },
    /// `Tuple[T1, T2, ..., min, max]`.
    Tuple {
        types: Vec<PType>,
        min: i64,
        max: i64,
    },
    Struct(Vec<StructMember>),
    Variant(Vec<PType>),
    Optional(Option<Box<PType>>),
    /// `Type` or `Type[T]`.
    Type(Option<Box<PType>>),
    Sensitive(Option<Box<PType>>),
    Callable,
    Iterable,
    Iterator,
    CatalogEntry,
    /// `Resource`, `File` (type name), `File['/x']` (type name and title). The type name is
    /// kept in Puppet's capitalised form (`File`, `Apache::Vhost`).
    Resource {
        type_name: Option<String>,
        title: Option<String>,
    },
    /// `Class` or `Class['apache']` (name in lower case, without a leading `::`).
    Class(Option<String>),
    /// A reference to a type alias (`type Foo = ...`), resolved through [`Aliases`].
    Alias(String),
    /// A type rein knows by name but does not model (`Timespan`, `SemVer`, `Object[...]`,
    /// `Runtime[...]`, `Deferred`, `URI`, ...): every question about it is unknown.
    Other(String),
}

/// One member of a `Struct`: `'key' => T`, `Optional['key'] => T`, `NotUndef['key'] => T`.
#[derive(Clone, Debug, PartialEq)]
pub struct StructMember {
    pub key: String,
    /// The key may be absent (`Optional['key']`, or a value type that accepts undef).
    pub optional: bool,
    pub value: PType,
}

/// The type aliases in scope, by name as written (`Stdlib::Port`, `My::Type`).
#[derive(Clone, Debug, Default)]
pub struct Aliases {
    pub map: HashMap<String, PType>,
}

impl Aliases {
    /// The type the alias `name` stands for (any case of the name's segments as written).
    pub fn get(&self, name: &str) -> Option<&PType> {
        self.map.get(name)
    }
}

/// The type a capitalised name stands for: a core type (`Integer`, `String`, `Optional`
/// without parameters), an alias in `aliases` (`PType::Alias`), otherwise a resource type
/// (`Foo::Bar` is `Resource['foo::bar']`).
pub fn from_reference(name: &str, aliases: &Aliases) -> PType {
    let _ = (name, aliases);
    PType::Other(name.to_string())
}

/// The type `base[args]` (`Integer[1, 10]`, `Array[String, 1]`, `File['/x']`,
/// `Enum['a', 'b']`); an error message (as Puppet words it) when the parameters do not fit.
pub fn parameterize(base: &PType, args: &[Value], aliases: &Aliases) -> Result<PType, String> {
    let _ = (args, aliases);
    Ok(base.clone())
}

/// Whether `value` is an instance of `t`; `None` when it cannot be known.
pub fn instance_of(t: &PType, value: &Value, aliases: &Aliases) -> Option<bool> {
    let _ = (t, value, aliases);
    None
}

/// Whether every value of `other` is a value of `t`; `None` when it cannot be known.
pub fn assignable(t: &PType, other: &PType, aliases: &Aliases) -> Option<bool> {
    let _ = (t, other, aliases);
    None
}

/// The most specific type of `value` (Puppet's `type($x)`, e.g. `Integer[3, 3]`).
pub fn infer(value: &Value) -> PType {
    match value {
        Value::Unknown(t) => (**t).clone(),
        _ => PType::Any,
    }
}

/// The type printed as Puppet prints it (`Integer[1, 10]`, `Optional[String]`).
pub fn display(t: &PType) -> String {
    format!("{t:?}")
}

/// Puppet's message for a value that does not match a type, the part after "expects":
/// `an Integer value, got String`.
pub fn mismatch(t: &PType, value: &Value, aliases: &Aliases) -> String {
    let _ = aliases;
    format!("a {} value, got {}", display(t), display(&infer(value)))
}
