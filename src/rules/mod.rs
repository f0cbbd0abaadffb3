//! The rule engine and every rule.
//!
//! A rule is one file `src/rules/<name>.rs` holding a unit struct that implements [`Rule`]
//! and its [`RuleMeta`] (name, default level, category, fix availability, puppet-lint name,
//! aliases, the node kinds it subscribes to, options), plus its documentation page
//! `rules/<name>.md` (included into the binary: `rein rule NAME` prints it, and its
//! examples are the rule's tests), plus one line in [`registry`].
//!
//! [`engine::check_file`] walks a parsed file's AST once; at each expression it calls the
//! rules subscribed to that expression's [`NodeKind`], then every rule's file pass (for
//! token and line checks). Rules report [`Diagnostic`]s through a [`Context`], which also
//! holds what every rule may need: the file, the ancestors of the current node and facts
//! computed once per file.

pub mod context;
pub mod engine;
pub mod fix;
pub mod registry;
pub mod scopes;
pub mod suppression;

// ---- rules (one module per rule) ----
pub mod syntax;
pub mod unrecognized_escape;
// ---- validation (group A: assignments, names, parameters, definitions) ----
pub mod append_assignment;
pub mod assignment_context;
pub mod captures_rest_not_last;
pub mod captures_rest_not_supported;
pub mod cross_scope_assignment;
pub mod definition_location;
pub mod definition_name;
pub mod definition_not_toplevel;
pub mod duplicate_parameter;
pub mod function_not_toplevel;
pub mod illegal_assignment;
pub mod indexed_assignment;
pub mod numeric_parameter;
pub mod numeric_variable_assignment;
pub mod numeric_variable_name;
pub mod parameter_name;
pub mod reserved_parameter;
pub mod reserved_type_name;
pub mod top_construct_location;
pub mod vala_util;
pub mod variable_name;
// (end of group A)
//
//
//
// ---- validation (group B: catalog expressions, collectors, nodes, values) ----
pub mod attribute_append;
pub mod attribute_name;
pub mod case_no_match;
pub mod catalog_util;
pub mod class_defaults;
pub mod class_not_virtualizable;
pub mod collector_query;
pub mod collector_query_value;
pub mod constant_condition;
pub mod default_title;
pub mod division_by_zero;
pub mod duplicate_params;
pub mod duplicate_resource;
pub mod duplicate_title;
pub mod evaluation_error;
pub mod invalid_operand;
pub mod missing_required_parameter;
pub mod multiple_attribute_unfold;
pub mod relationship_operand;
pub mod resource_without_title;
pub mod selector_no_match;
pub mod splat_context;
pub mod type_mismatch;
pub mod undeclared_resource;
pub mod undefined_variable;
pub mod unknown_attribute;
pub mod unknown_class;
pub mod unknown_function;
pub mod unknown_resource_type;
pub mod virtual_defaults;
// (end of group B)
//
//
//
// ---- validation (group C: values, nodes, expressions, types) ----
pub mod duplicate_default;
pub mod duplicate_key;
pub mod ends_with_value;
pub mod expression_has_no_effect;
pub mod future_reserved_word;
pub mod hostname_chars;
pub mod hostname_interpolation;
pub mod illegal_expression;
pub mod integer_overflow;
pub mod node_inheritance;
pub mod not_rvalue;
pub mod reserved_word;
pub mod type_definition;
pub mod type_mapping;
pub mod valc_util;
// (end of group C)
//
//
//
// ---- style A (puppet-lint: whitespace, layout, comments) ----
pub mod arrow_alignment;
pub mod arrow_on_right_operand_line;
#[path = "140chars.rs"]
pub mod chars_140;
#[path = "80chars.rs"]
pub mod chars_80;
pub mod hard_tabs;
pub mod slash_comments;
#[path = "2sp_soft_tabs.rs"]
pub mod soft_tabs_2sp;
pub mod space_before_arrow;
pub mod star_comments;
pub mod style_a_util;
pub mod trailing_whitespace;
// (end of style A)
//
//
//
// ---- style B (puppet-lint: strings, resources, conditionals, nodes, variables, facts) ----
pub mod case_without_default;
pub mod double_quoted_strings;
pub mod ensure_first_param;
pub mod ensure_not_symlink_target;
pub mod file_mode;
pub mod legacy_facts;
pub mod only_variable_string;
pub mod puppet_url_without_modules;
pub mod quoted_booleans;
pub mod selector_inside_resource;
pub mod single_quote_string_with_variables;
pub mod style_b_util;
pub mod top_scope_facts;
pub mod unquoted_file_mode;
pub mod unquoted_node_name;
pub mod unquoted_resource_title;
pub mod variable_contains_dash;
pub mod variable_is_lowercase;
pub mod variables_not_enclosed;
// (end of style B)
//
//
//
// ---- style C (puppet-lint: classes, defines, documentation) ----
pub mod autoloader_layout;
pub mod class_inherits_from_params_class;
pub mod code_on_top_scope;
pub mod documentation;
pub mod inherits_across_namespaces;
pub mod names_containing_dash;
pub mod names_containing_uppercase;
pub mod nested_classes_or_defines;
pub mod parameter_order;
pub mod right_to_left_relationship;
pub mod style_c_util;
pub mod variable_scope;
// (end of style C)
//
//
//
// ---- Vox Pupuli plugins A: manifest_whitespace_* ----
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
pub mod vp_a_util;
// (end of vp-a)
//
//
//
// ---- Vox Pupuli plugins B: strict_indent, trailing_comma ----
pub mod strict_indent;
pub mod trailing_comma;
// (end of vp-b)
//
//
//
// ---- Vox Pupuli plugins C: parameters, variables, class names ----
pub mod lookup_in_parameter;
pub mod optional_default;
pub mod parameter_documentation;
pub mod parameter_types;
pub mod params_empty_string_assignment;
pub mod params_not_optional_with_undef;
pub mod relative_classname_inclusion;
pub mod relative_classname_reference;
pub mod topscope_variable;
pub mod variable_contains_upcase;
pub mod vp_c_util;
// (end of vp-c)
//
//
//
// ---- Vox Pupuli plugins D: resources, references, values ----
pub mod anchor_resource;
pub mod exec_idempotency;
pub mod file_ensure;
pub mod leading_zero;
pub mod package_ensure;
pub mod resource_reference_chain_without_whitespace;
pub mod resource_reference_with_unquoted_title;
pub mod resource_reference_without_title_capital;
pub mod resource_reference_without_whitespace;
pub mod unquoted_string_in_case;
pub mod unquoted_string_in_selector;
pub mod version_comparison;
pub mod vp_d_util;
// (end of vp-d)

