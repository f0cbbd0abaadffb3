//! Regexp searches that cannot panic or run away: Oniguruma's own search API panics when a
//! search exceeds its backtracking limit (`/^(a+)+$/` on a long string). Every search of
//! an evaluation goes through its [`Regexes`], with a limit; a search that gives up counts
//! as no match and raises the evaluation's flag, which the evaluator turns into an unknown
//! value.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use onig::{MatchParam, Regex, RegexOptions, Region, SearchOptions, Syntax};

/// Backtracking steps one search may take (Ruby has no limit; rein must finish).
const RETRY_LIMIT: u32 = 1_000_000;

/// How many type patterns one evaluation keeps compiled (then it starts again).
const MAX_PATTERNS: usize = 1000;

/// How a regexp's source is read: as written (the functions: `split`, `regsubst`, `match`,
/// `index`), or with Ruby's ASCII-only character classes spelled out first (`=~`, `in`).
/// The same source read the two ways is two regexps.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    AsWritten = 0,
    AsciiClasses = 1,
}

/// The regexps compiled in one run, shared by the evaluations of all its files and threads:
/// the same sources come back in file after file (a module's classes are evaluated from
/// every root that declares them), and compiling them was 1.8% of a cold corpus check
/// (8,344 compilations). Each evaluation asks here once per source, then keeps its own
/// copy ([`Regexes`]). Kept within [`MAX_PATTERNS`] sources per table.
#[derive(Default)]
pub struct RunRegexes {
    /// By [`Reading`], then by source.
    compiled: Mutex<[HashMap<String, Arc<Regex>>; 2]>,
    /// The patterns of `Pattern` types (`None`: it does not compile).
    patterns: Mutex<HashMap<String, Option<Arc<Regex>>>>,
}

impl std::fmt::Debug for RunRegexes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RunRegexes").finish_non_exhaustive()
    }
}

/// `value` kept in `table` under `key`, the table emptied first when full.
fn keep<V>(table: &mut HashMap<String, V>, key: &str, value: V) {
    if table.len() >= MAX_PATTERNS {
        table.clear();
    }
    table.insert(key.to_string(), value);
}

/// The regexp searches of one evaluation: whether a search gave up since the evaluator
/// last asked, the patterns of `Pattern` types compiled so far, and the regexps of the
/// operators and functions compiled so far (each compiled once per evaluation, not once per
/// use: a class declared from many roots matches the same regexps again and again; and
/// once per run when the evaluation shares its run's [`RunRegexes`]).
#[derive(Default)]
pub struct Regexes {
    gave_up: Cell<bool>,
    patterns: RefCell<HashMap<String, Option<Arc<Regex>>>>,
    /// By [`Reading`], then by source.
    compiled: RefCell<[HashMap<String, Arc<Regex>>; 2]>,
    /// The run's compiled regexps, when shared.
    run: Option<Arc<RunRegexes>>,
}

impl Regexes {
    /// The searches of an evaluation that takes the regexps compiled earlier in its run
    /// from `run` (and leaves there those it compiles).
    pub fn sharing(run: Arc<RunRegexes>) -> Regexes {
        Regexes {
            run: Some(run),
            ..Regexes::default()
        }
    }

    /// Whether a search gave up since the last call (clears the flag).
    pub fn take_gave_up(&self) -> bool {
        self.gave_up.replace(false)
    }

    /// The first match of `re` in `s` at or after byte `from`; `None` when there is none,
    /// or when the search gave up (then [`Regexes::take_gave_up`] says so).
    pub fn search(&self, re: &Regex, s: &str, from: usize) -> Option<Region> {
        if from > s.len() {
            return None;
        }
        let mut region = Region::new();
        let mut param = MatchParam::default();
        param.set_retry_limit_in_match(RETRY_LIMIT);
        match re.search_with_param(
            s,
            from,
            s.len(),
            SearchOptions::SEARCH_OPTION_NONE,
            Some(&mut region),
            param,
        ) {
            Ok(Some(_)) => Some(region),
            Ok(None) => None,
            Err(_) => {
                self.gave_up.set(true);
                None
            }
        }
    }

    /// Whether `re` matches somewhere in `s`; `None` when a search gave up (this one, or
    /// one since the flag was last taken).
    pub fn is_match(&self, re: &Regex, s: &str) -> Option<bool> {
        let found = self.search(re, s, 0).is_some();
        if !found && self.gave_up.get() {
            return None;
        }
        Some(found)
    }

    /// The groups of the first match of `re` in `s` (group 0 is the whole match; `None`
    /// for a group that took no part), or `None` when there is no match.
    pub fn captures(&self, re: &Regex, s: &str) -> Option<Vec<Option<String>>> {
        let region = self.search(re, s, 0)?;
        Some(
            (0..region.len())
                .map(|i| {
                    region
                        .pos(i)
                        .and_then(|(b, e)| s.get(b..e))
                        .map(str::to_string)
                })
                .collect(),
        )
    }

