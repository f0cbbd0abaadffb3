//! The registry: every rule rein has, one line each, grouped by family. Names, puppet-lint
//! names and aliases are looked up here by the configuration, the CLI and `# lint:ignore:`
//! directives.

use super::Rule;

/// Every rule, in the order `rein rule` lists them (which is why the validation family
/// comes in two blocks around the deep rules).
static RULES: &[&dyn Rule] = &[
    // ---- syntax: parse errors, reported by the engine itself ----
    &super::syntax::Syntax,
    // ---- yaml: what the YAML front end finds in Hiera and other YAML files ----
    &super::yaml::yaml_syntax::YamlSyntax,
    &super::yaml::yaml_tab::YamlTab,
    &super::yaml::yaml_duplicate_key::YamlDuplicateKey,
    // ---- hiera: hiera.yaml and Hiera data ----
    &super::hiera::hiera_config::HieraConfig,
    &super::hiera::hiera_interpolation::HieraInterpolation,
    &super::hiera::hiera_lookup_options::HieraLookupOptions,
    &super::hiera::hiera_unknown_key::HieraUnknownKey,
    &super::hiera::hiera_type_mismatch::HieraTypeMismatch,
    // ---- unfurl: merge directives and `eval` expressions of Unfurl's documents ----
    &super::unfurl::unfurl_invalid_directive::RULE,
    &super::unfurl::unfurl_missing_include::RULE,
    &super::unfurl::unfurl_unknown_anchor::RULE,
    &super::unfurl::unfurl_unresolved_path::RULE,
    &super::unfurl::unfurl_merge_conflict::RULE,
    &super::unfurl::unfurl_eval_syntax::RULE,
    &super::unfurl::unfurl_ignored_directive::RULE,
    &super::unfurl::unfurl_eval_stray_bracket::RULE,
    // ---- suppression: problems with `# lint:ignore:` directives ----
    &super::suppression::suppression_unknown_rule::SuppressionUnknownRule,
    &super::suppression::suppression_unclosed::SuppressionUnclosed,
    &super::suppression::suppression_unused::SuppressionUnused,
    // ---- validation: lexical ----
    &super::validation::unrecognized_escape::UnrecognizedEscape,
    // ---- validation: assignments, names, parameters, definitions ----
    &super::validation::append_assignment::AppendAssignment,
    &super::validation::cross_scope_assignment::CrossScopeAssignment,
    &super::validation::illegal_assignment::IllegalAssignment,
    &super::validation::indexed_assignment::IndexedAssignment,
    &super::validation::numeric_variable_assignment::NumericVariableAssignment,
    &super::validation::assignment_context::AssignmentContext,
    &super::validation::captures_rest_not_last::CapturesRestNotLast,
    &super::validation::captures_rest_not_supported::CapturesRestNotSupported,
    &super::validation::duplicate_parameter::DuplicateParameter,
    &super::validation::parameter_name::ParameterName,
    &super::validation::numeric_parameter::NumericParameter,
    &super::validation::reserved_parameter::ReservedParameter,
    &super::validation::variable_name::VariableName,
    &super::validation::numeric_variable_name::NumericVariableName,
    &super::validation::definition_name::DefinitionName,
    &super::validation::reserved_type_name::ReservedTypeName,
    &super::validation::definition_not_toplevel::DefinitionNotToplevel,
    &super::validation::function_not_toplevel::FunctionNotToplevel,
    &super::validation::definition_location::DefinitionLocation,
    &super::validation::top_construct_location::TopConstructLocation,
    // ---- validation: resources, collectors, relationships ----
    &super::validation::duplicate_params::DuplicateParams,
    &super::validation::duplicate_title::DuplicateTitle,
    &super::validation::attribute_name::AttributeName,
    &super::validation::attribute_append::AttributeAppend,
    &super::validation::multiple_attribute_unfold::MultipleAttributeUnfold,
    &super::validation::splat_context::SplatContext,
    &super::validation::resource_without_title::ResourceWithoutTitle,
    &super::validation::class_not_virtualizable::ClassNotVirtualizable,
    &super::validation::virtual_defaults::VirtualDefaults,
    &super::validation::class_defaults::ClassDefaults,
    &super::validation::collector_query::CollectorQuery,
    &super::validation::collector_query_value::CollectorQueryValue,
    &super::validation::relationship_operand::RelationshipOperand,
    &super::validation::default_title::DefaultTitle,
    // ---- deep: what compiling the catalog finds ----
    &super::deep::unknown_attribute::UnknownAttribute,
    &super::deep::missing_required_parameter::MissingRequiredParameter,
    &super::deep::evaluation_error::EvaluationError,
    &super::deep::constant_condition::ConstantCondition,
    &super::deep::undeclared_resource::UndeclaredResource,
    &super::deep::case_no_match::CaseNoMatch,
    &super::deep::selector_no_match::SelectorNoMatch,
    &super::deep::division_by_zero::DivisionByZero,
    &super::deep::invalid_operand::InvalidOperand,
    &super::deep::undefined_variable::UndefinedVariable,
    &super::deep::unknown_function::UnknownFunction,
    &super::deep::unknown_class::UnknownClass,
    &super::deep::type_mismatch::TypeMismatch,
    &super::deep::unknown_resource_type::UnknownResourceType,
    &super::deep::duplicate_resource::DuplicateResource,
    &super::deep::unknown_template::UnknownTemplate,
    &super::deep::epp_missing_parameter::EppMissingParameter,
    &super::deep::epp_unknown_parameter::EppUnknownParameter,
    // ---- validation: values, nodes, expressions, types ----
    &super::validation::duplicate_key::DuplicateKey,
    &super::validation::duplicate_default::DuplicateDefault,
    &super::validation::expression_has_no_effect::ExpressionHasNoEffect,
    &super::validation::ends_with_value::EndsWithValue,
    &super::validation::not_rvalue::NotRvalue,
    &super::validation::hostname_chars::HostnameChars,
    &super::validation::hostname_interpolation::HostnameInterpolation,
    &super::validation::node_inheritance::NodeInheritance,
    &super::validation::integer_overflow::IntegerOverflow,
    &super::validation::illegal_expression::IllegalExpression,
    &super::validation::reserved_word::ReservedWord,
    &super::validation::future_reserved_word::FutureReservedWord,
    &super::validation::type_definition::TypeDefinition,
    &super::validation::type_mapping::TypeMapping,
    &super::validation::heredoc_syntax::HeredocSyntax,
    // ---- puppet_lint: whitespace, layout, comments ----
    &super::puppet_lint::arrow_on_right_operand_line::ArrowOnRightOperandLine,
    &super::puppet_lint::slash_comments::SlashComments,
    &super::puppet_lint::star_comments::StarComments,
    &super::puppet_lint::chars_140::Chars140,
    &super::puppet_lint::soft_tabs_2sp::TwoSpSoftTabs,
    &super::puppet_lint::chars_80::Chars80,
    &super::puppet_lint::arrow_alignment::ArrowAlignment,
    &super::puppet_lint::hard_tabs::HardTabs,
    &super::puppet_lint::space_before_arrow::SpaceBeforeArrow,
    &super::puppet_lint::trailing_whitespace::TrailingWhitespace,
    // ---- puppet_lint: strings, resources, conditionals, nodes, variables, facts ----
    &super::puppet_lint::double_quoted_strings::DoubleQuotedStrings,
    &super::puppet_lint::only_variable_string::OnlyVariableString,
    &super::puppet_lint::variables_not_enclosed::VariablesNotEnclosed,
    &super::puppet_lint::single_quote_string_with_variables::SingleQuoteStringWithVariables,
    &super::puppet_lint::quoted_booleans::QuotedBooleans,
    &super::puppet_lint::puppet_url_without_modules::PuppetUrlWithoutModules,
    &super::puppet_lint::ensure_first_param::EnsureFirstParam,
    &super::puppet_lint::ensure_not_symlink_target::EnsureNotSymlinkTarget,
    &super::puppet_lint::file_mode::FileMode,
    &super::puppet_lint::unquoted_file_mode::UnquotedFileMode,
    &super::puppet_lint::unquoted_resource_title::UnquotedResourceTitle,
    &super::puppet_lint::case_without_default::CaseWithoutDefault,
    &super::puppet_lint::selector_inside_resource::SelectorInsideResource,
    &super::puppet_lint::unquoted_node_name::UnquotedNodeName,
    &super::puppet_lint::variable_contains_dash::VariableContainsDash,
    &super::puppet_lint::variable_is_lowercase::VariableIsLowercase,
    &super::puppet_lint::legacy_facts::LegacyFacts,
    &super::puppet_lint::top_scope_facts::TopScopeFacts,
    // ---- puppet_lint: classes, defines, documentation ----
    &super::puppet_lint::autoloader_layout::AutoloaderLayout,
    &super::puppet_lint::class_inherits_from_params_class::ClassInheritsFromParamsClass,
    &super::puppet_lint::code_on_top_scope::CodeOnTopScope,
    &super::puppet_lint::documentation::Documentation,
    &super::puppet_lint::inherits_across_namespaces::InheritsAcrossNamespaces,
    &super::puppet_lint::names_containing_dash::NamesContainingDash,
    &super::puppet_lint::names_containing_uppercase::NamesContainingUppercase,
    &super::puppet_lint::nested_classes_or_defines::NestedClassesOrDefines,
    &super::puppet_lint::parameter_order::ParameterOrder,
    &super::puppet_lint::right_to_left_relationship::RightToLeftRelationship,
    &super::puppet_lint::variable_scope::VariableScope,
    // ---- voxpupuli: puppet-lint-manifest_whitespace-check ----
    &super::voxpupuli::manifest_whitespace_arrows_single_space_after::ManifestWhitespaceArrowsSingleSpaceAfter,
    &super::voxpupuli::manifest_whitespace_class_name_single_space_after::ManifestWhitespaceClassNameSingleSpaceAfter,
    &super::voxpupuli::manifest_whitespace_class_name_single_space_before::ManifestWhitespaceClassNameSingleSpaceBefore,
    &super::voxpupuli::manifest_whitespace_closing_brace_after::ManifestWhitespaceClosingBraceAfter,
    &super::voxpupuli::manifest_whitespace_closing_brace_before::ManifestWhitespaceClosingBraceBefore,
    &super::voxpupuli::manifest_whitespace_closing_bracket_after::ManifestWhitespaceClosingBracketAfter,
    &super::voxpupuli::manifest_whitespace_closing_bracket_before::ManifestWhitespaceClosingBracketBefore,
    &super::voxpupuli::manifest_whitespace_double_newline_end_of_file::ManifestWhitespaceDoubleNewlineEndOfFile,
    &super::voxpupuli::manifest_whitespace_inherits_name_single_space_before::ManifestWhitespaceInheritsNameSingleSpaceBefore,
    &super::voxpupuli::manifest_whitespace_missing_newline_end_of_file::ManifestWhitespaceMissingNewlineEndOfFile,
    &super::voxpupuli::manifest_whitespace_newline_beginning_of_file::ManifestWhitespaceNewlineBeginningOfFile,
    &super::voxpupuli::manifest_whitespace_opening_brace_after::ManifestWhitespaceOpeningBraceAfter,
    &super::voxpupuli::manifest_whitespace_opening_brace_before::ManifestWhitespaceOpeningBraceBefore,
    &super::voxpupuli::manifest_whitespace_opening_bracket_after::ManifestWhitespaceOpeningBracketAfter,
    &super::voxpupuli::manifest_whitespace_opening_bracket_before::ManifestWhitespaceOpeningBracketBefore,
    &super::voxpupuli::manifest_whitespace_two_empty_lines::ManifestWhitespaceTwoEmptyLines,
    // ---- voxpupuli: indentation and trailing commas ----
    &super::voxpupuli::strict_indent::StrictIndent,
    &super::voxpupuli::trailing_comma::TrailingComma,
    // ---- voxpupuli: parameters, variables, class names ----
    &super::voxpupuli::parameter_types::ParameterTypes,
    &super::voxpupuli::parameter_documentation::ParameterDocumentation,
    &super::voxpupuli::params_empty_string_assignment::ParamsEmptyStringAssignment,
    &super::voxpupuli::params_not_optional_with_undef::ParamsNotOptionalWithUndef,
    &super::voxpupuli::optional_default::OptionalDefault,
    &super::voxpupuli::lookup_in_parameter::LookupInParameter,
    &super::voxpupuli::topscope_variable::TopscopeVariable,
    &super::voxpupuli::variable_contains_upcase::VariableContainsUpcase,
    &super::voxpupuli::relative_classname_inclusion::RelativeClassnameInclusion,
    &super::voxpupuli::relative_classname_reference::RelativeClassnameReference,
    // ---- voxpupuli: resources, references, values ----
    &super::voxpupuli::anchor_resource::AnchorResource,
    &super::voxpupuli::exec_idempotency::ExecIdempotency,
    &super::voxpupuli::file_ensure::FileEnsure,
    &super::voxpupuli::leading_zero::LeadingZero,
    &super::voxpupuli::package_ensure::PackageEnsure,
    &super::voxpupuli::resource_reference_chain_without_whitespace::ResourceReferenceChainWithoutWhitespace,
    &super::voxpupuli::resource_reference_with_unquoted_title::ResourceReferenceWithUnquotedTitle,
    &super::voxpupuli::resource_reference_without_title_capital::ResourceReferenceWithoutTitleCapital,
    &super::voxpupuli::resource_reference_without_whitespace::ResourceReferenceWithoutWhitespace,
    &super::voxpupuli::unquoted_string_in_case::UnquotedStringInCase,
    &super::voxpupuli::unquoted_string_in_selector::UnquotedStringInSelector,
    &super::voxpupuli::version_comparison::VersionComparison,
    // ---- epp: EPP templates ----
    &super::epp::epp_undeclared_variable::EppUndeclaredVariable,
    &super::epp::epp_unused_parameter::EppUnusedParameter,
    &super::epp::epp_default_type_mismatch::EppDefaultTypeMismatch,
];

