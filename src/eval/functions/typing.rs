//! The functions about types: `type`, `assert_type` and `unwrap` (of a `Sensitive`).

use super::block::{lambda, Block};
use super::outcome::{err, ok, unk, Out};
use crate::eval::regex::Regexes;
use crate::eval::types::{self, Aliases, PType};
use crate::eval::value::{ErrorKind, Value};

pub(super) fn type_of(args: &[Value]) -> Out {
    let (v, method) = match args {
        [v] => (v, None),
        [v, Value::Str(m)] => (v, Some(&**m)),
        _ => return None,
    };
    if v.has_unknown() || !matches!(method, None | Some("detailed")) {
        return unk(PType::Type(None));
    }
    ok(Value::ty(types::infer(v)))
}

pub(super) fn assert_type(
    args: &[Value],
    block: Option<&mut dyn Block>,
    aliases: &Aliases,
    regexes: &Regexes,
) -> Out {
    let [t, v] = args else { return None };
    let Value::Type(t) = t else { return None };
    match types::instance_of(t, v, aliases, regexes) {
        Some(true) | None => ok(v.clone()),
        Some(false) => match block {
            Some(b) => Some(lambda(
                b,
                vec![Value::Type(t.clone()), Value::ty(types::infer(v))],
            )),
            None => err(
                ErrorKind::TypeMismatch,
                format!("assert_type(): expects {}", types::mismatch(t, v, aliases)),
            ),
        },
    }
}

pub(super) fn unwrap(args: &[Value]) -> Out {
    match args {
        [Value::Sensitive(inner)] => ok((**inner).clone()),
        [Value::Unknown(_)] => unk(PType::Any),
        [v] => ok(v.clone()),
        _ => None,
    }
}
