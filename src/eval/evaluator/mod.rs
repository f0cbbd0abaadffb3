//! The static evaluator (see [`expressions`]).

mod expressions;

pub use expressions::*;
