//! `hiera_unknown_key`: a key of Hiera data that names a class parameter
//! (`module::class::param`) of a module on the module path, where the module has no such
//! class, or the class no such parameter: automatic parameter lookup never reads it.
//! Keys the module's code reads itself (`lookup('module::key')`: the key's text appears in
//! one of its manifests) are left alone.

use std::path::Path;

use super::class_params::{layer_modules, resolve, Resolved};
use crate::rules::yaml_context::{YamlContext, YamlKind};
use crate::rules::{Category, Diagnostic, FixKind, Level, Rule, RuleMeta};

pub struct HieraUnknownKey;

static META: RuleMeta = RuleMeta {
    name: "hiera_unknown_key",
    level: Level::Warning,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "A Hiera key for a class parameter that the class, or the module, does not have.",
    doc: include_str!("../../../rules/hiera_unknown_key.md"),
    kinds: &[],
    options: &[],
};

impl Rule for HieraUnknownKey {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        let (YamlKind::HieraData { config }, Some(project)) = (cx.kind, cx.project) else {
            return;
        };
        let Some(root) = cx.file.root().and_then(|r| r.as_map()) else {
            return;
        };
        let modules = layer_modules(config.parent().unwrap_or(Path::new("")), project, cx.path);
        let mut found = Vec::new();
        for e in root {
            let Some(key) = e.key.as_string() else {
                continue;
            };
            if key == "lookup_options" {
                continue;
            }
            if let Resolved::Missing { message, help } = resolve(&modules, key) {
                let mut d = Diagnostic::new(e.key.span, message);
                if let Some(h) = help {
                    d = d.with_help(h);
                }
                found.push(d);
            }
        }
        for d in found {
            cx.report(d);
        }
    }
}