    /// The regexp `source` (without options), read as `reading` says, compiled by `compile`
    /// on its first use in the evaluation (a source that does not compile is not kept: its
    /// error comes from `compile` each time).
    pub fn compiled<E>(
        &self,
        reading: Reading,
        source: &str,
        compile: impl FnOnce(&str) -> Result<Regex, E>,
    ) -> Result<Arc<Regex>, E> {
        let slot = reading as usize;
        if let Some(re) = self.compiled.borrow().get(slot).and_then(|m| m.get(source)) {
            return Ok(re.clone());
        }
        let run = self.run.as_deref();
        let shared = run.and_then(|r| {
            let tables = r.compiled.lock().ok()?;
            tables.get(slot)?.get(source).cloned()
        });
        let re = match shared {
            Some(re) => re,
            None => {
                let re = Arc::new(compile(source)?);
                if let Some(mut tables) = run.and_then(|r| r.compiled.lock().ok()) {
                    if let Some(table) = tables.get_mut(slot) {
                        keep(table, source, re.clone());
                    }
                }
                re
            }
        };
        if let Some(compiled) = self.compiled.borrow_mut().get_mut(slot) {
            keep(compiled, source, re.clone());
        }
        Ok(re)
    }

    /// Whether the string `s` matches the regexp `source` of a `Pattern` type (Ruby
    /// syntax, unanchored; compiled once per evaluation); `None` when the regexp does not
    /// compile or the search gave up.
    pub fn pattern_match(&self, source: &str, s: &str) -> Option<bool> {
        let known = self.patterns.borrow().get(source).cloned();
        let re = match known {
            Some(re) => re,
            None => {
                let run = self.run.as_deref();
                let shared = run.and_then(|r| r.patterns.lock().ok()?.get(source).cloned());
                let re = shared.unwrap_or_else(|| {
                    let re = Regex::with_options(
                        source,
                        RegexOptions::REGEX_OPTION_NONE,
                        Syntax::ruby(),
                    )
                    .ok()
                    .map(Arc::new);
                    if let Some(mut patterns) = run.and_then(|r| r.patterns.lock().ok()) {
                        keep(&mut patterns, source, re.clone());
                    }
                    re
                });
                keep(&mut self.patterns.borrow_mut(), source, re.clone());
                re
            }
        };
        re.and_then(|re| self.is_match(&re, s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_runaway_search_gives_up_instead_of_panicking() {
        let rx = Regexes::default();
        let re = Regex::new("^(a+)+$").unwrap_or_else(|e| panic!("{e}"));
        let text = format!("{}!", "a".repeat(60));
        assert_eq!(rx.is_match(&re, &text), None);
        assert!(rx.take_gave_up());
        assert_eq!(rx.is_match(&re, "aaa"), Some(true));
        assert!(!rx.take_gave_up());
        assert_eq!(
            rx.captures(
                &Regex::new("(b)(x)?").unwrap_or_else(|e| panic!("{e}")),
                "abc"
            ),
            Some(vec![Some("b".to_string()), Some("b".to_string()), None])
        );
    }

    /// `a+` compiled by `compile` through `first`, then through `second`: one regexp.
    fn compiled_once<E: std::fmt::Debug>(
        first: &Regexes,
        second: &Regexes,
        compile: impl Fn(&str) -> Result<Regex, E> + Copy,
    ) {
        let a = first.compiled(Reading::AsWritten, "a+", compile);
        let b = second.compiled(Reading::AsWritten, "a+", compile);
        let (Ok(a), Ok(b)) = (a, b) else {
            panic!("'a+' compiles")
        };
        assert!(Arc::ptr_eq(&a, &b));
    }

    #[test]
    fn a_regexp_is_compiled_once_per_reading_and_a_bad_one_each_time() {
        let rx = Regexes::default();
        let calls = Cell::new(0);
        let compile = |s: &str| {
            calls.set(calls.get() + 1);
            Regex::new(s)
        };
        compiled_once(&rx, &rx, compile);
        assert_eq!(calls.get(), 1);
        // The other reading of the same source is another regexp.
        assert!(rx.compiled(Reading::AsciiClasses, "a+", compile).is_ok());
        assert_eq!(calls.get(), 2);
        // A source that does not compile gives its error every time.
        assert!(rx.compiled(Reading::AsWritten, "(", compile).is_err());
        assert!(rx.compiled(Reading::AsWritten, "(", compile).is_err());
        assert_eq!(calls.get(), 4);
    }

    #[test]
    fn the_evaluations_of_a_run_share_its_compiled_regexps() {
        let run = Arc::new(RunRegexes::default());
        let calls = Cell::new(0);
        let compile = |s: &str| {
            calls.set(calls.get() + 1);
            Regex::new(s)
        };
        let (first, second) = (Regexes::sharing(run.clone()), Regexes::sharing(run.clone()));
        compiled_once(&first, &second, compile);
        assert_eq!(calls.get(), 1);
        // An evaluation of another run compiles its own.
        let other = Regexes::sharing(Arc::new(RunRegexes::default()));
        assert!(other.compiled(Reading::AsWritten, "a+", compile).is_ok());
        assert_eq!(calls.get(), 2);
        // A bad source is compiled (and fails) every time, shared or not.
        assert!(first.compiled(Reading::AsWritten, "(", compile).is_err());
        assert!(second.compiled(Reading::AsWritten, "(", compile).is_err());
        assert_eq!(calls.get(), 4);
        // Type patterns: the same answers from a shared and an unshared evaluation, a
        // pattern that does not compile included.
        let alone = Regexes::default();
        for (pattern, text) in [("^a+$", "aaa"), ("^a+$", "ab"), ("(", "x")] {
            let expected = alone.pattern_match(pattern, text);
            assert_eq!(first.pattern_match(pattern, text), expected);
            assert_eq!(second.pattern_match(pattern, text), expected);
        }
        assert_eq!(alone.pattern_match("^a+$", "aaa"), Some(true));
        assert_eq!(alone.pattern_match("(", "x"), None);
        let shared = run.patterns.lock().map(|p| p.len()).unwrap_or(0);
        assert_eq!(shared, 2);
    }
}
