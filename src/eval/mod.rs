//! The static evaluator: evaluates Puppet code without facts and without side effects, for
//! the deep checks. [`evaluator`] runs a file's code and reports what would make Puppet's
//! compilation fail; it builds on [`value`] (values and typed unknowns), [`types`] (the type
//! system), [`ops`] (operators), [`functions`] (pure built-ins), [`regex`] (bounded regexp
//! searches), [`three_valued`] (answers that may be unknown), [`loader`] (the module path)
//! and [`module_store`] (what was read from it), [`schema`] and [`custom_types`] (resource
//! type schemas), [`project`] (what the files of a run define) and [`reads`] (what an
//! evaluation read, for caches); [`names`] strips a name's leading `::`.

pub mod class_memo;
pub mod custom_types;
pub mod evaluator;
pub mod functions;
pub mod loader;
pub mod module_store;
pub mod names;
pub mod ops;
pub mod probes;
pub mod project;
pub mod reads;
pub mod real_paths;
pub mod regex;
pub mod schema;
pub mod three_valued;
pub mod types;
pub mod unfurl;
pub mod value;
