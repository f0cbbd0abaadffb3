//! `hiera_interpolation`: an interpolation `%{...}` in a Hiera file that Puppet rejects or
//! that does not do what it seems to: an unknown method, a call Puppet does not read as
//! one, `alias` not the whole string, a method call in `hiera.yaml` (where only scope keys
//! are allowed), an unterminated `%{`.

use super::interpolation::{each_scalar, interpolations, locate, Expr};
use crate::rules::yaml_context::{YamlContext, YamlKind};
use crate::rules::{Category, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::Span;

pub struct HieraInterpolation;

static META: RuleMeta = RuleMeta {
    name: "hiera_interpolation",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "An interpolation `%{...}` in Hiera data or hiera.yaml that Puppet rejects.",
    doc: include_str!("../../../rules/hiera_interpolation.md"),
    kinds: &[],
    options: &[],
};

/// The interpolation methods of Hiera 5.
const METHODS: &[&str] = &["lookup", "hiera", "alias", "scope", "literal"];

impl Rule for HieraInterpolation {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        let config = match cx.kind {
            YamlKind::HieraConfig => true,
            YamlKind::HieraData { .. } => false,
            _ => return,
        };
        let mut found = Vec::new();
        each_scalar(cx, &mut |node, value| {
            let (all, unterminated) = interpolations(value);
            let at =
                |start: usize, end: usize| locate(cx, node, value, start, end).unwrap_or(node.span);
            for i in &all {
                let span = at(i.start, i.end);
                let message = match &i.expr {
                    Expr::Call { name, .. } if !METHODS.contains(name) => {
                        format!("Unknown interpolation method '{name}'")
                    }
                    Expr::Call { .. } if config => {
                        "Interpolation using method syntax is not allowed in this context".to_string()
                    }
                    Expr::Call { name: "alias", .. } if i.start != 0 || i.end != value.len() => {
                        "'alias' interpolation is only permitted if the expression is equal to the entire string".to_string()
                    }
                    Expr::BadCall => format!(
                        "'{}' is not a method call Hiera reads: write name('key') with one quoted argument",
                        i.inner
                    ),
                    Expr::Key(k) if !valid_key(k) => {
                        format!("'{k}' is not a valid interpolation key")
                    }
                    _ => continue,
                };
                found.push(Diagnostic::new(span, message));
            }
            if let Some(start) = unterminated {
                let span = match locate(cx, node, value, start, start + 2) {
                    Some(s) => s,
                    None => Span::new(node.span.start(), node.span.start()),
                };
                found.push(
                    Diagnostic::new(span, "unterminated interpolation: '%{' without a closing '}'")
                        .with_help("Hiera leaves the text as it is; write '%{literal('%')}{' for a literal '%{'"),
                );
            }
        });
        for d in found {
            cx.report(d);
        }
    }
}

/// A scope key: dot-separated segments, each a (`::`-qualified) name, a number or a quoted
/// string.
fn valid_key(key: &str) -> bool {
    let key = key.strip_prefix("::").unwrap_or(key);
    let mut rest = key;
    loop {
        let seg_end = if let Some(q) = rest.chars().next().filter(|c| *c == '\'' || *c == '"') {
            match rest[1..].find(q) {
                Some(i) => i + 2,
                None => return false,
            }
        } else {
            let end = rest.find('.').unwrap_or(rest.len());
            let seg = &rest[..end];
            let name_ok = !seg.is_empty()
                && seg.split("::").all(|p| {
                    !p.is_empty()
                        && p.chars()
                            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
                });
            if !name_ok {
                return false;
            }
            end
        };
        rest = &rest[seg_end..];
        match rest.strip_prefix('.') {
            Some(r) => rest = r,
            None => return rest.is_empty(),
        }
    }
}
