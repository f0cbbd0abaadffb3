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

/// Whether `name` has a `::` (a qualified name), by a scan of the bytes.
pub fn has_colons(name: &str) -> bool {
    name.as_bytes().windows(2).any(|w| w == b"::")
}

/// `name` without its leading `::`s, each of its segments written into the result by
/// `write` (in order, `::` between them).
pub fn map_segments(name: &str, mut write: impl FnMut(&str, &mut String)) -> String {
    let name = trim_colons(name);
    let mut out = String::with_capacity(name.len());
    for (i, segment) in segments(name).enumerate() {
        if i > 0 {
            out.push_str("::");
        }
        write(segment, &mut out);
    }
    out
}

/// The segments of `name` between its `::`s, as `name.split("::")` gives them (found by a
/// scan of the bytes: the evaluator splits a name each time it shows one).
pub fn segments(name: &str) -> Segments<'_> {
    Segments { rest: Some(name) }
}

/// The iterator of [`segments`].
pub struct Segments<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        let cut = rest.as_bytes().windows(2).position(|w| w == b"::");
        match cut.and_then(|i| Some((rest.get(..i)?, rest.get(i + 2..)?))) {
            Some((segment, more)) => {
                self.rest = Some(more);
                Some(segment)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{segments, trim_colons};

    #[test]
    fn colons_are_two() {
        for name in ["", ":", "a:b", "a::b", "::", ":::", "a:", "é::"] {
            assert_eq!(super::has_colons(name), name.contains("::"), "{name:?}");
        }
    }

    #[test]
    fn segments_are_those_of_split() {
        for name in [
            "",
            "a",
            "a::b",
            "::a",
            "a::",
            "a:::b",
            "a::::b",
            ":",
            "::",
            ":::",
            "é::ß::x",
        ] {
            let ours: Vec<&str> = segments(name).collect();
            let split: Vec<&str> = name.split("::").collect();
            assert_eq!(ours, split, "{name:?}");
        }
    }

    #[test]
    fn strips_every_leading_pair_and_nothing_else() {
        assert_eq!(trim_colons("::a::b"), "a::b");
        assert_eq!(trim_colons("::::a"), "a");
        assert_eq!(trim_colons(":a"), ":a");
        assert_eq!(trim_colons("a::"), "a::");
        assert_eq!(trim_colons(""), "");
    }
}
