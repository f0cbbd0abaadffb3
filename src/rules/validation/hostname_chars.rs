//! `hostname_chars`: a node name with characters other than ASCII letters, digits, `_`,
//! `-` and `.` (`node 'web 01' {}`, `node 'a$b' {}`). Puppet's validator rejects it
//! (ILLEGAL_HOSTNAME_CHARS). Regular expressions and `default` are not checked.

use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind, StringPart};

pub struct HostnameChars;

static META: RuleMeta = RuleMeta {
    name: "hostname_chars",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_HOSTNAME_CHARS"],
    since: "0.1.0",
    summary: "A node name with characters other than letters, digits, `_`, `-` and `.`.",
    doc: include_str!("../../../rules/hostname_chars.md"),
    kinds: &[NodeKind::Node],
    options: &[],
};

fn legal(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')
}

impl Rule for HostnameChars {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Node(n) = &expr.kind else {
            return;
        };
        for m in &n.matches {
            let name = match &m.kind {
                ExprKind::String { value, .. } => value.clone(),
                // A double-quoted name without interpolation (an interpolation is reported
                // by `hostname_interpolation`).
                ExprKind::Concat(parts)
                    if parts.iter().all(|p| matches!(p, StringPart::Text { .. })) =>
                {
                    parts
                        .iter()
                        .map(|p| match p {
                            StringPart::Text { value, .. } => value,
                            StringPart::Interpolation { .. } => "",
                        })
                        .collect()
                }
                _ => continue,
            };
            if !name.chars().all(legal) {
                cx.report(
                    Diagnostic::new(
                        m.span,
                        format!(
                            "The hostname '{name}' contains illegal characters (only letters, \
                             digits, '_', '-', and '.' are allowed)"
                        ),
                    )
                    .with_help(
                        "use the certname as it is, or a regular expression to match several names",
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::positions;

    fn msg(h: &str) -> String {
        format!(
            "The hostname '{h}' contains illegal characters (only letters, digits, '_', '-', \
             and '.' are allowed)"
        )
    }

    #[test]
    fn illegal_characters() {
        let r = |s| positions("hostname_chars", s);
        assert_eq!(
            r("node \"a b\", 'c/d' {}\n"),
            vec![(1, 6, msg("a b")), (1, 13, msg("c/d"))]
        );
        assert_eq!(r("node \"a\\${b}\" {}\n"), vec![(1, 6, msg("a${b}"))]);
        assert_eq!(r("node \"é\" {}\n"), vec![(1, 6, msg("é"))]);
        assert!(r("node /a b/, default, a.b, 'c-d_e', 1.2 {}\n").is_empty());
        assert!(r("node \"a${b}\" {}\n").is_empty());
    }
}
