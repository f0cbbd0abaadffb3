//! `duplicate_key`: the same literal key twice in a hash literal (`{ a => 1, 'a' => 2 }`).
//! Puppet's validator reports it (DUPLICATE_KEY): as a warning in Puppet 7, as an error in
//! Puppet 8 (the level follows `strict`, whose default became `error`). The later entry
//! silently wins, so the first value is dead.

use super::positions::operator_between;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, Span};

pub struct DuplicateKey;

static META: RuleMeta = RuleMeta {
    name: "duplicate_key",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["DUPLICATE_KEY"],
    since: "0.1.0",
    summary: "The same literal key appears twice in a hash literal.",
    doc: include_str!("../../../rules/duplicate_key.md"),
    kinds: &[NodeKind::Hash],
    options: &[],
};

/// A literal value as Puppet's literal evaluator produces it (a Ruby object), compared as
/// Ruby compares hash keys (`eql?`: `1` and `1.0` differ, `'a'` and `a` do not).
#[derive(Debug, Clone)]
enum Lit {
    Str(String),
    Int(i128),
    Float(f64),
    Bool(bool),
    Undef,
    Default,
    Regex(String),
    List(Vec<Lit>),
    Hash(Vec<(Lit, Lit)>),
}

impl PartialEq for Lit {
    fn eq(&self, other: &Lit) -> bool {
        match (self, other) {
            (Lit::Str(a), Lit::Str(b)) | (Lit::Regex(a), Lit::Regex(b)) => a == b,
            (Lit::Int(a), Lit::Int(b)) => a == b,
            (Lit::Float(a), Lit::Float(b)) => a.to_bits() == b.to_bits(),
            (Lit::Bool(a), Lit::Bool(b)) => a == b,
            (Lit::Undef, Lit::Undef) | (Lit::Default, Lit::Default) => true,
            (Lit::List(a), Lit::List(b)) => a == b,
            // Ruby hashes are equal regardless of order (keys are unique after evaluation).
            (Lit::Hash(a), Lit::Hash(b)) => {
                let (a, b) = (dedup(a), dedup(b));
                a.len() == b.len() && a.iter().all(|e| b.contains(e))
            }
            _ => false,
        }
    }
}

/// A hash's entries as Ruby keeps them: a later entry replaces an earlier one with the
/// same key.
fn dedup(entries: &[(Lit, Lit)]) -> Vec<(Lit, Lit)> {
    let mut out: Vec<(Lit, Lit)> = Vec::new();
    for (k, v) in entries {
        if let Some(slot) = out.iter_mut().find(|(ok, _)| ok == k) {
            slot.1 = v.clone();
        } else {
            out.push((k.clone(), v.clone()));
        }
    }
    out
}

/// The literal value of `expr`, or `None` when it is not a literal (a variable, a call, a
/// type reference, an interpolated string, a negative number, ...).
fn literal(expr: &Expr) -> Option<Lit> {
    Some(match &expr.kind {
        ExprKind::String { value, .. } | ExprKind::QualifiedName(value) => Lit::Str(value.clone()),
        ExprKind::Integer { value, .. } => Lit::Int(value.get()),
        ExprKind::Float(f) => Lit::Float(*f),
        ExprKind::Boolean(b) => Lit::Bool(*b),
        ExprKind::Undef => Lit::Undef,
        ExprKind::Default => Lit::Default,
        ExprKind::Regex { pattern } => Lit::Regex(pattern.clone()),
        ExprKind::Array(items) => Lit::List(items.iter().map(literal).collect::<Option<_>>()?),
        ExprKind::Hash { entries, .. } => Lit::Hash(
            entries
                .iter()
                .map(|e| Some((literal(&e.key)?, literal(&e.value)?)))
                .collect::<Option<_>>()?,
        ),
        _ => return None,
    })
}

/// Ruby's `to_s` of the key, as Puppet prints it in the message.
fn to_s(l: &Lit) -> String {
    match l {
        Lit::Str(s) => s.clone(),
        Lit::Undef => String::new(),
        Lit::Default => "default".to_string(),
        Lit::Regex(p) => format!("(?-mix:{})", p.replace('/', "\\/")),
        _ => inspect(l),
    }
}

/// Ruby's `inspect` of a value nested in an array or hash key.
fn inspect(l: &Lit) -> String {
    match l {
        Lit::Str(s) => {
            let mut out = String::from("\"");
            for c in s.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\t' => out.push_str("\\t"),
                    '\r' => out.push_str("\\r"),
                    '#' => out.push('#'),
                    c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02X}", c as u32)),
                    c => out.push(c),
                }
            }
            out.push('"');
            out
        }
        Lit::Int(i) => i.to_string(),
        Lit::Float(f) => float_to_s(*f),
        Lit::Bool(b) => b.to_string(),
        Lit::Undef => "nil".to_string(),
        Lit::Default => ":default".to_string(),
        Lit::Regex(p) => format!("/{}/", p.replace('/', "\\/")),
        Lit::List(items) => {
            let parts: Vec<String> = items.iter().map(inspect).collect();
            format!("[{}]", parts.join(", "))
        }
        Lit::Hash(entries) => {
            let parts: Vec<String> = dedup(entries)
                .iter()
                .map(|(k, v)| format!("{}=>{}", inspect(k), inspect(v)))
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
    }
}

