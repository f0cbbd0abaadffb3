//! The `epp` family: rules for EPP templates (`.epp` files). Each looks at the template
//! itself (its `Epp` node: the parameter header and the body), so it finds nothing in a
//! manifest. See [`super::templates`] for which other rules run in templates.

pub mod epp_default_type_mismatch;
pub mod epp_undeclared_variable;
pub mod epp_unused_parameter;

use crate::rules::{Category, FixKind, Level, NodeKind, RuleMeta};

/// The metadata the template rules share (each sets its `name`, `summary`, `doc`, `kinds`
/// and what differs): correctness rules at warning level, no fix, no options.
const TEMPLATE_RULE: RuleMeta = RuleMeta {
    name: "",
    level: Level::Warning,
    category: Category::Correctness,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.4.0",
    summary: "",
    doc: "",
    kinds: &[] as &[NodeKind],
    options: &[],
};
