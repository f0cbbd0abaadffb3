//! The `mode` attributes of the resources whose `mode` is a file mode, for the two file mode
//! checks.

use crate::rules::resources::{attributes, type_name};
use crate::syntax::{Expr, ExprKind};

/// The resource types whose `mode` is a file mode.
const MODE_TYPES: &[&str] = &["file", "concat"];

/// The values of the `mode` attributes of `expr`, when it is a resource of a type whose
/// `mode` is a file mode (`file`, `concat`).
pub fn mode_values(expr: &Expr) -> Vec<&Expr> {
    let ExprKind::Resource(r) = &expr.kind else {
        return Vec::new();
    };
    if !type_name(&r.type_name).is_some_and(|t| MODE_TYPES.contains(&t)) {
        return Vec::new();
    }
    r.bodies
        .iter()
        .flat_map(attributes)
        .filter(|(_, name, _)| name.name == "mode")
        .map(|(_, _, value)| value)
        .collect()
}
