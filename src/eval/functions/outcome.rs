//! What a function call gives ([`Out`]: a value, an error, or not modelled), and Puppet's
//! message for an argument of the wrong type.

use crate::eval::types::{self, Aliases, PType};
use crate::eval::value::{ErrorKind, EvalError, Value};

/// What a function call gives: `None` when not modelled.
pub(super) type Out = Option<Result<Value, EvalError>>;

pub(super) fn ok(v: Value) -> Out {
    Some(Ok(v))
}

pub(super) fn unk(t: PType) -> Out {
    Some(Ok(Value::unknown(t)))
}

pub(super) fn err(kind: ErrorKind, message: impl Into<String>) -> Out {
    Some(Err(EvalError::new(kind, message)))
}

/// `'func' parameter 'param' expects <mismatch>`, Puppet's message for an argument of the
/// wrong type to a function with one signature.
pub(super) fn param_mismatch(
    func: &str,
    param: &str,
    expected: PType,
    got: &Value,
    aliases: &Aliases,
) -> Out {
    err(
        ErrorKind::TypeMismatch,
        format!(
            "'{func}' parameter '{param}' expects {}",
            types::mismatch(&expected, got, aliases)
        ),
    )
}

/// `param_mismatch` for a parameter of type `Variant[types]` (Puppet's message: "expects a
/// value of type Numeric or String, got Boolean").
pub(super) fn variant_mismatch(func: &str, param: &str, types: Vec<PType>, got: &Value) -> Out {
    param_mismatch(func, param, PType::Variant(types), got, &Aliases::default())
}

pub(super) fn any_unknown(args: &[Value]) -> bool {
    args.iter().any(Value::has_unknown)
}

/// Puppet's truthiness; `None` for an unknown.
pub(super) fn truthy(v: &Value) -> Option<bool> {
    match v {
        Value::Undef | Value::Bool(false) => Some(false),
        Value::Unknown(_) => None,
        _ => Some(true),
    }
}