/// The rules whose level follows Puppet's `strict` setting (`[puppet] strict` in the
/// configuration): Puppet reports what they find as an error under `strict = error` (Puppet
/// 8's default), as a warning under `strict = warning` (Puppet 7's default) and not at all
/// under `strict = off`. Their default level in the registry is Puppet 8's.
pub const FOLLOW_STRICT: &[&str] = &["duplicate_key", "undefined_variable"];

/// Every registered rule.
pub fn all() -> &'static [&'static dyn Rule] {
    RULES
}

/// The rule answering to `name`: its name, its puppet-lint name or one of its aliases.
/// Names are matched exactly, except that Puppet issue codes match in any case.
pub fn find(name: &str) -> Option<&'static dyn Rule> {
    RULES
        .iter()
        .find(|r| r.meta().name == name)
        .or_else(|| {
            RULES.iter().find(|r| {
                r.meta()
                    .names()
                    .any(|n| n == name || n.eq_ignore_ascii_case(name))
            })
        })
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn rules_following_strict_are_registered_errors() {
        for name in FOLLOW_STRICT {
            let rule = find(name).unwrap_or_else(|| panic!("{name} is not registered"));
            assert_eq!(rule.meta().name, *name);
            assert_eq!(rule.meta().level, crate::rules::Level::Error, "{name}");
        }
    }

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = HashSet::new();
        for r in all() {
            let own: HashSet<String> = r.meta().names().map(|n| n.to_ascii_lowercase()).collect();
            for n in own {
                assert!(seen.insert(n.clone()), "{n} names two rules");
            }
        }
    }

    #[test]
    fn names_are_snake_case() {
        for r in all() {
            let n = r.meta().name;
            assert!(
                n.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{n}"
            );
        }
    }
}
