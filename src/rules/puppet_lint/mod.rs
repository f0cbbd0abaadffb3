//! The `puppet_lint` family: the checks of puppet-lint itself (style and layout rules
//! without a plugin), each under its puppet-lint name. Shared here: the body of the two
//! line-length checks (`line_length`), the indentation of a line (`indentation`), the
//! file modes of resources (`file_modes`) and whether a character would join a name next to
//! a fix's replacement (`name_joins`).

// ---- shared by the rules of this family ----
pub mod file_modes;
pub mod indentation;
pub mod line_length;
pub mod name_joins;

// ---- rules (one module per rule) ----
pub mod arrow_alignment;
pub mod arrow_on_right_operand_line;
pub mod autoloader_layout;
pub mod case_without_default;
#[path = "140chars.rs"]
pub mod chars_140;
#[path = "80chars.rs"]
pub mod chars_80;
pub mod class_inherits_from_params_class;
pub mod code_on_top_scope;
pub mod documentation;
pub mod double_quoted_strings;
pub mod ensure_first_param;
pub mod ensure_not_symlink_target;
pub mod file_mode;
pub mod hard_tabs;
pub mod inherits_across_namespaces;
pub mod legacy_facts;
pub mod names_containing_dash;
pub mod names_containing_uppercase;
pub mod nested_classes_or_defines;
pub mod only_variable_string;
pub mod parameter_order;
pub mod puppet_url_without_modules;
pub mod quoted_booleans;
pub mod right_to_left_relationship;
pub mod selector_inside_resource;
pub mod single_quote_string_with_variables;
pub mod slash_comments;
#[path = "2sp_soft_tabs.rs"]
pub mod soft_tabs_2sp;
pub mod space_before_arrow;
pub mod star_comments;
pub mod top_scope_facts;
pub mod trailing_whitespace;
pub mod unquoted_file_mode;
pub mod unquoted_node_name;
pub mod unquoted_resource_title;
pub mod variable_contains_dash;
pub mod variable_is_lowercase;
pub mod variable_scope;
pub mod variables_not_enclosed;
