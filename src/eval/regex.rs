//! Regexp searches that cannot panic or run away: Oniguruma's own search API panics when a
//! search exceeds its backtracking limit (`/^(a+)+$/` on a long string). Every search of
//! an evaluation goes through its [`Regexes`], with a limit; a search that gives up counts
//! as no match and raises the evaluation's flag, which the evaluator turns into an unknown
//! value.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

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

/// The regexp searches of one evaluation: whether a search gave up since the evaluator
/// last asked, the patterns of `Pattern` types compiled so far, and the regexps of the
/// operators and functions compiled so far (each compiled once per evaluation, not once per
/// use: a class declared from many roots matches the same regexps again and again).
#[derive(Default)]
pub struct Regexes {
    gave_up: Cell<bool>,
    patterns: RefCell<HashMap<String, Option<Regex>>>,
    /// By [`Reading`], then by source.
    compiled: RefCell<[HashMap<String, Rc<Regex>>; 2]>,
}

impl Regexes {
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
    ) -> Result<Rc<Regex>, E> {
        let slot = reading as usize;
        if let Some(re) = self.compiled.borrow().get(slot).and_then(|m| m.get(source)) {
            return Ok(re.clone());
        }
        let re = Rc::new(compile(source)?);
        if let Some(compiled) = self.compiled.borrow_mut().get_mut(slot) {
            if compiled.len() >= MAX_PATTERNS {
                compiled.clear();
            }
            compiled.insert(source.to_string(), re.clone());
        }
        Ok(re)
    }

    /// Whether the string `s` matches the regexp `source` of a `Pattern` type (Ruby
    /// syntax, unanchored; compiled once per evaluation); `None` when the regexp does not
    /// compile or the search gave up.
    pub fn pattern_match(&self, source: &str, s: &str) -> Option<bool> {
        let mut patterns = self.patterns.borrow_mut();
        if patterns.len() > MAX_PATTERNS {
            patterns.clear();
        }
        let re = patterns.entry(source.to_string()).or_insert_with(|| {
            Regex::with_options(source, RegexOptions::REGEX_OPTION_NONE, Syntax::ruby()).ok()
        });
        re.as_ref().and_then(|re| self.is_match(re, s))
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

    #[test]
    fn a_regexp_is_compiled_once_per_reading_and_a_bad_one_each_time() {
        let rx = Regexes::default();
        let calls = Cell::new(0);
        let compile = |s: &str| {
            calls.set(calls.get() + 1);
            Regex::new(s)
        };
        let a = rx.compiled(Reading::AsWritten, "a+", compile);
        let b = rx.compiled(Reading::AsWritten, "a+", compile);
        let (Ok(a), Ok(b)) = (a, b) else {
            panic!("'a+' compiles")
        };
        assert!(Rc::ptr_eq(&a, &b));
        assert_eq!(calls.get(), 1);
        // The other reading of the same source is another regexp.
        assert!(rx.compiled(Reading::AsciiClasses, "a+", compile).is_ok());
        assert_eq!(calls.get(), 2);
        // A source that does not compile gives its error every time.
        assert!(rx.compiled(Reading::AsWritten, "(", compile).is_err());
        assert!(rx.compiled(Reading::AsWritten, "(", compile).is_err());
        assert_eq!(calls.get(), 4);
    }
}
