//! `definition_location`: a class, define or function in a module file whose name is not
//! in the namespace the file's path gives (ILLEGAL_DEFINITION_LOCATION), so Puppet's
//! autoloader would never find it there.

use super::definitions::{definition_span, named_definition};
use super::module_namespace::module_namespace;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::Expr;

pub struct DefinitionLocation;

static META: RuleMeta = RuleMeta {
    name: "definition_location",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_DEFINITION_LOCATION"],
    since: "0.1.0",
    summary: "A class, define or function whose name does not match its file in a module.",
    doc: include_str!("../../../rules/definition_location.md"),
    kinds: &[NodeKind::Class, NodeKind::Define, NodeKind::Function],
    options: &[],
};

impl Rule for DefinitionLocation {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((name, _)) = named_definition(expr) else {
            return;
        };
        let Some(namespace) = module_namespace(cx.file.path, &cx.project().probes) else {
            return;
        };
        // Puppet compares with `start_with?`, in lower case: in `mymod/manifests/init.pp`
        // any name starting with `mymod` is accepted.
        if name.to_ascii_lowercase().starts_with(&namespace) {
            return;
        }
        cx.report(
            Diagnostic::new(
                definition_span(expr),
                format!(
                    "Unacceptable location. The name '{name}' is unacceptable in file '{}'",
                    cx.file.path
                ),
            )
            .with_help(format!(
                "Puppet loads `{namespace}` from this file: rename the definition to `{namespace}` (or a name below it), or move it to the file its name says"
            )),
        );
    }
}
