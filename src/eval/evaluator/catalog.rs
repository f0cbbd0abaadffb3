//! What a root's catalog is made of: the scopes of its variables, the branch paths of
//! declarations, resource declarations and their keys, and where code comes from. Plain data,
//! shared by the evaluator's state and the recordings of classes (`recording`).

use std::sync::Arc;

use foldhash::HashMap;

use super::findings::Place;
use crate::eval::module_store::Loaded;
use crate::eval::value::Value;
use crate::syntax::Span;

/// The variables of a scope, and the scope it is nested in.
pub(super) struct Scope {
    pub(super) vars: HashMap<String, Value>,
    pub(super) parent: Option<usize>,
}

/// Where a declaration sits among speculative branches: `(conditional, branch)` pairs.
pub(super) type PathCond = Vec<(u32, u32)>;

#[derive(Clone)]
pub(super) struct Decl {
    pub(super) span: Span,
    pub(super) path: PathCond,
    /// The resource expression, with whether its title was a literal.
    pub(super) expr: Span,
    pub(super) literal: bool,
    /// The file of the code (`None`: the checked file).
    pub(super) origin: Option<Arc<Loaded>>,
    /// The defined type instance whose body declared it (0: none).
    pub(super) instance: u32,
}

/// A resource's type name and title as one key, in one allocation (a big manifest
/// declares one per resource): the type name's length, `:`, the type name, the title.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct ResourceKey(Box<str>);

impl ResourceKey {
    pub(super) fn new(type_name: &str, title: &str) -> ResourceKey {
        let len = type_name.len().to_string();
        let mut key = String::with_capacity(len.len() + 1 + type_name.len() + title.len());
        key.push_str(&len);
        key.push(':');
        key.push_str(type_name);
        key.push_str(title);
        ResourceKey(key.into_boxed_str())
    }
}

impl Decl {
    /// Where it is, for a finding's related place.
    pub(super) fn place(&self) -> Place {
        place(self.origin.as_deref(), self.span)
    }
}

/// The place of `span` in the code of `origin` (`None`: the checked file).
pub(super) fn place(origin: Option<&Loaded>, span: Span) -> Place {
    match origin {
        None => Place::Here(span),
        Some(l) => {
            let (line, column) = l.line_col(span.start());
            Place::Elsewhere {
                path: l.path.clone(),
                line,
                column,
            }
        }
    }
}

/// Whether two origins are the same file.
pub(super) fn same_origin(a: Option<&Loaded>, b: Option<&Loaded>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => a.path == b.path,
        _ => false,
    }
}
