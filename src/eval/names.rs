//! Puppet names as written: a name may start with `::` (the top scope), which lookups
//! ignore. Stripped by comparing bytes: the evaluator does it for every name it looks
//! up, and a `&str` pattern (`trim_start_matches("::")`) builds a substring searcher
//! each time.

/// `name` without its leading `::` (any number of them).
pub fn trim_colons(name: &str) -> &str {
    let mut rest = name;
    while let Some(r) = rest.strip_prefix("::") {
        rest = r;
    }
    rest
}

#[cfg(test)]
mod tests {
    use super::trim_colons;

    #[test]
    fn strips_every_leading_pair_and_nothing_else() {
        assert_eq!(trim_colons("::a::b"), "a::b");
        assert_eq!(trim_colons("::::a"), "a");
        assert_eq!(trim_colons(":a"), ":a");
        assert_eq!(trim_colons("a::"), "a::");
        assert_eq!(trim_colons(""), "");
    }
}
