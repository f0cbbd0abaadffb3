//! Puppet's pure built-in functions for the static evaluator: `sprintf`, `join`, `split`,
//! `size`/`length`, `keys`, `values`, `merge` (stdlib's), `flatten`, `unique`, `sort`,
//! `regsubst`, `match`, `index`, `upcase`, `downcase`, `capitalize`, `camelcase`, `strip`
//! (and `lstrip`, `rstrip`, `chomp`, `chop`), `abs`, `floor`, `ceiling`, `round`, `min`,
//! `max`, `compare`, `versioncmp`, `empty`, `dig`, `get`, `type`, `assert_type`, `unwrap`,
//! `with`, `then`, `lest`, and the iteration functions (`each`, `map`, `filter`, `reduce`,
//! `any`, `all`, `partition`, `group_by`, `slice`, `step`, `reverse_each`) over arrays,
//! hashes, strings, integers and integer ranges. Semantics are Puppet 7's (the Ruby
//! implementations shipped in `puppet-agent` 7.23), checked against `puppet apply`.
//!
//! Functions that read files, run commands, look data up or touch the catalog are not here:
//! the evaluator handles the ones that concern scope and catalog, and gives unknowns for
//! the others. [`is_builtin`] knows the names of all of Puppet's functions
//! (`builtin_functions.txt`).
//!
//! This module dispatches a call to its family: [`strings`], [`format`] (`sprintf`),
//! [`regexps`], [`versions`], [`numbers`], [`sorting`], [`collections`], [`typing`] and
//! [`iteration`]; they share [`outcome`] (results and argument errors), [`block`] (the
//! lambda) and [`ruby`] (the Ruby semantics of the implementations).
//!
//! Unknown arguments give unknown results, typed when the result type is certain; an error
//! is returned only when Puppet would certainly fail. What is not modelled (a format
//! directive, a value whose Ruby string form is not certain, a sort whose order depends on
//! Ruby's unstable sort, an argument error whose wording is not certain) gives `None` or an
//! unknown, never a guess.

mod block;
mod collections;
mod format;
mod iteration;
mod numbers;
mod outcome;
mod regexps;
mod ruby;
mod sorting;
mod strings;
mod typing;
mod versions;

use self::block::lambda;
use self::collections::{dig, empty, flatten, get, keys_values, merge, size, unique};
use self::format::sprintf;
use self::iteration::{index, iterate, iterator, partition_group, reduce, slice, step};
use self::numbers::{compare, min_max, numeric};
use self::outcome::{ok, unk, Out};
use self::regexps::{match_fn, regsubst, split};
use self::sorting::sort;
use self::strings::{case_map, join, string_map};
use self::typing::{assert_type, type_of, unwrap};
use self::versions::versioncmp;
use crate::eval::names::has_colons;
use crate::eval::regex::Regexes;
use crate::eval::types::{Aliases, PType};
use crate::eval::value::{EvalError, Value};

pub use block::Block;

/// Calls the built-in function `name`; `None` when rein does not model it (the caller
/// gives an unknown). Unknown arguments give unknown results (typed when certain).
pub fn call(
    name: &str,
    args: &[Value],
    block: Option<&mut dyn Block>,
    aliases: &Aliases,
    regexes: &Regexes,
) -> Option<Result<Value, EvalError>> {
    match block {
        Some(b) => call_with_block(name, args, b, aliases, regexes),
        None => call_plain(name, args, aliases, regexes),
    }
}

/// The names of Puppet's functions, one a line (comment lines start with `#`).
const BUILTINS: &str = include_str!("builtin_functions.txt");

/// Whether `name` is a function of Puppet's core (`puppet-agent` 7's built-ins, including
/// the ones this module does not evaluate: `lookup`, `template`, `file`, `notice`, ...).
pub fn is_builtin(name: &str) -> bool {
    if name.is_empty() || name.starts_with('#') || name.contains(['\n', '\r']) || has_colons(name) {
        return false;
    }
    // A line of the list, found by a binary search on the text (a substring search of the
    // whole list per call cost ~1% of a corpus run). The names are sorted; the comment
    // lines above them start with '#', before every name's first letter, so they sort
    // first too. (A name that is no line is never found, sorted or not.)
    let list = BUILTINS.as_bytes();
    let mut lo = 0;
    let mut hi = list.len();
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let (Some(before), Some(after)) = (list.get(lo..mid), list.get(mid..hi)) else {
            return false;
        };
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(lo, |i| lo + i + 1);
        let end = after
            .iter()
            .position(|&b| b == b'\n')
            .map_or(hi, |i| mid + i);
        match list.get(start..end).map(|line| line.cmp(name.as_bytes())) {
            Some(std::cmp::Ordering::Equal) => return true,
            Some(std::cmp::Ordering::Less) => lo = end + 1,
            Some(std::cmp::Ordering::Greater) => hi = start,
            None => return false,
        }
    }
    false
}

fn call_plain(name: &str, args: &[Value], aliases: &Aliases, regexes: &Regexes) -> Out {
    match name {
        "sprintf" => sprintf(args),
        "join" => join(args, aliases),
        "split" => split(args, regexes),
        "size" | "length" => size(name, args),
        "keys" | "values" => keys_values(name, args, aliases),
        "merge" => merge(args),
        "flatten" => flatten(args),
        "unique" => unique(args, None),
        "sort" => sort(args, None),
        "regsubst" => regsubst(args, regexes),
        "match" => match_fn(args, regexes),
        "index" => index(args, None, regexes),
        "upcase" | "downcase" => case_map(name, args),
        "capitalize" | "camelcase" | "strip" | "lstrip" | "rstrip" | "chomp" | "chop" => {
            string_map(name, args)
        }
        "abs" | "floor" | "ceiling" | "round" => numeric(name, args, aliases),
        "min" | "max" => min_max(name == "max", args, None),
        "compare" => compare(args),
        "versioncmp" => versioncmp(args, aliases),
        "empty" => empty(args),
        "dig" => dig(args),
        "get" => get(args),
        "type" => type_of(args),
        "assert_type" => assert_type(args, None, aliases, regexes),
        "unwrap" => unwrap(args),
        "step" | "reverse_each" => iterator(args),
        "slice" => slice(args, None),
        _ => None,
    }
}

fn call_with_block(
    name: &str,
    args: &[Value],
    block: &mut dyn Block,
    aliases: &Aliases,
    regexes: &Regexes,
) -> Out {
    match name {
        "each" | "map" | "filter" | "any" | "all" | "reverse_each" => iterate(name, args, block),
        "reduce" => reduce(args, block),
        "partition" | "group_by" => partition_group(name == "group_by", args, block),
        "index" => index(args, Some(block), regexes),
        "unique" => unique(args, Some(block)),
        "sort" => sort(args, Some(block)),
        "min" | "max" => min_max(name == "max", args, Some(block)),
        "slice" => slice(args, Some(block)),
        "step" => step(args, block),
        "with" => Some(lambda(block, args.to_vec())),
        "then" => match args {
            [Value::Undef] => ok(Value::Undef),
            [Value::Unknown(_)] => unk(PType::Any),
            [v] => Some(lambda(block, vec![v.clone()])),
            _ => None,
        },
        "lest" => match args {
            [Value::Undef] => Some(lambda(block, vec![])),
            [Value::Unknown(_)] => unk(PType::Any),
            [v] => ok(v.clone()),
            _ => None,
        },
        "assert_type" => assert_type(args, Some(block), aliases, regexes),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
