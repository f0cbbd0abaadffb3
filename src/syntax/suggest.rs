//! Suggestions for misspelt names: the closest candidate by edit distance, for the "did
//! you mean" help of findings, and the few close names of a list (rules, groups), for the
//! messages about an unknown name on the command line or in a configuration file.

/// The name of `candidates` closest to `name` (at most two edits away), for a hint.
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    // Names whose lengths differ by more than two characters are more than two edits apart.
    let len = name.chars().count();
    candidates
        .filter(|c| c.chars().count().abs_diff(len) <= 2)
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, c)| c)
}

/// Levenshtein distance between `a` and `b` (in characters).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, cb) in b.iter().enumerate() {
            let (Some(&left), Some(&up)) = (row.get(j), row.get(j + 1)) else {
                continue;
            };
            let cost = usize::from(ca != *cb);
            let value = (prev + cost).min(left + 1).min(up + 1);
            prev = up;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = value;
            }
        }
    }
    row.last().copied().unwrap_or(0)
}

/// Up to three of `things` close to `name`, each thing being known by one or more names
/// (a rule: its name, puppet-lint name and aliases), the closest first: a name within a
/// third of the query's length in edits (at least 2), or containing the query (3
/// characters or more), or starting with a misspelling of it (4 or more). Case is ignored;
/// the name of each thing closest to the query is given.
pub fn close_names<'a, I>(name: &str, things: impl IntoIterator<Item = I>) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let query = name.to_ascii_lowercase();
    let len = query.chars().count();
    let limit = (len / 3).max(2);
    let mut scored: Vec<(usize, &'a str)> = Vec::new();
    for names in things {
        let mut best: Option<(usize, &'a str)> = None;
        for n in names {
            let lower = n.to_ascii_lowercase();
            let d = if len >= 3 && lower.contains(&query) {
                1
            } else {
                // A misspelt start of a longer name counts as close too.
                let prefix: String = lower.chars().take(len).collect();
                let start = if len >= 4 && prefix.len() < lower.len() {
                    edit_distance(&query, &prefix) + 1
                } else {
                    usize::MAX
                };
                edit_distance(&query, &lower).min(start)
            };
            if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, n));
            }
        }
        scored.extend(best);
    }
    scored.sort();
    scored.into_iter().take(3).map(|(_, n)| n).collect()
}

/// `; did you mean `a`?` (or `one of `a`, `b`?`) for the names `close`; empty when there
/// are none.
pub fn did_you_mean(close: &[&str]) -> String {
    match close {
        [] => String::new(),
        [one] => format!("; did you mean `{one}`?"),
        many => format!(
            "; did you mean one of {}?",
            many.iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levenshtein() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("abc", ""), 3);
        assert_eq!(edit_distance("", "ab"), 2);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("syntax", "syntax"), 0);
        assert_eq!(edit_distance("ü", "u"), 1);
    }

    #[test]
    fn close_names_take_the_best_name_of_each_thing() {
        let things = [vec!["check"], vec!["fmt", "format"], vec!["rule"]];
        assert_eq!(close_names("chek", things.clone()), ["check"]);
        assert_eq!(close_names("formt", things.clone()), ["format"]);
        assert!(close_names("zzzzzz", things.clone()).is_empty());
        assert!(close_names("", things).is_empty());
    }

    #[test]
    fn did_you_mean_lists_one_or_more() {
        assert_eq!(did_you_mean(&[]), "");
        assert_eq!(did_you_mean(&["a"]), "; did you mean `a`?");
        assert_eq!(did_you_mean(&["a", "b"]), "; did you mean one of `a`, `b`?");
    }
}
