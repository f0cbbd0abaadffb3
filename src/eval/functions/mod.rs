//! Puppet's pure built-in functions for the static evaluator (see [`iteration`]).

mod iteration;

pub use iteration::*;
