//! The parsed manifests a [`super::ModuleStore`] keeps, within a budget: a table by path
//! whose least recently used entries are dropped once the entries' cost (an estimate of
//! their memory, see [`cost`]) passes the budget, so that a store that follows
//! classes through thousands of files holds the parses of a few at a time and parses a
//! dropped one again when it is asked for.
//!
//! Entries are of two kinds: those the store loaded itself and those its owner handed it
//! (a run's own parses, [`Manifests::offer`]); pinned entries (the text of an editor's
//! buffer, which the disk does not have) are never dropped but by [`Manifests::remove`].
//! A run marks where it begins ([`Manifests::begin_run`]): what it hands over may push out
//! what earlier runs left, never what it handed over itself (it will ask for that again).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use foldhash::HashMap as Table;

use super::Loaded;

/// What an entry costs beyond its text: the path, the table's slot, the parse's own
/// structures and their spare capacity (a small file's parse is mostly these: about 4.5 KB
/// for a 135-byte class).
const ENTRY_OVERHEAD: usize = 4096;

/// What a byte of text costs: its syntax tree, packed tokens and line index (about 6
/// bytes per byte of real code).
const PER_BYTE: usize = 6;

/// The default budget, in bytes of memory (estimated): a run whose manifests fit in it
/// parses each once (the 1,887 files, 5.8 MB, of Debian's modules come to about 42 MB); a
/// bigger run parses again the files it needs again. It holds the seven renamed copies of
/// that corpus of the benchmarks' control repo (1.15 M lines, about 300 MB estimated): with
/// 160 MB, two in five files were parsed twice and some three times, and the run took 35%
/// more CPU per line than the corpus (8.9 s, 233 MB peak); with 320 MB it takes 6% less
/// (6.9 s, 332 MB peak; the corpus: 1.05 s, 60 MB, unchanged). Past it, memory stays at the
/// budget and time grows by the parses made again.
pub const DEFAULT_BUDGET: usize = 320 << 20;

/// What keeping `loaded` costs, in bytes (estimated: see [`PER_BYTE`]).
fn cost(loaded: &Option<Arc<Loaded>>) -> usize {
    ENTRY_OVERHEAD + PER_BYTE * loaded.as_ref().map_or(0, |l| l.source().len())
}

/// One parsed manifest kept (`None`: unreadable, or it does not parse cleanly).
struct Slot {
    loaded: Option<Arc<Loaded>>,
    cost: usize,
    /// The clock at its last use; pinned entries are not in the use order.
    used_at: u64,
    pinned: bool,
}

/// The table of parsed manifests (see the module documentation).
pub struct Manifests {
    slots: Table<PathBuf, Slot>,
    /// The unpinned entries by last use, oldest first.
    order: BTreeMap<u64, PathBuf>,
    clock: u64,
    /// The cost of the entries kept, and the most they may cost.
    used: usize,
    budget: usize,
    /// The clock when the current run began.
    run_start: u64,
}

impl Default for Manifests {
    fn default() -> Manifests {
        Manifests::with_budget(DEFAULT_BUDGET)
    }
}

impl Manifests {
    /// An empty table that keeps entries costing up to `budget` in all.
    pub fn with_budget(budget: usize) -> Manifests {
        Manifests {
            slots: Table::default(),
            order: BTreeMap::new(),
            clock: 0,
            used: 0,
            budget,
            run_start: 0,
        }
    }

    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// The entry of `key`, if kept (a use: it is dropped last).
    pub fn get(&mut self, key: &Path) -> Option<Option<Arc<Loaded>>> {
        let now = self.tick();
        let slot = self.slots.get_mut(key)?;
        if !slot.pinned {
            self.order.remove(&slot.used_at);
            self.order.insert(now, key.to_path_buf());
            slot.used_at = now;
        }
        Some(slot.loaded.clone())
    }

    /// Keeps `loaded` as the entry of `key`, dropping the least recently used entries
    /// while the budget is passed (an entry costing more than the whole budget is kept
    /// alone). `pinned`: never dropped but by [`Manifests::remove`].
    pub fn insert(&mut self, key: PathBuf, loaded: Option<Arc<Loaded>>, pinned: bool) {
        self.remove(&key);
        let cost = cost(&loaded);
        self.make_room(cost, 0);
        self.put(key, loaded, cost, pinned);
    }

    /// Keeps a parse the owner hands over (see the module documentation) when there is
    /// room for it, making room by dropping only entries not used since the run began;
    /// otherwise drops the entry `key` had (an older parse) and returns false.
    pub fn offer(&mut self, key: PathBuf, loaded: Arc<Loaded>) -> bool {
        self.remove(&key);
        let loaded = Some(loaded);
        let cost = cost(&loaded);
        if !self.make_room(cost, self.run_start) {
            return false;
        }
        self.put(key, loaded, cost, false);
        true
    }

    /// Marks the start of a run (see [`Manifests::offer`]).
    pub fn begin_run(&mut self) {
        self.run_start = self.tick();
    }

