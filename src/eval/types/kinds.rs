//! The kinds of values a type's instances can be (undef, integers, strings, arrays, ...),
//! as bits: two types whose kinds do not overlap share no value.

use super::ptype::PType;
use super::question::{resolve, Question};

/// The kinds of values, as bits: what a type's instances can be.
pub(super) mod kind {
    pub const UNDEF: u32 = 1;
    pub const DEFAULT: u32 = 1 << 1;
    pub const BOOL: u32 = 1 << 2;
    pub const INT: u32 = 1 << 3;
    pub const FLOAT: u32 = 1 << 4;
    pub const STR: u32 = 1 << 5;
    pub const REGEXP: u32 = 1 << 6;
    pub const ARRAY: u32 = 1 << 7;
    pub const HASH: u32 = 1 << 8;
    /// Type values (including resource and class references).
    pub const TYPE: u32 = 1 << 9;
    pub const SENSITIVE: u32 = 1 << 10;
    /// Resources and classes themselves (instances of `Resource`, `Class`).
    pub const CATALOG: u32 = 1 << 11;
    /// Runtime objects (`Timespan`, `SemVer`, `Binary`, object types).
    pub const OBJECT: u32 = 1 << 12;
    pub const ITERATOR: u32 = 1 << 13;
    pub const CALLABLE: u32 = 1 << 14;
    pub const ALL: u32 = (1 << 15) - 1;
    pub const SCALAR_DATA: u32 = BOOL | INT | FLOAT | STR;
    pub const SCALAR: u32 = SCALAR_DATA | REGEXP | OBJECT;
    pub const DATA: u32 = SCALAR_DATA | UNDEF | ARRAY | HASH;
    pub const RICH_DATA: u32 = ALL & !CATALOG & !ITERATOR & !CALLABLE;
}

/// The kinds of the instances of `t`, exactly (every kind listed has instances of `t`);
/// `None` when not known (unmodelled types, unresolvable aliases).
pub(super) fn kinds(t: &PType, q: &Question, depth: u32) -> Option<u32> {
    if !q.step() {
        return None;
    }
    let mut d = depth;
    let t = resolve(t, q.aliases, &mut d)?;
    Some(match t {
        PType::Any | PType::Unit | PType::Optional(None) => kind::ALL,
        PType::Undef => kind::UNDEF,
        PType::Default => kind::DEFAULT,
        PType::NotUndef(None) => kind::ALL & !kind::UNDEF,
        PType::NotUndef(Some(x)) => kinds(x, q, d)? & !kind::UNDEF,
        PType::Boolean => kind::BOOL,
        PType::Integer { .. } => kind::INT,
        PType::Float { .. } => kind::FLOAT,
        PType::Numeric => kind::INT | kind::FLOAT,
        PType::String { .. } | PType::Pattern(_) | PType::Enum { .. } => kind::STR,
        PType::Regexp(_) => kind::REGEXP,
        PType::Scalar => kind::SCALAR,
        PType::ScalarData => kind::SCALAR_DATA,
        PType::Data => kind::DATA,
        PType::RichData => kind::RICH_DATA,
        PType::Collection { .. } => kind::ARRAY | kind::HASH,
        PType::Array { .. } | PType::Tuple { .. } => kind::ARRAY,
        PType::Hash { .. } | PType::Struct(_) => kind::HASH,
        PType::Variant(ts) => {
            let mut k = 0;
            for x in ts {
                k |= kinds(x, q, d)?;
            }
            k
        }
        PType::Optional(Some(x)) => kinds(x, q, d)? | kind::UNDEF,
        PType::Type(_) => kind::TYPE,
        PType::Sensitive(_) => kind::SENSITIVE,
        PType::Callable => kind::CALLABLE,
        PType::Iterator => kind::ITERATOR,
        PType::Iterable => {
            kind::ARRAY | kind::HASH | kind::STR | kind::INT | kind::TYPE | kind::ITERATOR
        }
        PType::CatalogEntry | PType::Resource { .. } | PType::Class(_) => kind::CATALOG,
        PType::Alias(_) | PType::Other(_) => return None,
    })
}
