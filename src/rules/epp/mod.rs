//! The `epp` family: rules for EPP templates (`.epp` files). Each looks at the template
//! itself (its `Epp` node: the parameter header and the body), so it finds nothing in a
//! manifest. See [`super::templates`] for which other rules run in templates.

pub mod epp_default_type_mismatch;
pub mod epp_undeclared_variable;
pub mod epp_unused_parameter;
