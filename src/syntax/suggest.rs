//! Suggestions for misspelt names: the closest candidate by edit distance, for the "did
//! you mean" help of findings.

/// The name of `candidates` closest to `name` (at most two edits away), for a hint.
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    candidates
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
