//! The registry: every rule rein has, one line each. Names, puppet-lint names and aliases
//! are looked up here by the configuration, the CLI and `# lint:ignore:` directives.

use super::Rule;

/// Every rule, in the order `rein rule` lists them.
static RULES: &[&dyn Rule] = &[
    &super::syntax::Syntax,
    // ---- suppression directives ----
    &super::suppression::SuppressionUnknownRule,
    &super::suppression::SuppressionUnclosed,
    &super::suppression::SuppressionUnused,
    // ---- validation: lexical ----
    &super::unrecognized_escape::UnrecognizedEscape,
    // ---- validation (group A: assignments, names, parameters, definitions) ----
    &super::append_assignment::AppendAssignment,
    &super::cross_scope_assignment::CrossScopeAssignment,
    &super::illegal_assignment::IllegalAssignment,
    &super::indexed_assignment::IndexedAssignment,
    &super::numeric_variable_assignment::NumericVariableAssignment,
    &super::assignment_context::AssignmentContext,
    &super::captures_rest_not_last::CapturesRestNotLast,
    &super::captures_rest_not_supported::CapturesRestNotSupported,
    &super::duplicate_parameter::DuplicateParameter,
    &super::parameter_name::ParameterName,
    &super::numeric_parameter::NumericParameter,
    &super::reserved_parameter::ReservedParameter,
    &super::variable_name::VariableName,
    &super::numeric_variable_name::NumericVariableName,
    &super::definition_name::DefinitionName,
    &super::reserved_type_name::ReservedTypeName,
    &super::definition_not_toplevel::DefinitionNotToplevel,
    &super::function_not_toplevel::FunctionNotToplevel,
    &super::definition_location::DefinitionLocation,
    &super::top_construct_location::TopConstructLocation,
    // (end of group A)
    //
    //
    //
    // ---- validation (group B: catalog expressions, collectors, nodes, values) ----
    &super::duplicate_params::DuplicateParams,
    &super::duplicate_title::DuplicateTitle,
    &super::attribute_name::AttributeName,
    &super::attribute_append::AttributeAppend,
    &super::multiple_attribute_unfold::MultipleAttributeUnfold,
    &super::splat_context::SplatContext,
    &super::resource_without_title::ResourceWithoutTitle,
    &super::class_not_virtualizable::ClassNotVirtualizable,
    &super::virtual_defaults::VirtualDefaults,
    &super::class_defaults::ClassDefaults,
    &super::collector_query::CollectorQuery,
    &super::collector_query_value::CollectorQueryValue,
    &super::relationship_operand::RelationshipOperand,
    &super::default_title::DefaultTitle,
    &super::unknown_attribute::UnknownAttribute,
    &super::missing_required_parameter::MissingRequiredParameter,
    &super::evaluation_error::EvaluationError,
    &super::constant_condition::ConstantCondition,
    &super::undeclared_resource::UndeclaredResource,
    &super::case_no_match::CaseNoMatch,
    &super::selector_no_match::SelectorNoMatch,
    &super::division_by_zero::DivisionByZero,
    &super::invalid_operand::InvalidOperand,
    &super::undefined_variable::UndefinedVariable,
    &super::unknown_function::UnknownFunction,
    &super::unknown_class::UnknownClass,
    &super::type_mismatch::TypeMismatch,
    &super::unknown_resource_type::UnknownResourceType,
    &super::duplicate_resource::DuplicateResource,
    // (end of group B)
    //
    //
    //
    // ---- validation (group C: values, nodes, expressions, types) ----
    &super::duplicate_key::DuplicateKey,
    &super::duplicate_default::DuplicateDefault,
    &super::expression_has_no_effect::ExpressionHasNoEffect,
    &super::ends_with_value::EndsWithValue,
    &super::not_rvalue::NotRvalue,
    &super::hostname_chars::HostnameChars,
    &super::hostname_interpolation::HostnameInterpolation,
    &super::node_inheritance::NodeInheritance,
    &super::integer_overflow::IntegerOverflow,
    &super::illegal_expression::IllegalExpression,
    &super::reserved_word::ReservedWord,
    &super::future_reserved_word::FutureReservedWord,
    &super::type_definition::TypeDefinition,
    &super::type_mapping::TypeMapping,
    // (end of group C)
    //
    //
    //
    // ---- style A (puppet-lint: whitespace, layout, comments) ----
    &super::arrow_on_right_operand_line::ArrowOnRightOperandLine,
    &super::slash_comments::SlashComments,
    &super::star_comments::StarComments,
    &super::chars_140::Chars140,
    &super::soft_tabs_2sp::TwoSpSoftTabs,
    &super::chars_80::Chars80,
    &super::arrow_alignment::ArrowAlignment,
    &super::hard_tabs::HardTabs,
    &super::space_before_arrow::SpaceBeforeArrow,
    &super::trailing_whitespace::TrailingWhitespace,
    // (end of style A)
    //
    //
    //
    // ---- style B (puppet-lint: strings, resources, conditionals, nodes, variables, facts) ----
    &super::double_quoted_strings::DoubleQuotedStrings,
    &super::only_variable_string::OnlyVariableString,
    &super::variables_not_enclosed::VariablesNotEnclosed,
    &super::single_quote_string_with_variables::SingleQuoteStringWithVariables,
    &super::quoted_booleans::QuotedBooleans,
    &super::puppet_url_without_modules::PuppetUrlWithoutModules,
    &super::ensure_first_param::EnsureFirstParam,
    &super::ensure_not_symlink_target::EnsureNotSymlinkTarget,
    &super::file_mode::FileMode,
    &super::unquoted_file_mode::UnquotedFileMode,
    &super::unquoted_resource_title::UnquotedResourceTitle,
    &super::case_without_default::CaseWithoutDefault,
    &super::selector_inside_resource::SelectorInsideResource,
    &super::unquoted_node_name::UnquotedNodeName,
    &super::variable_contains_dash::VariableContainsDash,
    &super::variable_is_lowercase::VariableIsLowercase,
    &super::legacy_facts::LegacyFacts,
    &super::top_scope_facts::TopScopeFacts,
    // (end of style B)
    //
    //
    //
    // ---- style C (puppet-lint: classes, defines, documentation) ----
    &super::autoloader_layout::AutoloaderLayout,
    &super::class_inherits_from_params_class::ClassInheritsFromParamsClass,
    &super::code_on_top_scope::CodeOnTopScope,
    &super::documentation::Documentation,
    &super::inherits_across_namespaces::InheritsAcrossNamespaces,
    &super::names_containing_dash::NamesContainingDash,
    &super::names_containing_uppercase::NamesContainingUppercase,
    &super::nested_classes_or_defines::NestedClassesOrDefines,
    &super::parameter_order::ParameterOrder,
    &super::right_to_left_relationship::RightToLeftRelationship,
    &super::variable_scope::VariableScope,
    // (end of style C)
    //
    //
    //
    // ---- Vox Pupuli plugins A: manifest_whitespace_* ----
    &super::manifest_whitespace_arrows_single_space_after::ManifestWhitespaceArrowsSingleSpaceAfter,
    &super::manifest_whitespace_class_name_single_space_after::ManifestWhitespaceClassNameSingleSpaceAfter,
    &super::manifest_whitespace_class_name_single_space_before::ManifestWhitespaceClassNameSingleSpaceBefore,
    &super::manifest_whitespace_closing_brace_after::ManifestWhitespaceClosingBraceAfter,
    &super::manifest_whitespace_closing_brace_before::ManifestWhitespaceClosingBraceBefore,
    &super::manifest_whitespace_closing_bracket_after::ManifestWhitespaceClosingBracketAfter,
    &super::manifest_whitespace_closing_bracket_before::ManifestWhitespaceClosingBracketBefore,
    &super::manifest_whitespace_double_newline_end_of_file::ManifestWhitespaceDoubleNewlineEndOfFile,
    &super::manifest_whitespace_inherits_name_single_space_before::ManifestWhitespaceInheritsNameSingleSpaceBefore,
    &super::manifest_whitespace_missing_newline_end_of_file::ManifestWhitespaceMissingNewlineEndOfFile,
    &super::manifest_whitespace_newline_beginning_of_file::ManifestWhitespaceNewlineBeginningOfFile,
    &super::manifest_whitespace_opening_brace_after::ManifestWhitespaceOpeningBraceAfter,
    &super::manifest_whitespace_opening_brace_before::ManifestWhitespaceOpeningBraceBefore,
    &super::manifest_whitespace_opening_bracket_after::ManifestWhitespaceOpeningBracketAfter,
    &super::manifest_whitespace_opening_bracket_before::ManifestWhitespaceOpeningBracketBefore,
    &super::manifest_whitespace_two_empty_lines::ManifestWhitespaceTwoEmptyLines,
    // (end of vp-a)
    //
    //
    //
    // ---- Vox Pupuli plugins B: strict_indent, trailing_comma ----
    &super::strict_indent::StrictIndent,
    &super::trailing_comma::TrailingComma,
    // (end of vp-b)
    //
    //
    //
    // ---- Vox Pupuli plugins C: parameters, variables, class names ----
    &super::parameter_types::ParameterTypes,
    &super::parameter_documentation::ParameterDocumentation,
    &super::params_empty_string_assignment::ParamsEmptyStringAssignment,
    &super::params_not_optional_with_undef::ParamsNotOptionalWithUndef,
    &super::optional_default::OptionalDefault,
    &super::lookup_in_parameter::LookupInParameter,
    &super::topscope_variable::TopscopeVariable,
    &super::variable_contains_upcase::VariableContainsUpcase,
    &super::relative_classname_inclusion::RelativeClassnameInclusion,
    &super::relative_classname_reference::RelativeClassnameReference,
    // (end of vp-c)
    //
    //
    //
    // ---- Vox Pupuli plugins D: resources, references, values ----
    &super::anchor_resource::AnchorResource,
    &super::exec_idempotency::ExecIdempotency,
    &super::file_ensure::FileEnsure,
    &super::leading_zero::LeadingZero,
    &super::package_ensure::PackageEnsure,
    &super::resource_reference_chain_without_whitespace::ResourceReferenceChainWithoutWhitespace,
    &super::resource_reference_with_unquoted_title::ResourceReferenceWithUnquotedTitle,
    &super::resource_reference_without_title_capital::ResourceReferenceWithoutTitleCapital,
    &super::resource_reference_without_whitespace::ResourceReferenceWithoutWhitespace,
    &super::unquoted_string_in_case::UnquotedStringInCase,
    &super::unquoted_string_in_selector::UnquotedStringInSelector,
    &super::version_comparison::VersionComparison,
    // (end of vp-d)
];

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
