//! `file_mode` (puppet-lint): a `file` or `concat` mode that is neither four octal digits
//! nor a symbolic mode.

use super::file_modes::mode_values;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind};

pub struct FileMode;

static META: RuleMeta = RuleMeta {
    name: "file_mode",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("file_mode"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A file mode that is not a 4-digit octal string or a symbolic mode.",
    doc: include_str!("../../../rules/file_mode.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

/// One clause of a symbolic mode: `[ugoa]*[-=+][-=+rstwxXugo]*`.
fn symbolic_clause(s: &str) -> bool {
    let rest = s.trim_start_matches(['u', 'g', 'o', 'a']);
    let Some(rest) = rest.strip_prefix(['-', '=', '+']) else {
        return false;
    };
    rest.chars().all(|c| "-=+rstwxXugo".contains(c))
}

/// Four octal digits, or symbolic clauses separated by commas.
pub fn is_valid_mode(s: &str) -> bool {
    (s.len() == 4 && s.bytes().all(|b| (b'0'..=b'7').contains(&b)))
        || s.split(',').all(symbolic_clause)
}

impl Rule for FileMode {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        for value in mode_values(expr) {
            // Only literal modes are judged; variables, calls, selectors... are not.
            let text = match &value.kind {
                ExprKind::Integer { .. } => cx.text(value.span),
                ExprKind::String { value, .. } => value.as_str(),
                _ => continue,
            };
            if is_valid_mode(text) {
                continue;
            }
            let mut d = Diagnostic::new(
                value.span,
                "mode should be represented as a 4 digit octal value or symbolic mode",
            )
            .with_help("write four octal digits, such as `'0644'`, or a symbolic mode such as `'u=rw,go=r'`");
            if text.len() == 3 && text.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
                d = d.with_fix(Fix::unsafe_(vec![Edit::replace(
                    value.span,
                    format!("'0{text}'"),
                )]));
            }
            cx.report(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::is_valid_mode;
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "file_mode";
    const MSG: &str = "mode should be represented as a 4 digit octal value or symbolic mode";

    #[test]
    fn modes() {
        for ok in ["0644", "u+rw", "u=rwx,g=rx,o=", "a-x", "+t"] {
            assert!(is_valid_mode(ok), "{ok}");
        }
        for bad in ["644", "00644", "0648", "rw", "", "u+rw,"] {
            assert!(!is_valid_mode(bad), "{bad}");
        }
    }

    #[test]
    fn flags_bad_literal_modes() {
        let src = "file { 'a': mode => 644 }\nfile { 'b': mode => '755' }\nconcat { 'c': mode => 'rw' }\nfile { 'd': mode => $m }\nfile { 'e': mode => '0644' }\nexec { 'f': mode => '1' }\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (1, 21, MSG.into()),
                (2, 21, MSG.into()),
                (3, 23, MSG.into())
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "file { 'a': mode => '0644' }\nfile { 'b': mode => '0755' }\nconcat { 'c': mode => 'rw' }\nfile { 'd': mode => $m }\nfile { 'e': mode => '0644' }\nexec { 'f': mode => '1' }\n"
        );
    }
}