use serde::Serialize;

pub use crate::syntax::visit::{BodyKind, NodeKind, Slot};
pub use context::Context;

use crate::syntax::{Expr, Span};

/// How bad a finding is. Only errors change the exit status of `rein check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl From<crate::syntax::Severity> for Severity {
    fn from(s: crate::syntax::Severity) -> Severity {
        match s {
            crate::syntax::Severity::Error => Severity::Error,
            crate::syntax::Severity::Warning => Severity::Warning,
        }
    }
}

/// The configured level of a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Off,
    Warning,
    Error,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Off => "off",
            Level::Warning => "warning",
            Level::Error => "error",
        }
    }

    /// Parses `off`, `warning` or `error`.
    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "off" => Some(Level::Off),
            "warning" => Some(Level::Warning),
            "error" => Some(Level::Error),
            _ => None,
        }
    }

    /// The severity of findings at this level (`None` when off).
    pub fn severity(self) -> Option<Severity> {
        match self {
            Level::Off => None,
            Level::Warning => Some(Severity::Warning),
            Level::Error => Some(Severity::Error),
        }
    }
}

/// What a rule is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    /// Parse errors (the `syntax` pseudo-rule).
    Syntax,
    /// Constraints of the language that Puppet's validator or runtime enforces.
    Validation,
    /// Problems with `# lint:ignore:` directives.
    Suppression,
    /// Style checks (puppet-lint and its plugins).
    Style,
    /// Whitespace and layout checks.
    Layout,
    /// Likely bugs that are not errors in Puppet.
    Correctness,
    /// What Puppet finds only when it compiles or applies a catalog (unknown attributes,
    /// missing parameters, ...), found by rein's evaluator and the definitions of the run.
    Deep,
}

impl Category {
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Syntax => "syntax",
            Category::Validation => "validation",
            Category::Suppression => "suppression",
            Category::Style => "style",
            Category::Layout => "layout",
            Category::Correctness => "correctness",
            Category::Deep => "deep",
        }
    }
}

/// Whether a rule can fix what it finds, and how safely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FixKind {
    /// No fix.
    None,
    /// Fixes keep the meaning of the code (applied by `--fix`).
    Safe,
    /// Fixes may change the meaning (applied only with `--unsafe-fixes`).
    Unsafe,
}

/// Whether one fix keeps the code's meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    Safe,
    Unsafe,
}

