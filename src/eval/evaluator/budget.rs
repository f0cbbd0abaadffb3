//! The one total budget of a file's evaluation: the steps taken by all its roots, and the
//! size of the values they built, counted as if nothing were shared (`[$m, $m]` is twice
//! `$m`, however `$m` is stored), so that a two-line class doubling an array in a loop ends
//! quickly and small. A value bigger than [`MAX_VALUE_SIZE`] or deeper than
//! [`MAX_VALUE_DEPTH`], or built once [`SIZE_BUDGET`] is spent, becomes an unknown of its
//! type, and so does an expression nested deeper than [`MAX_EXPR_DEPTH`]; a root past its
//! own steps ([`STEP_BUDGET`]) or the evaluation past [`TOTAL_STEPS`] stops (its catalog is
//! then open). Both are counts, never times: the outcome of an evaluation does not depend
//! on the machine.

use crate::eval::types::PType;
use crate::eval::value::Value;

/// Steps one root (the main manifest, or a class, defined type or function evaluated on
/// its own) may take.
pub(super) const STEP_BUDGET: u64 = 2_000_000;

/// Steps all the roots of one evaluation may take together.
pub(super) const TOTAL_STEPS: u64 = 8_000_000;

/// Size units (one per value, plus one per [`STRING_UNIT`] bytes of a string) one value may
/// hold, counted through sharing.
pub(super) const MAX_VALUE_SIZE: u64 = 1 << 20;

/// Size units all the values built by one evaluation may hold together.
pub(super) const SIZE_BUDGET: u64 = 32 << 20;

/// Resource declarations one evaluation may record (a catalog far bigger than any real
/// module's); past them, defined types are not entered (the catalog is then open), so a
/// defined type declaring two instances of itself ends small.
pub(super) const MAX_DECLARATIONS: u64 = 100_000;

/// Nesting of arrays, hashes and `Sensitive` wrappers one value may have.
pub(super) const MAX_VALUE_DEPTH: usize = 1_000;

/// Expressions nested deeper than this (counted through calls) evaluate to unknowns, so
/// evaluation fits on an 8 MB stack however deep the code nests.
pub(super) const MAX_EXPR_DEPTH: usize = 200;

/// The bytes of a string that count as one size unit.
const STRING_UNIT: usize = 32;

/// What one evaluation has spent so far (carried from root to root), and may spend.
#[derive(Debug)]
pub(super) struct Budget {
    /// Steps taken by all the roots.
    pub(super) steps: u64,
    /// Steps all the roots may take ([`TOTAL_STEPS`]).
    pub(super) total_steps: u64,
    /// Size units of the values built.
    pub(super) built: u64,
    /// How deeply the expressions being evaluated nest now, and the deepest checked (for
    /// recordings of classes).
    pub(super) depth: usize,
    pub(super) depth_seen: usize,
    /// Resource declarations recorded, and how many may be ([`MAX_DECLARATIONS`]).
    pub(super) declared: u64,
    pub(super) max_declared: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            steps: 0,
            total_steps: TOTAL_STEPS,
            built: 0,
            depth: 0,
            depth_seen: 0,
            declared: 0,
            max_declared: MAX_DECLARATIONS,
        }
    }
}

/// The size of `v` in units, counted as if nothing were shared, when it is at most `limit`
/// and `v` is at most [`MAX_VALUE_DEPTH`] deep; `Err` with the units looked at otherwise.
/// Iterative: a deep value does not deepen the stack.
pub(super) fn size_within(v: &Value, limit: u64) -> Result<u64, u64> {
    let mut size = 0u64;
    let mut stack: Vec<(&Value, usize)> = vec![(v, 0)];
    while let Some((v, depth)) = stack.pop() {
        size += 1;
        if size > limit || depth > MAX_VALUE_DEPTH {
            return Err(size);
        }
        match v {
            Value::Str(s) | Value::Regex(s) => size += (s.len() / STRING_UNIT) as u64,
            Value::Array(items) => stack.extend(items.iter().map(|i| (i, depth + 1))),
            Value::Hash(entries) => {
                for (k, x) in entries.iter() {
                    stack.push((k, depth + 1));
                    stack.push((x, depth + 1));
                }
            }
            Value::Sensitive(inner) => stack.push((inner, depth + 1)),
            Value::Undef
            | Value::Default
            | Value::Bool(_)
            | Value::Int(_)
            | Value::Float(_)
            | Value::Type(_)
            | Value::Unknown(_) => {}
        }
    }
    if size > limit {
        return Err(size);
    }
    Ok(size)
}

