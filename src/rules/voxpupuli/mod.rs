//! The `voxpupuli` family: the checks of puppet-lint plugins (rules with a plugin gem; off by
//! default, switched on by the `voxpupuli` group). Shared here: the `manifest_whitespace`
//! checks' findings and bodies (`manifest_whitespace`), class parameters and their types
//! (`class_parameters`), walking a manifest (`walk`), absolute class names
//! (`absolute_class_names`), `ensure` values (`ensure_values`), resource references
//! (`resource_references`) and bare words in case and selector options (`unquoted_words`).

// ---- shared by the rules of this family ----
pub mod absolute_class_names;
pub mod class_parameters;
pub mod ensure_values;
pub mod manifest_whitespace;
pub mod resource_references;
pub mod unquoted_words;
pub mod walk;

// ---- rules (one module per rule) ----
pub mod anchor_resource;
pub mod exec_idempotency;
pub mod file_ensure;
pub mod leading_zero;
pub mod lookup_in_parameter;
pub mod manifest_whitespace_arrows_single_space_after;
pub mod manifest_whitespace_class_name_single_space_after;
pub mod manifest_whitespace_class_name_single_space_before;
pub mod manifest_whitespace_closing_brace_after;
pub mod manifest_whitespace_closing_brace_before;
pub mod manifest_whitespace_closing_bracket_after;
pub mod manifest_whitespace_closing_bracket_before;
pub mod manifest_whitespace_double_newline_end_of_file;
pub mod manifest_whitespace_inherits_name_single_space_before;
pub mod manifest_whitespace_missing_newline_end_of_file;
pub mod manifest_whitespace_newline_beginning_of_file;
pub mod manifest_whitespace_opening_brace_after;
pub mod manifest_whitespace_opening_brace_before;
pub mod manifest_whitespace_opening_bracket_after;
pub mod manifest_whitespace_opening_bracket_before;
pub mod manifest_whitespace_two_empty_lines;
pub mod optional_default;
pub mod package_ensure;
pub mod parameter_documentation;
pub mod parameter_types;
pub mod params_empty_string_assignment;
pub mod params_not_optional_with_undef;
pub mod relative_classname_inclusion;
pub mod relative_classname_reference;
pub mod resource_reference_chain_without_whitespace;
pub mod resource_reference_with_unquoted_title;
pub mod resource_reference_without_title_capital;
pub mod resource_reference_without_whitespace;
pub mod strict_indent;
pub mod topscope_variable;
pub mod trailing_comma;
pub mod unquoted_string_in_case;
pub mod unquoted_string_in_selector;
pub mod variable_contains_upcase;
pub mod version_comparison;
