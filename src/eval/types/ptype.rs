//! The types of Puppet's type system as rein represents them ([`PType`]; see the folder's
//! documentation for the representation choices), the type aliases in scope, and the
//! plain facts about a type that need no question answered (whether it takes `undef`
//! without resolving aliases, the sizes of a collection type).

use crate::eval::names::trim_colons;

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

impl PType {
    /// `String` (of any length).
    pub fn string() -> PType {
        PType::String {
            min: 0,
            max: INT_MAX,
        }
    }

    /// `Integer` (unbounded).
    pub fn integer() -> PType {
        PType::Integer {
            from: INT_MIN,
            to: INT_MAX,
        }
    }

    /// `Float` (unbounded).
    pub fn float() -> PType {
        PType::Float {
            from: f64::NEG_INFINITY,
            to: f64::INFINITY,
        }
    }

    /// `Array` (of anything, any size).
    pub fn array() -> PType {
        PType::array_of(PType::Any)
    }

    /// `Array[elem]` (any size).
    pub fn array_of(elem: PType) -> PType {
        PType::Array {
            elem: Box::new(elem),
            min: 0,
            max: INT_MAX,
        }
    }

    /// `Hash` (of anything, any size).
    pub fn hash() -> PType {
        PType::Hash {
            key: Box::new(PType::Any),
            value: Box::new(PType::Any),
            min: 0,
            max: INT_MAX,
        }
    }

    /// `Collection` (any size).
    pub fn collection() -> PType {
        PType::Collection {
            min: 0,
            max: INT_MAX,
        }
    }
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
    map: foldhash::HashMap<String, PType>,
    /// Each name's folded form ([`fold`]) and the least name as written with that form,
    /// so a name in another case is found without comparing it with every alias.
    folded: foldhash::HashMap<String, String>,
}

/// A name as Puppet compares alias names: without leading `::`, lower case.
fn fold(name: &str) -> String {
    let name = trim_colons(name);
    if name.is_ascii() {
        name.to_ascii_lowercase()
    } else {
        name.to_lowercase()
    }
}

impl Aliases {
    /// Defines (or redefines) the alias `name` as written.
    pub fn insert(&mut self, name: String, t: PType) {
        let folded = fold(&name);
        match self.folded.get_mut(&folded) {
            Some(least) if *least <= name => {}
            Some(least) => *least = name.clone(),
            None => {
                self.folded.insert(folded, name.clone());
            }
        }
        self.map.insert(name, t);
    }

    /// The type the alias `name` stands for (any case of the name's segments as written).
    pub fn get(&self, name: &str) -> Option<&PType> {
        if self.map.is_empty() {
            return None;
        }
        self.map
            .get(name)
            .or_else(|| self.map.get(self.folded.get(&fold(name))?))
    }
}

/// The alias's name as stored in `aliases`, matching `name` case-insensitively (Puppet
/// looks names up lower-cased).
pub(super) fn alias_key(name: &str, aliases: &Aliases) -> Option<String> {
    if aliases.map.is_empty() {
        return None;
    }
    if aliases.map.contains_key(name) {
        return Some(name.to_string());
    }
    aliases.folded.get(&fold(name)).cloned()
}

/// Whether `t` accepts `undef`, without resolving aliases (an alias counts as not).
pub(super) fn accepts_undef_plain(t: &PType) -> bool {
    match t {
        PType::Any | PType::Unit | PType::Undef | PType::Optional(_) | PType::Data => true,
        PType::RichData => true,
        PType::Variant(ts) => ts.iter().any(accepts_undef_plain),
        _ => false,
    }
}

/// Whether a collection or string of `len` elements is within the sizes `min..=max`.
pub(super) fn in_size(len: usize, min: i64, max: i64) -> bool {
    let len = i64::try_from(len).unwrap_or(INT_MAX);
    min <= len && len <= max
}

/// The size range of a collection type's instances.
pub(super) fn size_of(t: &PType) -> Option<(i64, i64)> {
    match t {
        PType::Array { min, max, .. }
        | PType::Hash { min, max, .. }
        | PType::Tuple { min, max, .. }
        | PType::Collection { min, max } => Some((*min, *max)),
        PType::Struct(ms) => {
            let required = ms.iter().filter(|m| !m.optional).count();
            Some((required as i64, ms.len() as i64))
        }
        _ => None,
    }
}
