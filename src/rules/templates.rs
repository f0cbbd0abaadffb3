//! Which rules run inside EPP templates (`.epp` files).
//!
//! A template is text with Puppet code in tags. The syntax, suppression and validation rules
//! run on its Puppet code as on a manifest (Puppet's validator checks templates too), and so
//! do the rules written for templates (`epp_*`, which look at the `Epp` node only). The deep
//! rules do not: a template's variables come from the `epp()` call that renders it, which
//! the caller's checks see. Of the style, layout and correctness rules only those that
//! read expressions in the code run ([`STYLE_IN_TEMPLATES`]); the others read lines,
//! whitespace, tokens or manifest structure (indentation, line length, trailing whitespace,
//! arrow alignment, documentation, autoloader layout, ...), which in a template belong to
//! the text being rendered, or look for classes and resources that templates do not hold.
//! Each listed rule's page says that it runs in templates.

use super::{Category, RuleMeta};

/// The style, layout and correctness rules that also run inside templates.
pub const STYLE_IN_TEMPLATES: &[&str] = &[
    "double_quoted_strings",
    "only_variable_string",
    "single_quote_string_with_variables",
    "quoted_booleans",
    "puppet_url_without_modules",
    "case_without_default",
    "variable_contains_dash",
    "variable_is_lowercase",
    "legacy_facts",
    "top_scope_facts",
    "unquoted_string_in_case",
    "unquoted_string_in_selector",
    "variable_contains_upcase",
    "version_comparison",
];

/// Whether the rule runs on templates.
pub fn runs_in_templates(meta: &RuleMeta) -> bool {
    match meta.category {
        Category::Syntax | Category::Suppression | Category::Validation => true,
        Category::Deep => false,
        Category::Style | Category::Layout | Category::Correctness => {
            meta.name.starts_with("epp_") || STYLE_IN_TEMPLATES.contains(&meta.name)
        }
    }
}
