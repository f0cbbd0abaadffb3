//! `hiera_lookup_options`: the `lookup_options` of Hiera data: a mapping of keys (or
//! regexps, `^...`) to options `merge` (a strategy `first`, `unique`, `hash`, `deep`, or a
//! mapping with `strategy` and, for `deep`, its options) and `convert_to`; a key naming a
//! class parameter that does not exist.

use std::path::Path;

use super::class_params::{layer_modules, resolve, Resolved};
use crate::rules::yaml_context::{YamlContext, YamlKind};
use crate::rules::{Category, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::suggest::closest;
use crate::syntax::yaml::Node;

pub struct HieraLookupOptions;

static META: RuleMeta = RuleMeta {
    name: "hiera_lookup_options",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "`lookup_options` with an unknown option or merge strategy, or for a parameter that does not exist.",
    doc: include_str!("../../../rules/hiera_lookup_options.md"),
    kinds: &[],
    options: &[],
};

const OPTIONS: &[&str] = &["merge", "convert_to"];
const STRATEGIES: &[&str] = &["first", "unique", "hash", "deep"];
const DEEP_OPTIONS: &[&str] = &[
    "strategy",
    "knockout_prefix",
    "sort_merged_arrays",
    "merge_hash_arrays",
];

impl Rule for HieraLookupOptions {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        let YamlKind::HieraData { config } = cx.kind else {
            return;
        };
        let Some(options) = cx.file.root().and_then(|r| r.get("lookup_options")) else {
            return;
        };
        let mut found = Vec::new();
        let Some(entries) = options.as_map() else {
            found.push(Diagnostic::new(
                options.span,
                format!(
                    "`lookup_options` must be a mapping of keys to options, not {}",
                    options.describe()
                ),
            ));
            return report(cx, found);
        };
        let modules = cx
            .project
            .map(|p| layer_modules(config.parent().unwrap_or(Path::new("")), p, cx.path));
        for e in entries {
            let key = e.key.as_str().unwrap_or("");
            if let (Some(m), false) = (&modules, key.starts_with('^')) {
                if let Resolved::Missing { message, help } = resolve(m, key) {
                    let mut d = Diagnostic::new(
                        e.key.span,
                        format!("lookup_options for '{key}': {message}"),
                    );
                    if let Some(h) = help {
                        d = d.with_help(h);
                    }
                    found.push(d);
                }
            }
            let Some(opts) = e.value.as_map() else {
                found.push(Diagnostic::new(
                    e.value.span,
                    format!(
                        "the options of '{key}' must be a mapping, not {}",
                        e.value.describe()
                    ),
                ));
                continue;
            };
            for o in opts {
                let name = o.key.as_str().unwrap_or("");
                if !OPTIONS.contains(&name) {
                    found.push(unknown(&o.key, name, OPTIONS, "lookup option"));
                }
            }
            if let Some(merge) = e.value.get("merge") {
                check_merge(merge, &mut found);
            }
        }
        report(cx, found);
    }
}

fn report(cx: &mut YamlContext<'_>, found: Vec<Diagnostic>) {
    for d in found {
        cx.report(d);
    }
}

/// `merge: STRATEGY` or `merge: {strategy: STRATEGY, ...options}`.
fn check_merge(merge: &Node, found: &mut Vec<Diagnostic>) {
    let strategy = match merge.as_map() {
        Some(m) => {
            for o in m {
                let name = o.key.as_str().unwrap_or("");
                if !DEEP_OPTIONS.contains(&name) {
                    found.push(unknown(&o.key, name, DEEP_OPTIONS, "merge option"));
                }
            }
            match merge.get("strategy") {
                Some(s) => s,
                None => {
                    found.push(Diagnostic::new(
                        merge.span,
                        "a merge given as a mapping needs a `strategy`",
                    ));
                    return;
                }
            }
        }
        None => merge,
    };
    match strategy.as_string() {
        Some(s) if STRATEGIES.contains(&s) => {
            let options = merge.as_map().map_or(0, |m| m.len().saturating_sub(1));
            if s != "deep" && options > 0 {
                found.push(Diagnostic::new(
                    merge.span,
                    format!("the `{s}` merge takes no options (only `deep` does)"),
                ));
            }
        }
        Some(s) => found.push(unknown(strategy, s, STRATEGIES, "merge strategy")),
        None => found.push(Diagnostic::new(
            strategy.span,
            format!("a merge strategy is a string, not {}", strategy.describe()),
        )),
    }
}

fn unknown(node: &Node, name: &str, known: &[&str], what: &str) -> Diagnostic {
    let d = Diagnostic::new(node.span, format!("unknown {what} '{name}'"));
    match closest(name, known.iter().copied()) {
        Some(c) => d.with_help(format!("did you mean `{c}`?")),
        None => d.with_help(format!("one of {}", known.join(", "))),
    }
}