/// Replace the bytes of `span` with `replacement`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Edit {
    #[serde(skip)]
    pub span: Span,
    pub replacement: String,
}

impl Edit {
    pub fn replace(span: Span, replacement: impl Into<String>) -> Edit {
        Edit {
            span,
            replacement: replacement.into(),
        }
    }
    pub fn insert(at: usize, text: impl Into<String>) -> Edit {
        Edit::replace(Span::new(at, at), text)
    }
    pub fn delete(span: Span) -> Edit {
        Edit::replace(span, "")
    }
}

/// A fix: edits applied together, or not at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub edits: Vec<Edit>,
    pub applicability: Applicability,
}

impl Fix {
    pub fn safe(edits: Vec<Edit>) -> Fix {
        Fix {
            edits,
            applicability: Applicability::Safe,
        }
    }
    pub fn unsafe_(edits: Vec<Edit>) -> Fix {
        Fix {
            edits,
            applicability: Applicability::Unsafe,
        }
    }
}

/// One problem a rule found in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The rule's name (set by the engine).
    pub rule: &'static str,
    /// The severity (set by the engine from the rule's configured level).
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    /// What to do about it, when the message alone does not say.
    pub help: Option<String>,
    pub fix: Option<Fix>,
    /// Suppressed by a `# lint:ignore:` directive, with the directive's reason (empty when
    /// it gives none). Only kept when the run shows ignored findings.
    pub ignored: Option<String>,
}

impl Diagnostic {
    /// A diagnostic at `span`; the engine fills in the rule and severity.
    pub fn new(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            rule: "",
            severity: Severity::Error,
            span,
            message: message.into(),
            help: None,
            fix: None,
            ignored: None,
        }
    }
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }
    pub fn with_fix(mut self, fix: Fix) -> Diagnostic {
        self.fix = Some(fix);
        self
    }
}

/// The type of a rule option's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OptionKind {
    Bool,
    Integer,
    String,
    /// An array of strings.
    StringList,
}

/// An option a rule accepts in `[rules.NAME]`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RuleOption {
    pub name: &'static str,
    pub kind: OptionKind,
    /// The default, written as a TOML value (`140`, `true`, `["a", "b"]`, `"x"`).
    pub default: &'static str,
    pub doc: &'static str,
}

/// A puppet-lint plugin check that a rule implements.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Plugin {
    /// The gem that provides the check (`puppet-lint-trailing_comma-check`).
    pub gem: &'static str,
    /// The plugin's own severity: the level the rule is switched on at by `--select`.
    pub level: Level,
}

/// What the registry and the docs know about a rule.
#[derive(Debug)]
pub struct RuleMeta {
    /// snake_case; puppet-lint's name where puppet-lint has the check.
    pub name: &'static str,
    /// Level when the configuration says nothing.
    pub level: Level,
    pub category: Category,
    pub fix: FixKind,
    /// The puppet-lint check (or plugin check) this rule implements, also when its name is
    /// the rule's own name (`rein rule --format json` reports it; tools map findings with it).
    pub puppet_lint: Option<&'static str>,
    /// The puppet-lint plugin (a gem outside puppet-lint itself) whose check of the same name
    /// this rule implements. Plugin rules are off by default and form the `voxpupuli` group.
    pub plugin: Option<Plugin>,
    /// Other names accepted everywhere a rule name is (Puppet issue codes, old names).
    pub aliases: &'static [&'static str],
    /// The rein version that added the rule.
    pub since: &'static str,
    /// One line saying what the rule finds.
    pub summary: &'static str,
    /// The rule's documentation page (`rules/<name>.md`).
    pub doc: &'static str,
    /// The expression kinds whose nodes the rule's `check_expr` receives.
    pub kinds: &'static [NodeKind],
    pub options: &'static [RuleOption],
}

impl RuleMeta {
    /// Every name the rule answers to: its name, its puppet-lint name and its aliases.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        std::iter::once(self.name)
            .chain(self.puppet_lint)
            .chain(self.aliases.iter().copied())
    }
}

/// A rule. Implementations are unit structs; all state lives in the [`Context`].
pub trait Rule: Sync + Send {
    fn meta(&self) -> &'static RuleMeta;

    /// Called for each expression whose kind is in `meta().kinds`, in source order.
    fn check_expr(&self, _expr: &Expr, _cx: &mut Context<'_>) {}

    /// Called once per file, after the walk (token and line passes).
    fn check_file(&self, _cx: &mut Context<'_>) {}
}
