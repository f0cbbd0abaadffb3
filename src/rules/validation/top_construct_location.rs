//! `top_construct_location`: a statement other than a class, define, function or type
//! definition at the top level of a module file (ILLEGAL_TOP_CONSTRUCT_LOCATION). Puppet
//! would run it whenever the file is autoloaded, at an unpredictable time.

use super::labels::label;
use super::module_namespace::module_namespace;
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::ExprKind;

pub struct TopConstructLocation;

static META: RuleMeta = RuleMeta {
    name: "top_construct_location",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &["ILLEGAL_TOP_CONSTRUCT_LOCATION"],
    since: "0.1.0",
    summary: "A statement outside any definition at the top level of a module file.",
    doc: include_str!("../../../rules/top_construct_location.md"),
    kinds: &[],
    options: &[],
};

impl Rule for TopConstructLocation {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        if module_namespace(cx.file.path, &cx.project().probes).is_none() {
            return;
        }
        let program = cx.file.program;
        for stmt in &program.body {
            let ok = matches!(
                stmt.kind,
                ExprKind::Nop
                    | ExprKind::Class(_)
                    | ExprKind::Define(_)
                    | ExprKind::Function(_)
                    | ExprKind::Plan(_)
                    | ExprKind::TypeAlias(_)
                    | ExprKind::TypeMapping { .. }
                    | ExprKind::TypeDefinition(_)
            );
            if ok {
                continue;
            }
            let span = super::positions::puppet_span(cx.source(), stmt);
            cx.report(
                Diagnostic::new(
                    span,
                    format!(
                        "This {} is unacceptable as a top level construct in this location",
                        label(stmt)
                    ),
                )
                .with_help("a module file may only hold definitions at its top level: move this into the class or define, or into site.pp"),
            );
        }
    }
}
