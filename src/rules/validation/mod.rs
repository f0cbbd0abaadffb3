//! The `validation` family: what Puppet's own validator and parser reject (rules of category
//! `validation`), with Puppet's messages and issue codes as aliases. Each rule file checks
//! one of Puppet's issues; the other files hold what several of them share: Puppet's labels
//! for expressions (`labels`), its naming patterns (`naming`), parameter lists
//! (`parameter_lists`), assignment targets (`assignments`), where Puppet places an
//! expression in its messages (`positions`), definitions and where they may be
//! (`definitions`), the namespace of a module file (`module_namespace`), catalog
//! expressions (`catalog_expressions`) and expressions without effect (`idem`).

// ---- shared by the rules of this family ----
pub mod assignments;
pub mod catalog_expressions;
pub mod definitions;
pub mod idem;
pub mod labels;
pub mod module_namespace;
pub mod naming;
pub mod parameter_lists;
pub mod positions;

// ---- rules (one module per rule) ----
pub mod append_assignment;
pub mod assignment_context;
pub mod attribute_append;
pub mod attribute_name;
pub mod captures_rest_not_last;
pub mod captures_rest_not_supported;
pub mod class_defaults;
pub mod class_not_virtualizable;
pub mod collector_query;
pub mod collector_query_value;
pub mod cross_scope_assignment;
pub mod default_title;
pub mod definition_location;
pub mod definition_name;
pub mod definition_not_toplevel;
pub mod duplicate_default;
pub mod duplicate_key;
pub mod duplicate_parameter;
pub mod duplicate_params;
pub mod duplicate_title;
pub mod ends_with_value;
pub mod expression_has_no_effect;
pub mod function_not_toplevel;
pub mod future_reserved_word;
pub mod heredoc_syntax;
pub mod hostname_chars;
pub mod hostname_interpolation;
pub mod illegal_assignment;
pub mod illegal_expression;
pub mod indexed_assignment;
pub mod integer_overflow;
pub mod multiple_attribute_unfold;
pub mod node_inheritance;
pub mod not_rvalue;
pub mod numeric_parameter;
pub mod numeric_variable_assignment;
pub mod numeric_variable_name;
pub mod parameter_name;
pub mod relationship_operand;
pub mod reserved_parameter;
pub mod reserved_type_name;
pub mod reserved_word;
pub mod resource_without_title;
pub mod splat_context;
pub mod top_construct_location;
pub mod type_definition;
pub mod type_mapping;
pub mod unrecognized_escape;
pub mod variable_name;
pub mod virtual_defaults;

#[cfg(test)]
mod tests;
