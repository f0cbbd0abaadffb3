//! The static evaluator: evaluates Puppet code without facts and without side effects, for
//! the deep checks. [`value`] (values and unknowns), [`types`] (the type system), [`ops`]
//! (operators), [`functions`] (pure built-ins), [`schema`] and [`custom_types`] (resource
//! type schemas), [`project`] (what the files of a run define).

pub mod custom_types;
pub mod evaluator;
pub mod functions;
pub mod loader;
pub mod ops;
pub mod project;
pub mod regex;
pub mod schema;
pub mod types;
pub mod value;
