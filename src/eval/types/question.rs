//! What every question to the type system shares: the aliases in scope, followed with a
//! depth limit against alias cycles; the evaluation's regexp searches; and a step budget
//! (recursive aliases compared with each other branch at every level).

use std::cell::Cell;

use super::ptype::{Aliases, PType};
use crate::eval::regex::Regexes;

/// How many alias resolutions one question may go through (guards alias cycles).
const MAX_DEPTH: u32 = 64;

/// How many steps one question may take: recursive aliases compared with each other
/// (`Variant[Array[J], Hash[String, J]]` against a similar `K`) branch at every level.
const MAX_STEPS: u32 = 200_000;

/// One question to the type system: the aliases in scope, the evaluation's regexp searches
/// (for `Pattern` types), and the steps taken so far.
pub(super) struct Question<'a> {
    pub(super) aliases: &'a Aliases,
    pub(super) regexes: &'a Regexes,
    steps: Cell<u32>,
}

impl<'a> Question<'a> {
    /// A new question, with the whole step budget.
    pub(super) fn new(aliases: &'a Aliases, regexes: &'a Regexes) -> Question<'a> {
        Question {
            aliases,
            regexes,
            steps: Cell::new(0),
        }
    }

    /// Counts a step of the question; false once the budget is spent.
    pub(super) fn step(&self) -> bool {
        let n = self.steps.get().saturating_add(1);
        self.steps.set(n);
        n <= MAX_STEPS
    }
}

/// Follows aliases to the type they stand for; `None` when an alias is unknown or the
/// chain is too long (a cycle).
pub(super) fn resolve<'a>(
    mut t: &'a PType,
    aliases: &'a Aliases,
    depth: &mut u32,
) -> Option<&'a PType> {
    while let PType::Alias(name) = t {
        *depth += 1;
        if *depth > MAX_DEPTH {
            return None;
        }
        t = aliases.get(name)?;
    }
    Some(t)
}
