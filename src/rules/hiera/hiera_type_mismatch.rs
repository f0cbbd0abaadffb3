//! `hiera_type_mismatch`: a Hiera value for a class parameter (`module::class::param`)
//! that the parameter's type rejects. The class is declared with the value by rein's
//! evaluator (`class { 'module::class': param => VALUE }`, the value as Psych reads the
//! YAML), which reports what Puppet would at catalog compilation.

use std::path::Path;

use super::class_params::{layer_modules, resolve, Resolved};
use super::puppet_value::puppet_literal;
use crate::eval::evaluator::{evaluate, Options};
use crate::rules::facter::is_fact;
use crate::rules::yaml_context::{YamlContext, YamlKind};
use crate::rules::{Category, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::yaml::Node;

pub struct HieraTypeMismatch;

static META: RuleMeta = RuleMeta {
    name: "hiera_type_mismatch",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "A Hiera value for a class parameter that the parameter's type rejects.",
    doc: include_str!("../../../rules/hiera_type_mismatch.md"),
    kinds: &[],
    options: &[],
};

impl Rule for HieraTypeMismatch {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        let (YamlKind::HieraData { config }, Some(project)) = (cx.kind, cx.project) else {
            return;
        };
        let Some(root) = cx.file.root() else {
            return;
        };
        let modules = layer_modules(config.parent().unwrap_or(Path::new("")), project, cx.path);
        let converted = converted_keys(root);
        let mut found = Vec::new();
        for e in root.as_map().unwrap_or(&[]) {
            let Some(key) = e.key.as_string() else {
                continue;
            };
            if converted.iter().any(|c| c == key) {
                continue;
            }
            let Resolved::Param { class, param, .. } = resolve(&modules, key) else {
                continue;
            };
            let Some(value) = puppet_literal(&e.value) else {
                continue;
            };
            let head = format!("class {{ '{class}':\n  {param} => ");
            let source = format!("{head}{value},\n}}\n");
            let program = crate::syntax::parse(&source);
            if program.has_errors() {
                continue;
            }
            let options = Options {
                project,
                module_path: &modules,
                is_fact: &is_fact,
            };
            // The attribute `param => VALUE`, where the evaluator reports a mismatch.
            let attribute = head.len() - param.len() - 4..head.len() + value.len();
            let mismatch = evaluate(&program.program, &options).into_iter().find(|f| {
                f.rule == "type_mismatch"
                    && !f.warning
                    && attribute.contains(&f.span.start())
                    && f.message.contains(&format!("parameter '{param}'"))
            });
            if let Some(f) = mismatch {
                found.push(Diagnostic::new(e.value.span, f.message));
            }
        }
        for d in found {
            cx.report(d);
        }
    }
}

/// The keys whose `lookup_options` convert their values (`convert_to`): their type is not
/// the YAML's.
fn converted_keys(root: &Node) -> Vec<String> {
    root.get("lookup_options")
        .and_then(Node::as_map)
        .unwrap_or(&[])
        .iter()
        .filter(|e| e.value.get("convert_to").is_some())
        .filter_map(|e| e.key.as_str().map(str::to_string))
        .collect()
}
