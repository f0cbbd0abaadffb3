//! `params_not_optional_with_undef` (plugin puppet-lint-params_not_optional_with_undef-check):
//! a class or defined-type parameter whose type does not accept `undef` but whose default
//! is `undef`.

use super::class_parameters::{class_or_define, is_undef, type_args, type_head};
use crate::rules::{
    Category, Context, Diagnostic, FixKind, Level, NodeKind, Plugin, Rule, RuleMeta,
};
use crate::syntax::Expr;

pub struct ParamsNotOptionalWithUndef;

static META: RuleMeta = RuleMeta {
    name: "params_not_optional_with_undef",
    level: Level::Off,
    category: Category::Correctness,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-params_not_optional_with_undef-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "A parameter whose type does not accept `undef` defaulting to `undef`.",
    doc: include_str!("../../../rules/params_not_optional_with_undef.md"),
    kinds: &[NodeKind::Class, NodeKind::Define],
    options: &[],
};

/// Puppet's built-in types that never accept `undef` (written without a namespace). A type
/// alias (`Stdlib::Port`, `My_type`) may accept it, so it is not judged.
const NOT_UNDEF: &[&str] = &[
    "String",
    "Integer",
    "Float",
    "Numeric",
    "Boolean",
    "Array",
    "Hash",
    "Tuple",
    "Struct",
    "Enum",
    "Pattern",
    "Regexp",
    "Scalar",
    "ScalarData",
    "NotUndef",
    "Type",
    "Callable",
    "Collection",
    "Iterable",
    "Iterator",
    "Timespan",
    "Timestamp",
    "SemVer",
    "SemVerRange",
    "Sensitive",
    "Binary",
    "Resource",
    "Class",
    "CatalogEntry",
    "Runtime",
    "Object",
    "Error",
];

/// Whether a value of type `t` can never be `undef`. `Variant` can when none of its
/// members can; `Optional`, `Undef`, `Any`, `Data`, `RichData` and aliases may.
fn rejects_undef(t: &Expr) -> bool {
    match type_head(t) {
        Some("Variant") => {
            let args = type_args(t);
            !args.is_empty() && args.iter().all(rejects_undef)
        }
        Some(name) => NOT_UNDEF.contains(&name),
        None => false,
    }
}

impl Rule for ParamsNotOptionalWithUndef {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((def, _)) = class_or_define(expr, cx) else {
            return;
        };
        for p in def.params {
            let (Some(t), Some(default)) = (&p.type_expr, &p.default) else {
                continue;
            };
            if is_undef(default) && rejects_undef(t) {
                cx.report(
                    Diagnostic::new(p.name.span, "Not optional parameter defaults to undef")
                        .with_help(
                            "wrap the type in `Optional[...]`, or give a default of that type",
                        ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings;

    const MSG: &str = "Not optional parameter defaults to undef";

    #[test]
    fn non_optional_undef_defaults() {
        let src = "class a (\n  String $a = undef,\n  Integer[1] $b = undef,\n  Variant[String, Integer] $c = undef,\n  Optional[String] $d = undef,\n  Variant[String, Undef] $e = undef,\n  Any $f = undef,\n  Stdlib::Port $g = undef,\n  String $h = 'x',\n  $i = undef,\n  Data $j = undef,\n) {}\ndefine b (Hash $p = undef) {}\n";
        assert_eq!(
            findings("params_not_optional_with_undef", src),
            vec![
                format!("2:10 {MSG}"),
                format!("3:14 {MSG}"),
                format!("4:28 {MSG}"),
                format!("13:16 {MSG}"),
            ]
        );
    }
}
