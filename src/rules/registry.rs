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
    // (end of group A)
    //
    //
    //
    // ---- validation (group B: catalog expressions, collectors, nodes, values) ----
    // (end of group B)
    //
    //
    //
    // ---- validation (group C: values, nodes, expressions, types) ----
    // (end of group C)
    //
    //
    //
    // ---- style A (puppet-lint: whitespace, layout, comments) ----
    // (end of style A)
    //
    //
    //
    // ---- style B (puppet-lint: strings, resources, conditionals, nodes, variables, facts) ----
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
