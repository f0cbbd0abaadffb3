//! Puppet's naming patterns: what a variable, parameter, definition or type alias may be
//! called.

/// Ruby's `\w` (ASCII letters, digits, `_`).
fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `first` followed by word characters only.
fn segment(s: &str, first: impl Fn(char) -> bool) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(first) && chars.all(is_word)
}

/// Puppet's `VAR_NAME`: `/\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*\z/`.
pub fn is_var_name(name: &str) -> bool {
    let rest = name.strip_prefix("::").unwrap_or(name);
    let parts: Vec<&str> = rest.split("::").collect();
    let Some((last, init)) = parts.split_last() else {
        return false;
    };
    init.iter().all(|p| segment(p, |c| c.is_ascii_lowercase()))
        && segment(last, |c| c.is_ascii_lowercase() || c == '_')
}

/// Puppet's `NUMERIC_VAR_NAME`: `/\A(?:0|(?:[1-9][0-9]*))\z/`.
pub fn is_numeric_var_name(name: &str) -> bool {
    name == "0"
        || (name.starts_with(|c: char| ('1'..='9').contains(&c))
            && name.chars().all(|c| c.is_ascii_digit()))
}

/// Puppet's `PARAM_NAME`: `/\A[a-z_]\w*\z/`.
pub fn is_param_name(name: &str) -> bool {
    segment(name, |c| c.is_ascii_lowercase() || c == '_')
}

/// The checker's test for a numeric parameter name: `/^(?:0x)?[0-9]+$/`.
pub fn is_numeric_param_name(name: &str) -> bool {
    let digits = name.strip_prefix("0x").unwrap_or(name);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// Puppet's `CLASSREF_DECL` (names of classes, defines, functions):
/// `/\A[a-z][\w]*(?:::[a-z][\w]*)*\z/`.
pub fn is_definition_name(name: &str) -> bool {
    name.split("::")
        .all(|p| segment(p, |c| c.is_ascii_lowercase()))
}

/// Puppet's `CLASSREF_EXT_DECL` (names of type aliases): `/\A[A-Z][\w]*(?:::[A-Z][\w]*)*\z/`.
pub fn is_type_alias_name(name: &str) -> bool {
    name.split("::")
        .all(|p| segment(p, |c| c.is_ascii_uppercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(is_var_name("::x") && is_var_name("_x") && is_var_name("a::_b"));
        assert!(!is_var_name("_a::b") && !is_var_name("Foo") && !is_var_name("::01"));
        assert!(!is_var_name("") && !is_var_name("a::"));
        assert!(is_numeric_var_name("0") && is_numeric_var_name("10"));
        assert!(!is_numeric_var_name("007") && !is_numeric_var_name("1x"));
        assert!(is_numeric_param_name("0x1") && is_numeric_param_name("01"));
        assert!(!is_numeric_param_name("0x") && !is_numeric_param_name("x1"));
        assert!(is_definition_name("a::b1") && !is_definition_name("a::_b"));
        assert!(!is_definition_name("::a") && !is_definition_name("Foo"));
        assert!(is_type_alias_name("Foo::Bar_baz") && !is_type_alias_name("Foo::bar"));
    }
}