    /// Drops the entry of `key`.
    pub fn remove(&mut self, key: &Path) {
        if let Some(old) = self.slots.remove(key) {
            self.used -= old.cost;
            if !old.pinned {
                self.order.remove(&old.used_at);
            }
        }
    }

    /// Drops every entry.
    pub fn clear(&mut self) {
        self.slots.clear();
        self.order.clear();
        self.used = 0;
    }

    /// The cost of the entries kept.
    pub fn used(&self) -> usize {
        self.used
    }

    /// How many entries are kept.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Drops the least recently used entries last used before `before` (any when 0) until
    /// `cost` more fits the budget; whether it fits (it always does when `before` is 0:
    /// then everything unpinned may go).
    fn make_room(&mut self, cost: usize, before: u64) -> bool {
        while self.used + cost > self.budget {
            let Some((&at, _)) = self.order.first_key_value() else {
                break;
            };
            if before != 0 && at >= before {
                return false;
            }
            if let Some((_, key)) = self.order.pop_first() {
                if let Some(old) = self.slots.remove(&key) {
                    self.used -= old.cost;
                }
            }
        }
        before == 0 || self.used + cost <= self.budget
    }

    fn put(&mut self, key: PathBuf, loaded: Option<Arc<Loaded>>, cost: usize, pinned: bool) {
        let now = self.tick();
        if !pinned {
            self.order.insert(now, key.clone());
        }
        self.used += cost;
        self.slots.insert(
            key,
            Slot {
                loaded,
                cost,
                used_at: now,
                pinned,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Arc<Loaded> {
        let file = crate::syntax::parse_ast_only(text.to_string());
        Arc::new(Loaded::new(PathBuf::from("x.pp"), Arc::new(file)))
    }

    fn keys(m: &Manifests) -> Vec<String> {
        let mut k: Vec<String> = m.slots.keys().map(|p| p.display().to_string()).collect();
        k.sort();
        k
    }

    #[test]
    fn the_least_recently_used_go_first_within_the_budget() {
        // Room for two entries of 100 bytes of text at a time.
        let one = ENTRY_OVERHEAD + PER_BYTE * 100;
        let mut m = Manifests::with_budget(2 * one + 10);
        let text = format!("$a = '{}'\n", "x".repeat(92));
        assert_eq!(text.len(), 100);
        m.insert("a".into(), Some(parsed(&text)), false);
        m.insert("b".into(), Some(parsed(&text)), false);
        assert_eq!((m.len(), m.used()), (2, 2 * one));
        assert!(m.get(Path::new("a")).is_some(), "a used after b");
        m.insert("c".into(), Some(parsed(&text)), false);
        assert_eq!(keys(&m), ["a", "c"]);
        // Pinned entries stay, and count.
        m.insert("p".into(), Some(parsed(&text)), true);
        m.insert("d".into(), Some(parsed(&text)), false);
        assert_eq!(keys(&m), ["d", "p"]);
        assert_eq!(m.used(), 2 * one);
        // One entry over the whole budget is kept alone (with the pinned one).
        let big = "$b = 1\n".repeat(1000);
        m.insert("e".into(), Some(parsed(&big)), false);
        assert_eq!(keys(&m), ["e", "p"]);
        m.remove(Path::new("p"));
        m.remove(Path::new("e"));
        assert_eq!((m.len(), m.used()), (0, 0));
        // A `None` entry (not parsed cleanly) costs its overhead.
        m.insert("f".into(), None, false);
        assert_eq!(m.get(Path::new("f")).map(|l| l.is_none()), Some(true));
        assert_eq!(m.used(), ENTRY_OVERHEAD);
    }

    #[test]
    fn a_run_hands_over_parses_while_there_is_room() {
        let one = ENTRY_OVERHEAD + PER_BYTE * 100;
        let text = format!("$a = '{}'\n", "x".repeat(92));
        let mut m = Manifests::with_budget(2 * one + 10);
        m.insert("a".into(), Some(parsed(&text)), false);
        m.insert("b".into(), Some(parsed(&text)), false);
        m.begin_run();
        // What earlier runs left makes room; what this run handed over does not.
        assert!(m.offer("c".into(), parsed(&text)));
        assert!(m.offer("d".into(), parsed(&text)));
        assert_eq!(keys(&m), ["c", "d"]);
        assert!(!m.offer("e".into(), parsed(&text)));
        assert_eq!(keys(&m), ["c", "d"]);
        // An older parse of a file not taken is dropped.
        m.begin_run();
        m.insert("f".into(), Some(parsed(&text)), false);
        assert_eq!(keys(&m), ["d", "f"]);
        m.begin_run();
        assert!(m.offer("g".into(), parsed(&text)));
        assert!(!m.offer("f".into(), parsed(&"$x = 1\n".repeat(100))));
        assert_eq!(keys(&m), ["g"]);
        m.clear();
        assert_eq!((m.len(), m.used()), (0, 0));
    }
}
