//! Puppet's operators on values (see [`arithmetic`]).

mod arithmetic;

pub use arithmetic::*;
