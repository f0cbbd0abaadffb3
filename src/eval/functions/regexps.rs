//! The functions that search with regexps: `split`, `regsubst` and `match`, with Ruby's
//! syntax and semantics (through Oniguruma, searches bounded as [`crate::eval::regex`]
//! bounds them).

use std::sync::Arc;

use onig::{Regex, RegexOptions, Region, Syntax};

use super::outcome::{any_unknown, err, ok, unk, variant_mismatch, Out};
use super::ruby::hash_get;
use crate::eval::regex::{Reading, Regexes};
use crate::eval::types::{self, Aliases, PType};
use crate::eval::value::{self, ErrorKind, EvalError, Value};

/// Compiles a regexp with Ruby's syntax (once per evaluation, by `regexes`, when it has no
/// options); Ruby's `RegexpError` wording when it does not.
pub(super) fn compile(
    source: &str,
    options: RegexOptions,
    regexes: &Regexes,
) -> Result<Arc<Regex>, EvalError> {
    let build = |s: &str| Regex::with_options(s, options, Syntax::ruby());
    let compiled = if options == RegexOptions::REGEX_OPTION_NONE {
        regexes.compiled(Reading::AsWritten, source, build)
    } else {
        build(source).map(Arc::new)
    };
    compiled.map_err(|e| {
        EvalError::new(
            ErrorKind::Other,
            format!("{}: /{}/", e.description(), source),
        )
    })
}

