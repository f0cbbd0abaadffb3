//! What a recording of a class's evaluation holds (`memo` makes and replays them): the
//! changes it made to the root's catalog, what it read of the root's state, and what it
//! spent.

use std::sync::Arc;

use foldhash::HashSet;

use super::catalog::{Decl, PathCond, ResourceKey, Scope};
use crate::eval::reads::Read;
use crate::eval::value::Value;

/// A change to the root's catalog, in the order the class made it.
#[derive(Clone)]
pub(super) enum Op {
    /// A class declared (with whether it was evaluated completely, on its second report).
    Declared(String, bool),
    /// A class declared under these branches.
    ClassPath(String, PathCond),
    /// A resource-like declaration of a class.
    ClassDecl(String, Decl),
    /// A class's scope.
    ClassScope(String, usize),
    /// A resource declared (recorded again unless the same declaration is there).
    Resource(ResourceKey, Decl),
    /// A virtual or exported resource.
    Virtual(ResourceKey),
}

/// A recording being made.
pub(super) struct Recorder {
    pub(super) key: String,
    pub(super) scopes: usize,
    pub(super) next_cond: u32,
    pub(super) instances: u32,
    /// The defined type instance it started in (0: none), and how many instances were
    /// being evaluated then.
    pub(super) instance: u32,
    pub(super) active: usize,
    pub(super) path: usize,
    pub(super) depth: usize,
    pub(super) expr_depth: usize,
    pub(super) steps: u64,
    pub(super) total_steps: u64,
    pub(super) built: u64,
    pub(super) declared: u64,
    pub(super) open: bool,
    pub(super) depth_seen: usize,
    pub(super) expr_depth_seen: usize,
    pub(super) journal: usize,
    pub(super) reads: Option<usize>,
    pub(super) matches: Option<Vec<Option<String>>>,
    /// Classes declared since it started.
    pub(super) fresh: HashSet<String>,
    pub(super) needs: Needs,
    /// Why it cannot be replayed, when it cannot.
    pub(super) poisoned: Option<&'static str>,
}

/// What a recording read of the state outside it.
#[derive(Default)]
pub(super) struct Needs {
    /// Names looked up among the file's own classes, defined types and functions.
    pub(super) names: HashSet<String>,
    /// Top-scope variables read and absent.
    pub(super) top_absent: HashSet<String>,
    /// Top-scope variables read, with their (plain) values.
    pub(super) top_values: Vec<(String, Value)>,
    /// Classes whose variables were asked for before any scope of theirs existed.
    pub(super) unscoped_classes: HashSet<String>,
    /// Variables of classes the root had declared, as read (`None`: not set).
    pub(super) class_values: Vec<(String, String, Option<Value>)>,
    /// Classes the root had declared, declared again, with whether they were complete.
    pub(super) declared: Vec<(String, bool)>,
    /// Type names resolved (the aliases among them are loaded again).
    pub(super) types: HashSet<String>,
    /// Defined type instances (`type[title]`) it declared: none may be one being
    /// evaluated where it is replayed (that one would not be entered again).
    pub(super) instances: HashSet<String>,
}

/// A recorded evaluation of a class.
pub(super) struct Recorded {
    pub(super) scopes_at: usize,
    pub(super) next_cond_at: u32,
    pub(super) instances_at: u32,
    /// The instance it started in: its declarations there belong to the replay's.
    pub(super) instance_at: u32,
    pub(super) path_at: usize,
    pub(super) matches_at: Option<Vec<Option<String>>>,
    pub(super) needs: Needs,
    pub(super) fresh: Vec<String>,
    /// How much deeper it went than where it started (class and expression nesting).
    pub(super) depth_above: usize,
    pub(super) expr_depth_above: usize,
    pub(super) steps: u64,
    pub(super) total_steps: u64,
    pub(super) built: u64,
    pub(super) declared: u64,
    pub(super) scopes: Vec<Scope>,
    pub(super) ops: Vec<Op>,
    pub(super) conds: u32,
    pub(super) instances: u32,
    pub(super) open: bool,
    pub(super) matches_after: Option<Vec<Option<String>>>,
    pub(super) reads: Option<Vec<Read>>,
}

/// Whether two values are the same for the evaluation (floats by their bits: `0.0` and
/// `-0.0` print differently).
pub(super) fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
        (Value::Array(x), Value::Array(y)) => {
            Arc::ptr_eq(x, y)
                || (x.len() == y.len() && x.iter().zip(y.iter()).all(|(a, b)| same_value(a, b)))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            Arc::ptr_eq(x, y)
                || (x.len() == y.len()
                    && x.iter()
                        .zip(y.iter())
                        .all(|((k, v), (l, w))| same_value(k, l) && same_value(v, w)))
        }
        (Value::Sensitive(x), Value::Sensitive(y)) => same_value(x, y),
        _ => a == b,
    }
}
