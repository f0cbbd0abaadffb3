//! The findings of one root, each kept once: code run many times (a loop's body, a
//! defined type declared in a loop) reports the same finding at every pass, and keeping
//! every copy until the end made memory grow with the steps taken (a 1 KB template with
//! three nested loops over strings held 38,000 copies, 144 MB). A finding equal to one
//! already kept (same rule, place, message and severity) is dropped when reported, so the
//! first copy, with its help and related places, is the one kept, as before.

use foldhash::{HashSet, HashSetExt};

use super::state::Finding;
use crate::syntax::Span;

/// What makes two findings the same.
type Key = (&'static str, Span, bool, String);

/// The findings of a root, in the order first reported, without repeats.
pub(super) struct Findings {
    list: Vec<Finding>,
    seen: HashSet<Key>,
}

impl Findings {
    pub(super) fn new() -> Findings {
        Findings {
            list: Vec::new(),
            seen: HashSet::new(),
        }
    }

    /// Keeps `f` unless an equal finding is kept already.
    pub(super) fn push(&mut self, f: Finding) {
        if self
            .seen
            .insert((f.rule, f.span, f.warning, f.message.clone()))
        {
            self.list.push(f);
        }
    }

    /// How many findings are kept: a finding reported since an earlier `len()` was kept
    /// (not a repeat) when it has grown.
    pub(super) fn len(&self) -> usize {
        self.list.len()
    }

    pub(super) fn last_mut(&mut self) -> Option<&mut Finding> {
        self.list.last_mut()
    }

    /// The findings kept, leaving none.
    pub(super) fn take(&mut self) -> Vec<Finding> {
        self.seen.clear();
        std::mem::take(&mut self.list)
    }
}
