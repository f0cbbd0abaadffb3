//! A run's store of recorded class evaluations: what evaluating a module-path class
//! declared without parameters (`include apache`) did to a root's catalog, recorded the
//! first time a root declares it and replayed in later roots that the recording cannot
//! tell apart (the evaluator's `memo` module says when that is). Keyed by the module path
//! and the class; the recordings are opaque here. It lives as long as the run's project:
//! a new run starts empty, so an edited file is never answered from an old recording.

use std::any::Any;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// How many recordings of one class may fail (the class read something its root had set)
/// before no root records it again.
const TRIES: u8 = 4;

/// How many recordings of one class are kept (each fits roots in another state).
const VARIANTS: usize = 4;

/// The size units (values and declarations) all the recordings of a run may hold.
const BUDGET: usize = 4 << 20;

/// A recording, as the evaluator made it.
pub type Recording = Arc<dyn Any + Send + Sync>;

#[derive(Default)]
struct Slot {
    ready: Vec<Recording>,
    /// Recordings tried and failed.
    failed: u8,
}

/// The recordings of a run's class evaluations (shared by its files and threads).
#[derive(Default)]
pub struct ClassMemo {
    slots: Mutex<HashMap<String, Slot>>,
    /// Size units held.
    held: AtomicUsize,
    /// Recordings replayed.
    replays: AtomicUsize,
    /// Nothing is recorded (to compare with evaluations made without recordings).
    off: bool,
}

impl std::fmt::Debug for ClassMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClassMemo")
            .field("held", &self.held.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

/// What the store holds of a class: the recordings to try (when the root's state allows),
/// and whether another may be recorded when none fits.
pub struct Lookup {
    pub ready: Vec<Recording>,
    pub record: bool,
}

impl ClassMemo {
    /// A memo that records nothing: every class is evaluated.
    pub fn off() -> ClassMemo {
        ClassMemo {
            off: true,
            ..ClassMemo::default()
        }
    }

    /// How many recordings were replayed.
    pub fn replays(&self) -> usize {
        self.replays.load(Ordering::Relaxed)
    }

    /// Counts a recording replayed.
    pub fn replayed(&self) {
        self.replays.fetch_add(1, Ordering::Relaxed);
    }

    /// The key of class `class` evaluated through the module path `module_path` (its key).
    pub fn key(module_path: &str, class: &str) -> String {
        let mut k = String::with_capacity(module_path.len() + class.len() + 1);
        k.push_str(module_path);
        k.push('\0');
        k.push_str(class);
        k
    }

    /// What is known of `key`.
    pub fn lookup(&self, key: &str) -> Lookup {
        let none = Lookup {
            ready: Vec::new(),
            record: false,
        };
        if self.off {
            return none;
        }
        let Ok(slots) = self.slots.lock() else {
            return none;
        };
        let room = self.held.load(Ordering::Relaxed) < BUDGET;
        match slots.get(key) {
            Some(slot) => Lookup {
                ready: slot.ready.clone(),
                record: room && slot.failed < TRIES && slot.ready.len() < VARIANTS,
            },
            None => Lookup {
                ready: Vec::new(),
                record: room,
            },
        }
    }

    /// Keeps `recording` of `key` (of `size` units), unless enough are kept already or the
    /// budget is spent.
    pub fn keep(&self, key: String, recording: Recording, size: usize) {
        let Ok(mut slots) = self.slots.lock() else {
            return;
        };
        if self.held.load(Ordering::Relaxed).saturating_add(size) > BUDGET {
            return;
        }
        let slot = slots.entry(key).or_default();
        if slot.ready.len() < VARIANTS {
            self.held.fetch_add(size, Ordering::Relaxed);
            slot.ready.push(recording);
        }
    }

    /// Notes a failed recording of `key`.
    pub fn failed(&self, key: String) {
        if let Ok(mut slots) = self.slots.lock() {
            let slot = slots.entry(key).or_default();
            slot.failed = slot.failed.saturating_add(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(memo: &ClassMemo, key: &str) -> Vec<u32> {
        let found = memo.lookup(key).ready;
        found
            .iter()
            .filter_map(|r| r.downcast_ref::<u32>().copied())
            .collect()
    }

    #[test]
    fn a_class_is_recorded_in_a_few_variants_and_tried_a_bounded_number_of_times() {
        let memo = ClassMemo::default();
        let a = ClassMemo::key("mp", "a");
        assert!(memo.lookup(&a).record);
        for _ in 0..TRIES {
            memo.failed(a.clone());
        }
        assert!(!memo.lookup(&a).record);
        let b = ClassMemo::key("mp", "b");
        for n in 0..VARIANTS as u32 {
            assert!(memo.lookup(&b).record);
            memo.keep(b.clone(), Arc::new(n), 10);
        }
        memo.keep(b.clone(), Arc::new(99u32), 10);
        assert_eq!(kept(&memo, &b), (0..VARIANTS as u32).collect::<Vec<_>>());
        assert!(!memo.lookup(&b).record);
        // Past the budget nothing more is kept, and nothing more recorded.
        let c = ClassMemo::key("mp", "c");
        memo.keep(c.clone(), Arc::new(9u32), BUDGET);
        assert_eq!(kept(&memo, &c), Vec::<u32>::new());
        memo.keep(
            c.clone(),
            Arc::new(9u32),
            BUDGET - memo.held.load(Ordering::Relaxed),
        );
        assert_eq!(kept(&memo, &c), vec![9]);
        assert!(!memo.lookup(&ClassMemo::key("mp", "d")).record);
        // Off: nothing.
        let off = ClassMemo::off();
        off.keep(a.clone(), Arc::new(1u32), 1);
        assert!(!off.lookup(&a).record && off.lookup(&a).ready.is_empty());
    }
}
