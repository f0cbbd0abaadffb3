//! Three-valued logic for answers that may be unknown: `Some(true)`, `Some(false)`, or
//! `None` when rein cannot know. Both functions stop at the first item that decides (the
//! items may be computed lazily, at a cost).

/// Three-valued `any`: `Some(true)` if one is true, else `None` if one is unknown, else
/// `Some(false)`.
pub fn any3(items: impl IntoIterator<Item = Option<bool>>) -> Option<bool> {
    let mut unknown = false;
    for item in items {
        match item {
            Some(true) => return Some(true),
            Some(false) => {}
            None => unknown = true,
        }
    }
    if unknown {
        None
    } else {
        Some(false)
    }
}

/// Three-valued `all`: `Some(false)` if one is false, else `None` if one is unknown, else
/// `Some(true)`.
pub fn all3(items: impl IntoIterator<Item = Option<bool>>) -> Option<bool> {
    any3(items.into_iter().map(|b| b.map(|b| !b))).map(|b| !b)
}
