//! Regexp searches that cannot panic or run away: Oniguruma's own search API panics when a
//! search exceeds its backtracking limit (`/^(a+)+$/` on a long string). Every search of
//! the evaluator goes through here, with a limit; a search that gives up counts as no
//! match and raises a per-thread flag, which the evaluator turns into an unknown value.

use std::cell::Cell;

use onig::{MatchParam, Regex, Region, SearchOptions};

/// Backtracking steps one search may take (Ruby has no limit; rein must finish).
const RETRY_LIMIT: u32 = 1_000_000;

thread_local! {
    static GAVE_UP: Cell<bool> = const { Cell::new(false) };
}

/// Whether a search gave up since the last call (clears the flag).
pub fn take_gave_up() -> bool {
    GAVE_UP.with(|g| g.replace(false))
}

/// The first match of `re` in `s` at or after byte `from`; `None` when there is none, or
/// when the search gave up (then [`take_gave_up`] says so).
pub fn search(re: &Regex, s: &str, from: usize) -> Option<Region> {
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
            GAVE_UP.with(|g| g.set(true));
            None
        }
    }
}

/// Whether `re` matches somewhere in `s`; `None` when the search gave up.
pub fn is_match(re: &Regex, s: &str) -> Option<bool> {
    let found = search(re, s, 0).is_some();
    if !found && GAVE_UP.with(Cell::get) {
        return None;
    }
    Some(found)
}

/// The groups of the first match of `re` in `s` (group 0 is the whole match; `None` for a
/// group that took no part), or `None` when there is no match.
pub fn captures(re: &Regex, s: &str) -> Option<Vec<Option<String>>> {
    let region = search(re, s, 0)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_runaway_search_gives_up_instead_of_panicking() {
        let re = Regex::new("^(a+)+$").unwrap_or_else(|e| panic!("{e}"));
        let text = format!("{}!", "a".repeat(60));
        take_gave_up();
        assert_eq!(is_match(&re, &text), None);
        assert!(take_gave_up());
        assert_eq!(is_match(&re, "aaa"), Some(true));
        assert!(!take_gave_up());
        assert_eq!(
            captures(
                &Regex::new("(b)(x)?").unwrap_or_else(|e| panic!("{e}")),
                "abc"
            ),
            Some(vec![Some("b".to_string()), Some("b".to_string()), None])
        );
    }
}