/// The unknown that stands for `v` when it is too big to keep.
fn unknown_like(v: &Value) -> Value {
    match v {
        Value::Str(_) => Value::unknown(PType::string()),
        Value::Array(_) => Value::unknown(PType::array()),
        Value::Hash(_) => Value::unknown(PType::hash()),
        _ => Value::any(),
    }
}

impl Budget {
    /// `v`, just built, counted against the budget; or an unknown of its type when it is too
    /// big or too deep to keep, or when the evaluation has built all it may.
    pub(super) fn built(&mut self, v: Value) -> Value {
        if !matches!(
            v,
            Value::Str(_) | Value::Array(_) | Value::Hash(_) | Value::Sensitive(_)
        ) {
            return v;
        }
        let left = SIZE_BUDGET.saturating_sub(self.built);
        match size_within(&v, MAX_VALUE_SIZE.min(left)) {
            Ok(units) => {
                self.built += units;
                v
            }
            Err(looked_at) => {
                self.built = self.built.saturating_add(looked_at);
                unknown_like(&v)
            }
        }
    }

    /// Counts `n` steps of a root that has taken `root_steps` (these included); whether
    /// the root or the whole evaluation has now taken all the steps it may.
    pub(super) fn spend(&mut self, n: u64, root_steps: u64) -> bool {
        self.steps += n;
        self.out_of_steps(root_steps)
    }

    /// Counts one resource declaration recorded.
    pub(super) fn declare(&mut self) {
        self.declared += 1;
    }

    /// Whether the evaluation has recorded all the declarations it may.
    pub(super) fn declarations_spent(&self) -> bool {
        self.declared >= self.max_declared
    }

    /// Whether a root that has taken `root_steps`, or the whole evaluation, has taken all
    /// the steps it may.
    pub(super) fn out_of_steps(&self, root_steps: u64) -> bool {
        root_steps > STEP_BUDGET || self.steps > self.total_steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doubled(times: usize) -> Value {
        let mut v = Value::Int(1);
        for _ in 0..times {
            v = Value::array(vec![v.clone(), v]);
        }
        v
    }

    #[test]
    fn declarations_are_counted_up_to_their_limit() {
        let mut b = Budget {
            max_declared: 2,
            ..Budget::default()
        };
        b.declare();
        assert!(!b.declarations_spent());
        b.declare();
        assert!(b.declarations_spent());
    }

    #[test]
    fn shared_parts_count_each_time() {
        // 2^k leaves and 2^k - 1 arrays.
        assert_eq!(size_within(&doubled(3), 100), Ok(15));
        assert_eq!(size_within(&doubled(10), 1 << 20), Ok((1 << 11) - 1));
        // Looking stops just past the limit.
        assert_eq!(size_within(&doubled(40), 1000), Err(1001));
    }

    #[test]
    fn strings_count_by_length() {
        let s = Value::str("x".repeat(STRING_UNIT * 10));
        assert_eq!(size_within(&s, 100), Ok(11));
        let h = Value::hash(vec![(Value::str("k"), s)]);
        assert_eq!(size_within(&h, 100), Ok(13));
        assert_eq!(size_within(&h, 12), Err(13));
    }

    #[test]
    fn deep_values_are_too_big() {
        let mut v = Value::Int(1);
        for _ in 0..MAX_VALUE_DEPTH {
            v = Value::array(vec![v]);
        }
        assert_eq!(size_within(&v, 1 << 20), Ok(MAX_VALUE_DEPTH as u64 + 1));
        let deeper = Value::array(vec![v]);
        assert!(size_within(&deeper, 1 << 20).is_err());
    }
}