/// The regexp a pattern argument stands for (a string compiled as a regexp, a regexp, a
/// `Regexp[/x/]` type); `None` when not modelled.
fn pattern_source(v: &Value) -> Option<&str> {
    match v {
        Value::Str(s) | Value::Regex(s) => Some(s),
        Value::Type(t) => match &**t {
            PType::Regexp(Some(s)) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// The length in bytes of the character at byte `at` (1 past the end).
fn char_len(s: &str, at: usize) -> usize {
    s.get(at..)
        .and_then(|rest| rest.chars().next())
        .map_or(1, char::len_utf8)
}

pub(super) fn split(args: &[Value], regexes: &Regexes) -> Out {
    let [s, pattern] = args else { return None };
    let result_type = PType::array_of(PType::string());
    let s = match s {
        Value::Str(s) => s,
        Value::Unknown(_) => return unk(result_type),
        _ => {
            return err(
                ErrorKind::TypeMismatch,
                format!(
                    "'split' parameter 'str' expects {}",
                    types::mismatch(&PType::string(), s, &Aliases::default())
                ),
            )
        }
    };
    if pattern.is_unknown() {
        return unk(result_type);
    }
    let source = pattern_source(pattern)?;
    let re = match compile(source, RegexOptions::REGEX_OPTION_NONE, regexes) {
        Ok(re) => re,
        Err(e) => return Some(Err(e)),
    };
    match ruby_split(&re, s, regexes) {
        Some(parts) => ok(Value::array(parts.into_iter().map(Value::str).collect())),
        None => unk(result_type),
    }
}

/// Ruby's `String#split` with a regexp and no limit: captures are included, trailing empty
/// strings removed, an empty match splits between characters.
fn ruby_split(re: &Regex, s: &str, regexes: &Regexes) -> Option<Vec<String>> {
    let mut result: Vec<String> = Vec::new();
    let (mut beg, mut start) = (0usize, 0usize);
    let mut last_null = false;
    while let Some(region) = regexes.search(re, s, start) {
        let (b, e) = region.pos(0)?;
        if start == b && b == e {
            if s.is_empty() {
                result.push(String::new());
                break;
            } else if last_null {
                let l = char_len(s, beg);
                result.push(s.get(beg..beg + l)?.to_string());
                beg = start;
            } else {
                start += char_len(s, start);
                last_null = true;
                continue;
            }
        } else {
            result.push(s.get(beg..b)?.to_string());
            beg = e;
            start = e;
        }
        last_null = false;
        for group in 1..region.len() {
            if let Some((gb, ge)) = region.pos(group) {
                result.push(s.get(gb..ge)?.to_string());
            }
        }
    }
    if !s.is_empty() && s.len() > beg {
        result.push(s.get(beg..)?.to_string());
    }
    while result.last().is_some_and(String::is_empty) {
        result.pop();
    }
    Some(result)
}

/// A `regsubst` replacement: a string with backreferences, or a hash from matched text.
enum Replacement<'a> {
    Text(&'a str),
    Map(&'a [(Value, Value)]),
}

pub(super) fn regsubst(args: &[Value], regexes: &Regexes) -> Out {
    let (target, pattern, replacement, flags) = match args {
        [t, p, r] => (t, p, r, None),
        [t, p, r, f] => (t, p, r, Some(f)),
        [t, p, r, f, Value::Str(_)] => (t, p, r, Some(f)),
        _ => return None,
    };
    let result_type = match target {
        Value::Array(_) => PType::array_of(PType::string()),
        Value::Str(_) => PType::string(),
        Value::Unknown(_) | Value::Sensitive(_) => PType::Any,
        _ => {
            return variant_mismatch(
                "regsubst",
                "target",
                vec![PType::array(), PType::string()],
                target,
            )
        }
    };
    if any_unknown(args) {
        return unk(result_type);
    }
    let flags = match flags {
        None | Some(Value::Undef) => "",
        Some(Value::Str(f)) => f,
        Some(_) => return None,
    };
    let string_pattern = matches!(pattern, Value::Str(_));
    let valid_flags = if string_pattern {
        flags.chars().all(|c| "GEIM".contains(c))
    } else {
        flags.is_empty() || flags == "G"
    };
    if !valid_flags {
        return None;
    }
    let mut options = RegexOptions::REGEX_OPTION_NONE;
    if string_pattern {
        for c in flags.chars() {
            match c {
                'E' => options |= RegexOptions::REGEX_OPTION_EXTEND,
                'I' => options |= RegexOptions::REGEX_OPTION_IGNORECASE,
                'M' => options |= RegexOptions::REGEX_OPTION_MULTILINE,
                _ => {}
            }
        }
    }
    let global = flags.contains('G');
    let source = pattern_source(pattern)?;
    let replacement = match replacement {
        Value::Str(r) => Replacement::Text(r),
        Value::Hash(h)
            if h.iter()
                .all(|(k, v)| k.as_str().is_some() && v.as_str().is_some()) =>
        {
            Replacement::Map(h)
        }
        _ => return None,
    };
    let re = match compile(source, options, regexes) {
        Ok(re) => re,
        Err(e) => return Some(Err(e)),
    };
    let result = match target {
        Value::Str(s) => substitute(&re, s, &replacement, global, regexes).map(Value::str),
        Value::Array(items) => items
            .iter()
            .map(|item| {
                item.as_str()
                    .and_then(|s| substitute(&re, s, &replacement, global, regexes))
                    .map(Value::str)
            })
            .collect::<Option<Vec<Value>>>()
            .map(Value::array),
        _ => None,
    };
    match result {
        Some(v) => ok(v),
        None => unk(result_type),
    }
}

/// Ruby's `sub` (`global` false) or `gsub`.
fn substitute(
    re: &Regex,
    s: &str,
    replacement: &Replacement,
    global: bool,
    regexes: &Regexes,
) -> Option<String> {
    let mut out = String::new();
    let (mut last, mut start) = (0usize, 0usize);
    while let Some(region) = regexes.search(re, s, start) {
        let (b, e) = region.pos(0)?;
        out.push_str(s.get(last..b)?);
        match replacement {
            Replacement::Text(r) => out.push_str(&expand(r, s, &region)?),
            Replacement::Map(h) => {
                if let Some(Some(v)) = hash_get(h, &Value::str(s.get(b..e)?)) {
                    out.push_str(v.as_str()?);
                }
            }
        }
        last = e;
        if !global {
            break;
        }
        if b == e {
            if e >= s.len() {
                break;
            }
            let l = char_len(s, e);
            out.push_str(s.get(e..e + l)?);
            last = e + l;
            start = e + l;
        } else {
            start = e;
        }
    }
    out.push_str(s.get(last..)?);
    Some(out)
}

/// A replacement string with Ruby's escapes: `\0`-`\9`, `\&`, `` \` ``, `\'`, `\\`.
fn expand(r: &str, s: &str, region: &Region) -> Option<String> {
    let mut out = String::new();
    let mut chars = r.chars();
    let group = |n: usize| -> Option<&str> {
        match region.pos(n) {
            Some((b, e)) => s.get(b..e),
            None => Some(""),
        }
    };
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(d @ '0'..='9') => out.push_str(group(d as usize - '0' as usize)?),
            Some('&') => out.push_str(group(0)?),
            Some('`') => out.push_str(s.get(..region.pos(0)?.0)?),
            Some('\'') => out.push_str(s.get(region.pos(0)?.1..)?),
            Some('\\') => out.push('\\'),
            Some('k') => return None,
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    Some(out)
}

pub(super) fn match_fn(args: &[Value], regexes: &Regexes) -> Out {
    let [target, pattern] = args else { return None };
    if any_unknown(args) {
        return unk(PType::Any);
    }
    let one = |s: &str| -> Option<Result<Value, EvalError>> { match_pattern(s, pattern, regexes) };
    match target {
        Value::Str(s) => one(s),
        Value::Array(items) => {
            let mut out = Vec::new();
            for item in items.iter() {
                let s = item.as_str()?;
                match one(s)? {
                    Ok(v) => out.push(v),
                    Err(e) => return Some(Err(e)),
                }
            }
            ok(Value::array(out))
        }
        Value::Sensitive(_) => None,
        _ => variant_mismatch(
            "match",
            "string",
            vec![PType::string(), PType::array()],
            target,
        ),
    }
}

/// `match(s, pattern)`: the match data as an array (undef for groups that did not take
/// part), undef when no match.
fn match_pattern(s: &str, pattern: &Value, regexes: &Regexes) -> Out {
    let sources: Vec<&str> = match pattern {
        Value::Str(p) | Value::Regex(p) => vec![p],
        Value::Type(t) => match &**t {
            PType::Regexp(Some(p)) => vec![p.as_str()],
            PType::Pattern(ps) => ps.iter().map(String::as_str).collect(),
            _ => return None,
        },
        Value::Array(items) => {
            for item in value::flatten(items) {
                match match_pattern(s, &item, regexes)? {
                    Ok(Value::Undef) => {}
                    other => return Some(other),
                }
            }
            return ok(Value::Undef);
        }
        _ => return None,
    };
    for source in sources {
        let re = match compile(source, RegexOptions::REGEX_OPTION_NONE, regexes) {
            Ok(re) => re,
            Err(e) => return Some(Err(e)),
        };
        if let Some(region) = regexes.search(&re, s, 0) {
            let groups = (0..region.len())
                .map(|i| match region.pos(i) {
                    Some((b, e)) => s.get(b..e).map(Value::str),
                    None => Some(Value::Undef),
                })
                .collect::<Option<Vec<Value>>>()?;
            return ok(Value::array(groups));
        }
    }
    ok(Value::Undef)
}
