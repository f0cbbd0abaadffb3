//! The static evaluator's knowledge of Puppet's world (issue 5, in progress): for now the
//! schemas of Puppet's core resource types ([`schema`]), which the deep checks read to tell
//! an attribute a type does not have. Values, types, scopes and the evaluation of
//! expressions and catalogs are to come here too.

pub mod custom_types;
pub mod project;
pub mod schema;
