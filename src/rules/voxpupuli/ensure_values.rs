//! The `ensure` values of one resource type, for the plugin checks of `file` and `package`
//! resources: the words they are written as, and the finding for a word to replace.

use crate::rules::resources::{attributes, type_name};
use crate::rules::{Context, Diagnostic, Edit, Fix};
use crate::syntax::{Expr, ExprKind, ResourceBody, StringStyle};

/// The text of a bare word or of a string without interpolation (`present`, `'present'`,
/// `"present"`).
pub fn word(expr: &Expr) -> Option<&str> {
    match &expr.kind {
        ExprKind::QualifiedName(n) => Some(n),
        ExprKind::String { value, .. } => Some(value),
        _ => None,
    }
}

/// `text` written the way `expr` (a bare word or a plain string) is written: bare, in
/// single quotes or in double quotes. `text` must need no escaping.
pub fn same_quoting(expr: &Expr, text: &str) -> String {
    match &expr.kind {
        ExprKind::String {
            style: StringStyle::Single,
            ..
        } => format!("'{text}'"),
        ExprKind::String {
            style: StringStyle::Double,
            ..
        } => format!("\"{text}\""),
        _ => text.to_string(),
    }
}

/// The bodies of resource expression `expr` when its type is `ty` (`file`, `package`).
pub fn bodies_of_type<'a>(expr: &'a Expr, ty: &str) -> &'a [ResourceBody] {
    match &expr.kind {
        ExprKind::Resource(r) if type_name(&r.type_name) == Some(ty) => &r.bodies,
        _ => &[],
    }
}

/// The value of the first attribute `name` of `body`.
pub fn first_attribute<'a>(body: &'a ResourceBody, name: &str) -> Option<&'a Expr> {
    attributes(body)
        .find(|(_, n, _)| n.name == name)
        .map(|(_, _, v)| v)
}

/// Reports an `ensure` of a `ty` resource set to the word `bad` (bare or quoted), with an
/// unsafe fix writing `good(body)` in the same quoting.
pub fn check_ensure_word(
    expr: &Expr,
    cx: &mut Context<'_>,
    ty: &str,
    bad: &str,
    message: &str,
    good: fn(&ResourceBody) -> &'static str,
) {
    for body in bodies_of_type(expr, ty) {
        let Some(value) = first_attribute(body, "ensure") else {
            continue;
        };
        if word(value) != Some(bad) {
            continue;
        }
        let replacement = good(body);
        cx.report(
            Diagnostic::new(value.span, message.to_string())
                .with_help(format!("write `ensure => {replacement}`"))
                .with_fix(Fix::unsafe_(vec![Edit::replace(
                    value.span,
                    same_quoting(value, replacement),
                )])),
        );
    }
}
