//! The `deep` family: what Puppet finds only when it compiles or applies a catalog (rules of
//! category `deep`). The static evaluator finds these once per file
//! ([`Context::evaluation`](super::Context::evaluation)); each rule reports its share.

pub mod case_no_match;
pub mod constant_condition;
pub mod division_by_zero;
pub mod duplicate_resource;
pub mod epp_missing_parameter;
pub mod epp_unknown_parameter;
pub mod evaluation_error;
pub mod invalid_operand;
pub mod missing_required_parameter;
pub mod selector_no_match;
pub mod type_mismatch;
pub mod undeclared_resource;
pub mod undefined_variable;
pub mod unknown_attribute;
pub mod unknown_class;
pub mod unknown_function;
pub mod unknown_resource_type;
pub mod unknown_template;
