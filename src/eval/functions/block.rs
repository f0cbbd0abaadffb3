//! The lambda a function call may be given ([`Block`]), and calling it: once (`with`,
//! `then`, `lest`, `assert_type`'s), or as an iteration step, where `break()` and `next()`
//! arrive.

use crate::eval::value::{ErrorKind, EvalError, Value};

/// The lambda given to a call, as the evaluator runs it.
pub trait Block {
    /// How many parameters the lambda declares (min, max).
    fn arity(&self) -> (usize, usize);
    /// Calls the lambda. `break()` inside it arrives as `Err` of kind `Break`, `next(v)` as
    /// kind `Next(v)`: the iteration functions handle both.
    fn call(&mut self, args: Vec<Value>) -> Result<Value, EvalError>;
}

/// Calls a lambda outside an iteration: `next(v)` gives `v`; `break()` and `return()`
/// travel on.
pub(super) fn lambda(block: &mut dyn Block, args: Vec<Value>) -> Result<Value, EvalError> {
    match block.call(args) {
        Err(EvalError {
            kind: ErrorKind::Next(v),
            ..
        }) => Ok(v),
        other => other,
    }
}

/// One iteration's outcome.
pub(super) enum Step {
    Value(Value),
    Break,
}

/// Calls a lambda inside an iteration that stops on `break()`.
pub(super) fn iteration(block: &mut dyn Block, args: Vec<Value>) -> Result<Step, EvalError> {
    match block.call(args) {
        Ok(v) => Ok(Step::Value(v)),
        Err(EvalError {
            kind: ErrorKind::Next(v),
            ..
        }) => Ok(Step::Value(v)),
        Err(EvalError {
            kind: ErrorKind::Break,
            ..
        }) => Ok(Step::Break),
        Err(e) => Err(e),
    }
}

/// Whether the lambda takes two parameters (`Callable[2,2]` is tried first), one, or
/// neither (`None`).
pub(super) fn two_params(block: &dyn Block) -> Option<bool> {
    let (min, max) = block.arity();
    if min <= 2 && max >= 2 {
        Some(true)
    } else if min <= 1 && max >= 1 {
        Some(false)
    } else {
        None
    }
}
