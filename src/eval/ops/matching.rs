//! `=~` and `!~` with a regexp or a string on the right: Ruby regexps through Oniguruma
//! (Ruby's ASCII-only character classes), with the match data for `$0`, `$1`, ...

use super::operands::{a_an, class_of, error, label, Class};
use std::sync::Arc;

use crate::eval::regex::{Reading, Regexes};
use crate::eval::value::{ErrorKind, EvalError, Value};

/// The pattern with Ruby's ASCII-only `\d`, `\w`, `\s` (and their negations) spelled
/// out: Oniguruma makes them Unicode-aware, Ruby does not (`'é' =~ /\w/` is false).
fn ruby_ascii_classes(pattern: &str) -> std::borrow::Cow<'_, str> {
    if !pattern.contains(['\\']) {
        return pattern.into();
    }
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('d') => out.push_str("[0-9]"),
            Some('D') => out.push_str("[^0-9]"),
            Some('w') => out.push_str("[a-zA-Z0-9_]"),
            Some('W') => out.push_str("[^a-zA-Z0-9_]"),
            Some('s') => out.push_str("[ \\t\\n\\v\\f\\r]"),
            Some('S') => out.push_str("[^ \\t\\n\\v\\f\\r]"),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out.into()
}

/// The Ruby regexp `pattern`, compiled once per evaluation (by `regexes`).
pub(super) fn compile(pattern: &str, regexes: &Regexes) -> Result<Arc<onig::Regex>, EvalError> {
    regexes.compiled(Reading::AsciiClasses, pattern, |p| {
        onig::Regex::new(&ruby_ascii_classes(p))
    }).map_err(|e| {
        error(
            ErrorKind::Other,
            format!(
                "Can not convert right match operand to a regular expression. Caused by '{}: /{pattern}/'.",
                e.description()
            ),
        )
    })
}

type Captures = Vec<Option<String>>;

/// Searches `s` with the Ruby regexp `pattern`: the captures of the first match.
pub(super) fn regex_search(
    pattern: &str,
    s: &str,
    regexes: &Regexes,
) -> Result<Option<Captures>, EvalError> {
    let re = compile(pattern, regexes)?;
    Ok(regexes.captures(&re, s))
}

/// The Ruby class name in Ruby's message for a value that is no regexp source.
fn ruby_class_name(v: &Value) -> Option<&'static str> {
    Some(match v {
        Value::Int(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Bool(true) => "true",
        Value::Bool(false) => "false",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Default => "Symbol",
        Value::Undef => "nil",
        _ => return None,
    })
}

/// `lhs =~ rhs` with a regexp, or a string taken as a regexp, on the right: `Ok(Some(
/// captures))` on a match (capture 0 is the whole match; `None` for a group that did not
/// take part), `Ok(None)` on no match, `Err` with Puppet's message when the operands are
/// not accepted (a right side that is no regexp, a left side that is no string).
///
/// With unknowns or a type on the right (instance of, for the caller's type system) the
/// outcome may be undecided: ask [`match_known`] first; an `Err` returned here is certain
/// even then.
pub fn matches(lhs: &Value, rhs: &Value, regexes: &Regexes) -> Result<Option<Captures>, EvalError> {
    Ok(match match_operands(lhs, rhs, regexes)? {
        Some((re, s)) => regexes.captures(&re, s),
        None => None,
    })
}

/// The regexp and the string [`matches`] searches; `Ok(None)` when the outcome is not
/// decided (an unknown, a type on the right), `Err` when the operands are not accepted.
fn match_operands<'v>(
    lhs: &'v Value,
    rhs: &Value,
    regexes: &Regexes,
) -> Result<Option<(Arc<onig::Regex>, &'v str)>, EvalError> {
    let pattern = match rhs {
        Value::Regex(p) | Value::Str(p) => p,
        Value::Type(_) | Value::Unknown(_) => return Ok(None),
        other => {
            let Some(name) = ruby_class_name(other) else {
                return Ok(None);
            };
            let how = format!("no implicit conversion of {name} into String");
            return Err(error(
                ErrorKind::Other,
                format!(
                    "Can not convert right match operand to a regular expression. Caused by '{how}'."
                ),
            ));
        }
    };
    let re = compile(pattern, regexes)?;
    let s = match lhs {
        Value::Str(s) => s,
        other => {
            return match class_of(other) {
                Some(Class::Str) | None => Ok(None),
                Some(_) => match label(other) {
                    Some(l) => Err(error(
                        ErrorKind::Operator,
                        format!(
                            "Left match operand must result in a String value. Got {}.",
                            a_an(&l)
                        ),
                    )),
                    None => Ok(None),
                },
            }
        }
    };
    Ok(Some((re, s)))
}

/// Whether the outcome of [`matches`] (`Ok` or `Err`) is decided: no type on the right
/// and no unknown that matters.
pub fn match_known(lhs: &Value, rhs: &Value, regexes: &Regexes) -> bool {
    match rhs {
        Value::Type(_) | Value::Unknown(_) => false,
        Value::Regex(_) | Value::Str(_) => match lhs {
            Value::Unknown(_) => {
                // Decided when the regexp is bad, or the left side is certainly no string.
                match_operands(lhs, rhs, regexes).is_err()
            }
            _ => !matches!(lhs, Value::Type(_)) || label(lhs).is_some(),
        },
        other => ruby_class_name(other).is_some(),
    }
}