/// Ruby's `Float#to_s` for the common cases (`1.0`, `2.5`, `1.0e+20`, `1.5e-07`).
fn float_to_s(f: f64) -> String {
    if f.is_finite() && (f.abs() >= 1e16 || (f != 0.0 && f.abs() < 1e-4)) {
        let s = format!("{f:e}");
        let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
        let m = if m.contains('.') {
            m.to_string()
        } else {
            format!("{m}.0")
        };
        let e = e
            .strip_prefix('-')
            .map_or(format!("+{e:0>2}"), |e| format!("-{e:0>2}"));
        return format!("{m}e{e}");
    }
    let s = format!("{f}");
    if s.contains('.') || !f.is_finite() {
        s
    } else {
        format!("{s}.0")
    }
}

impl Rule for DuplicateKey {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Hash { entries, .. } = &expr.kind else {
            return;
        };
        let mut seen: Vec<Lit> = Vec::new();
        for e in entries {
            let Some(key) = literal(&e.key) else {
                continue;
            };
            if seen.contains(&key) {
                // Puppet places the entry at its `=>`; show the value too when it ends on
                // that line.
                let arrow = operator_between(cx.source(), &e.key, &e.value, "=>");
                let lines = cx.file.line_index;
                let span = if lines.line(e.span.end()) == lines.line(arrow.start()) {
                    Span::new(arrow.start(), e.span.end())
                } else {
                    arrow
                };
                cx.report(
                    Diagnostic::new(
                        span,
                        format!("The key '{}' is declared more than once", to_s(&key)),
                    )
                    .with_help("remove one of the entries: only the last one has an effect"),
                );
            } else {
                seen.push(key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    fn key(k: &str) -> String {
        format!("The key '{k}' is declared more than once")
    }

    #[test]
    fn at_the_arrow_as_puppet() {
        // `puppet parser validate`: "The key 'a' is declared more than once (line: 1,
        // column: 13)"; on a later line than its key, the arrow alone.
        assert_eq!(
            positions("duplicate_key", "{ a => 1, a => 2 }\n"),
            vec![(1, 13, key("a"))]
        );
        assert_eq!(
            positions(
                "duplicate_key",
                "$h = {\n  a => 1,\n  a\n  => {\n    b => 2,\n  },\n}\n"
            ),
            vec![(4, 3, key("a"))]
        );
    }

    #[test]
    fn literal_keys_as_puppet_prints_them() {
        let src = "$h = {a => 1, \"a\" => 2, 1 => 3, 0x1 => 4, [a] => 5, [\"a\"] => 6, \
                   undef => 1, undef => 2, default => 1, default => 2, /a/ => 1, /a/ => 2, \
                   1.0 => 1, true => 1, true => 2, Foo => 1, Foo => 2, {a=>1} => 1, \
                   {a=>1}=>2, [1,2] => 1, [1,2] => 3, \"${x}\" => 1, \"${x}\" => 2, \
                   -1 => 1, -1 => 2}\nnotice($h)\n";
        let cols: Vec<(usize, usize, String)> = [
            (19, "a"),
            (37, "1"),
            (59, "[\"a\"]"),
            (83, ""),
            (111, "default"),
            (131, "(?-mix:a)"),
            (163, "true"),
            (208, "{\"a\"=>1}"),
            (231, "[1, 2]"),
        ]
        .iter()
        .map(|(c, k)| (1, *c, key(k)))
        .collect();
        assert_eq!(positions("duplicate_key", src), cols);
    }

    #[test]
    fn floats_print_as_ruby_prints_them() {
        assert_eq!(super::float_to_s(1.0), "1.0");
        assert_eq!(super::float_to_s(1e20), "1.0e+20");
        assert_eq!(super::float_to_s(0.0001), "0.0001");
        assert_eq!(super::float_to_s(1.5e-7), "1.5e-07");
        assert_eq!(super::float_to_s(2.5), "2.5");
    }

    #[test]
    fn floats_and_integers_differ() {
        assert_eq!(
            positions("duplicate_key", "$x = {1 => 1, 1.0 => 2, 1e0 => 3}\n"),
            vec![(1, 29, key("1.0"))]
        );
        assert_eq!(
            positions("duplicate_key", "notice(a => 1, b => 2, a => 3)\n"),
            vec![(1, 26, key("a"))]
        );
    }
}
