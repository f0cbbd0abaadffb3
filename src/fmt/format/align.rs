//! Column alignment through markers: an element's formatting leaves a `\0W` marker
//! (the width `W` of its key or type) and, in parameter lists, a `\1W` marker (the width
//! of its name); once every element of the list is formatted, the markers are replaced by
//! the padding that lines the columns up.

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

/// Replaces the `\0` (type) and `\1` (name) markers of a parameter with padding. An
/// untyped parameter starts at the indentation (never at an odd column, which
/// puppet-lint's `2sp_soft_tabs` rejects) and its `=` is padded to the common column.
pub(super) fn pad_params(d: Doc, tmax: usize, nmax: usize, any_type: bool) -> Doc {
    let mut name_col = Some(0);
    pad_params_in(d, tmax, nmax, any_type, &mut name_col)
}

/// `name_col`: the column (relative to the indentation) where the parameter's name
/// starts, `None` after a multi-line type.
fn pad_params_in(
    d: Doc,
    tmax: usize,
    nmax: usize,
    any_type: bool,
    name_col: &mut Option<usize>,
) -> Doc {
    let table = any_type && tmax > 0;
    match d {
        Doc::Concat(v) => Doc::Concat(
            v.into_iter()
                .map(|x| pad_params_in(x, tmax, nmax, any_type, name_col))
                .collect(),
        ),
        Doc::Text(t) if t.starts_with('\u{0}') => {
            let m = t.get(1..).unwrap_or("");
            if m == "X" {
                *name_col = None;
                return txt("");
            }
            if let Some(long) = m.strip_prefix('L') {
                *name_col = long.parse::<usize>().ok().map(|w| w + 1);
                return txt("");
            }
            let w: usize = m.parse().unwrap_or(0);
            if w == 0 {
                *name_col = Some(0);
                txt("")
            } else if table {
                *name_col = Some(tmax + 1);
                txt(" ".repeat(tmax.saturating_sub(w)))
            } else {
                *name_col = Some(w + 1);
                txt("")
            }
        }
        Doc::Text(t) if t.starts_with('\u{1}') => {
            let w: usize = t.get(1..).and_then(|s| s.parse().ok()).unwrap_or(0);
            let target = if table { tmax + 1 + nmax } else { nmax };
            let pad = name_col.map_or(0, |c| target.saturating_sub(c + w));
            txt(" ".repeat(pad))
        }
        other => other,
    }
}
