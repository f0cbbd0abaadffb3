//! Hiera's interpolations in strings, `%{...}`, as Puppet's `Lookup::Interpolation` reads
//! them: the text between `%{` and the next `}` (trimmed) is empty, a method call
//! `name('arg')` / `name("arg")`, or else a key looked up in scope (`facts.os.family`,
//! `::fqdn`). Also where each one is in the file, for findings and fixes.

use crate::rules::yaml_context::YamlContext;
use crate::syntax::yaml::{Node, NodeKind};
use crate::syntax::Span;

/// What an interpolation holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr<'a> {
    /// `%{}`, `%{::}`, `%{''}`...: interpolates nothing.
    Empty,
    /// `name('arg')`.
    Call { name: &'a str, arg: &'a str },
    /// Looks like a call but is not one Puppet reads (`lookup(k)`, `lookup('a', 'b')`).
    BadCall,
    /// A scope key (`facts.os.family`, `::fqdn`).
    Key(&'a str),
}

/// One `%{...}` of a string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interpolation<'a> {
    /// Byte range of the whole `%{...}` in the string.
    pub start: usize,
    pub end: usize,
    /// The trimmed text inside.
    pub inner: &'a str,
    pub expr: Expr<'a>,
}

/// The interpolations of `s`, and where an unterminated `%{` starts (Puppet leaves it as
/// text).
pub fn interpolations(s: &str) -> (Vec<Interpolation<'_>>, Option<usize>) {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = s[at..].find("%{") {
        let start = at + i;
        let Some(close) = s[start + 2..].find('}') else {
            return (out, Some(start));
        };
        let end = start + 2 + close + 1;
        let inner = s[start + 2..end - 1].trim();
        out.push(Interpolation {
            start,
            end,
            inner,
            expr: expr(inner),
        });
        at = end;
    }
    (out, None)
}

fn expr(inner: &str) -> Expr<'_> {
    if matches!(inner, "" | "::" | "\"\"" | "''" | "\"::\"" | "'::'") {
        return Expr::Empty;
    }
    let Some(open) = inner.find('(') else {
        return Expr::Key(inner);
    };
    let name = &inner[..open];
    let word = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    let Some(args) = inner[open + 1..].strip_suffix(')').filter(|_| word) else {
        return if word {
            Expr::BadCall
        } else {
            Expr::Key(inner)
        };
    };
    for q in ['\'', '"'] {
        if let Some(arg) = args.strip_prefix(q).and_then(|a| a.strip_suffix(q)) {
            if !arg.is_empty() && !arg.contains(q) {
                return Expr::Call { name, arg };
            }
        }
    }
    Expr::BadCall
}

/// Calls `f` with every scalar of the file (keys included) and its text.
pub fn each_scalar<'a>(cx: &YamlContext<'a>, f: &mut impl FnMut(&'a Node, &'a str)) {
    for d in &cx.file.documents {
        d.walk(&mut |n| {
            if let NodeKind::Scalar(s) = &n.kind {
                f(n, s.value.as_str());
            }
        });
    }
}

/// Where the text `value[start..end]` of the scalar `node` is in the file, when it is
/// there as written (not changed by escapes or line folding): its `nth` occurrence in the
/// node's text, counting the occurrences of the same text before it in the value.
pub fn locate(
    cx: &YamlContext<'_>,
    node: &Node,
    value: &str,
    start: usize,
    end: usize,
) -> Option<Span> {
    let needle = value.get(start..end)?;
    let nth = value[..start].matches(needle).count();
    let raw = cx.text(node.span);
    let (i, _) = raw.match_indices(needle).nth(nth)?;
    let at = node.span.start() + i;
    Some(Span::new(at, at + needle.len()))
}

/// The legacy-fact or top-scope name a scope key reads: `::name...` or `facts.name...`
/// (with the rest of the key after the name), and whether it was top scope.
pub fn fact_of(key: &str) -> Option<(&str, &str, bool)> {
    let (rest, top) = match key.strip_prefix("::") {
        Some(r) => (r, true),
        None => (key.strip_prefix("facts.")?, false),
    };
    let end = rest.find('.').unwrap_or(rest.len());
    let name = &rest[..end];
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then_some((
        name,
        &rest[end..],
        top,
    ))
}

/// A scope key read in an interpolation of a string of the file: the scalar, its text, the
/// interpolation and where it is in the file (`None` when escapes or folding changed it).
pub struct KeyRead<'a> {
    pub node: &'a Node,
    pub key: &'a str,
    pub span: Option<Span>,
}

/// Every scope key read by an interpolation (`%{key}`, `%{scope('key')}`) in the strings
/// of the file, keys included.
pub fn scope_keys<'a>(cx: &YamlContext<'a>) -> Vec<KeyRead<'a>> {
    let mut out = Vec::new();
    each_scalar(cx, &mut |node, value| {
        for i in interpolations(value).0 {
            let key = match i.expr {
                Expr::Key(k) => k,
                Expr::Call { name: "scope", arg } => arg,
                _ => continue,
            };
            let span = locate(cx, node, value, i.start, i.end);
            out.push(KeyRead { node, key, span });
        }
    });
    out
}

/// `facts.a.b` (with `.3` for an index) for the structured fact at `keys`.
pub fn facts_dotted(keys: &[crate::rules::facter::FactKey]) -> String {
    let mut s = String::from("facts");
    for k in keys {
        s.push('.');
        match k {
            crate::rules::facter::FactKey::Name(n) => s.push_str(n),
            crate::rules::facter::FactKey::Index(i) => s.push_str(&i.to_string()),
        }
    }
    s
}

/// The interpolation that replaces `old` (the text of an interpolation reading a fact) to
/// read the scope key `key` instead, in the same form (`%{key}` or `%{scope('key')}`).
pub fn rewritten(old: &str, key: &str) -> String {
    if old.contains("scope(") {
        format!("%{{scope('{key}')}}")
    } else {
        format!("%{{{key}}}")
    }
}
