//! Puppet's type system for the static evaluator (see [`matching`]).

mod matching;

pub use matching::*;
