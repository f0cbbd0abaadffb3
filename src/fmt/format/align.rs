//! Column alignment through markers: an element's formatting leaves a `\0W` marker
//! (the width `W` of its key, or of an assignment's left side) and, in parameter lists, a
//! `\1W` marker (the width of its `Type $name`); once every element of the list is
//! formatted, the markers are replaced by the padding that lines the column up.

use super::{cat, txt};
use crate::fmt::doc::Doc;

/// Width recorded by the first `\0W` marker of an element (its key width).
pub(super) fn marker_width(d: &Doc) -> usize {
    match d {
        Doc::Text(t) => t
            .strip_prefix('\u{0}')
            .and_then(|w| w.parse().ok())
            .unwrap_or(0),
        Doc::Concat(v) => v.iter().map(marker_width).find(|w| *w > 0).unwrap_or(0),
        _ => 0,
    }
}

/// Replaces the first `\0W` marker of a key/value element with padding to `max`.
pub(super) fn pad_marker(d: Doc, max: usize) -> Doc {
    let mut done = false;
    pad_marker_in(d, max, &mut done)
}

fn pad_marker_in(d: Doc, max: usize, done: &mut bool) -> Doc {
    if *done {
        return d;
    }
    match d {
        Doc::Concat(v) => Doc::Concat(v.into_iter().map(|x| pad_marker_in(x, max, done)).collect()),
        Doc::Text(t) if t.starts_with('\u{0}') => {
            *done = true;
            let w: usize = t.get(1..).and_then(|s| s.parse().ok()).unwrap_or(max);
            Doc::if_break(txt(" ".repeat(max.saturating_sub(w))), cat(vec![]))
        }
        other => other,
    }
}

pub(super) fn strip_marker(d: Doc) -> Doc {
    pad_marker(d, 0)
}

/// Replaces the `\1W` marker of a parameter (`W`: the width of its `Type $name`, or `X`
/// after a multi-line type) with the padding that puts its `=` in column `target`: one
/// space after the widest `Type $name` of the parameters with a default.
pub(super) fn pad_params(d: Doc, target: usize) -> Doc {
    match d {
        Doc::Concat(v) => Doc::Concat(v.into_iter().map(|x| pad_params(x, target)).collect()),
        Doc::Text(t) if t.starts_with('\u{1}') => {
            let w: Option<usize> = t.get(1..).and_then(|s| s.parse().ok());
            txt(" ".repeat(w.map_or(0, |w| target.saturating_sub(w))))
        }
        other => other,
    }
}
