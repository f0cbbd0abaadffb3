//! `reserved_type_name`: a class, define, function or type alias named after one of
//! Puppet's built-in types (RESERVED_TYPE_NAME).

use super::definitions::{definition_span, named_definition};
use super::labels::a_an;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::{Expr, ExprKind};

pub struct ReservedTypeName;

static META: RuleMeta = RuleMeta {
    name: "reserved_type_name",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["RESERVED_TYPE_NAME"],
    since: "0.1.0",
    summary:
        "A class, define, function or type alias named after a built-in type (`class integer`).",
    doc: include_str!("../../../rules/reserved_type_name.md"),
    kinds: &[
        NodeKind::Class,
        NodeKind::Define,
        NodeKind::Function,
        NodeKind::Plan,
        NodeKind::TypeAlias,
    ],
    options: &[],
};

/// The names of Puppet's built-in types that the checker reserves (`RESERVED_TYPE_NAMES`).
const RESERVED: &[&str] = &[
    "type",
    "any",
    "unit",
    "scalar",
    "boolean",
    "numeric",
    "integer",
    "float",
    "collection",
    "array",
    "hash",
    "tuple",
    "struct",
    "variant",
    "optional",
    "enum",
    "regexp",
    "pattern",
    "runtime",
    "init",
    "object",
    "sensitive",
    "semver",
    "semverrange",
    "string",
    "timestamp",
    "timespan",
    "typeset",
];

/// The built-in type names that a type alias cannot take: Puppet aborts with "Attempt to
/// redefine entity" (compared in lower case; verified one by one with Puppet 7.23, which
/// accepts `type Unit = ...`).
const TYPE_ALIAS_RESERVED: &[&str] = &[
    "any",
    "array",
    "binary",
    "boolean",
    "callable",
    "catalogentry",
    "class",
    "collection",
    "data",
    "default",
    "deferred",
    "enum",
    "float",
    "hash",
    "init",
    "integer",
    "iterable",
    "iterator",
    "notundef",
    "numeric",
    "object",
    "optional",
    "pattern",
    "regexp",
    "resource",
    "richdata",
    "runtime",
    "scalar",
    "scalardata",
    "semver",
    "semverrange",
    "sensitive",
    "string",
    "struct",
    "timespan",
    "timestamp",
    "tuple",
    "type",
    "typealias",
    "typereference",
    "typeset",
    "undef",
    "uri",
    "variant",
];

impl Rule for ReservedTypeName {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        // Classes, defines and functions are compared as written (their names are lower
        // case); type names in lower case.
        let (name, label, reserved) = match &expr.kind {
            ExprKind::TypeAlias(t) => (
                t.name.name.as_str(),
                "Type Alias",
                TYPE_ALIAS_RESERVED.contains(&t.name.name.to_ascii_lowercase().as_str()),
            ),
            _ => match named_definition(expr) {
                Some((name, label)) => (name, label, RESERVED.contains(&name)),
                None => return,
            },
        };
        if !reserved {
            return;
        }
        cx.report(
            Diagnostic::new(
                definition_span(expr),
                format!(
                    "The name: '{name}' is already defined by Puppet and can not be used as the name of {}.",
                    a_an(label)
                ),
            )
            .with_help("choose another name, or put the definition in a module namespace (`mymod::integer`)"),
        );
    }
}
