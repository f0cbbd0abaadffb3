//! `hiera_config`: a `hiera.yaml` that Hiera 5 rejects or misreads: the version, the keys
//! of the top level, of `defaults` and of each hierarchy level (unknown ones with the
//! closest known name), their value types, a level without a name or with a name used
//! before, more than one backend or more than one kind of location in a level, a level
//! with no backend of its own or in `defaults`, a misspelt built-in backend.

use std::path::Path;

use crate::rules::yaml_context::{YamlContext, YamlKind};
use crate::rules::{Category, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::suggest::closest;
use crate::syntax::yaml::{Node, NodeKind};

pub struct HieraConfig;

static META: RuleMeta = RuleMeta {
    name: "hiera_config",
    level: Level::Error,
    category: Category::Validation,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary:
        "A hiera.yaml that Hiera 5 rejects: version, unknown keys, levels, backends, locations.",
    doc: include_str!("../../../rules/hiera_config.md"),
    kinds: &[],
    options: &[],
};

const TOP: &[&str] = &[
    "version",
    "defaults",
    "hierarchy",
    "default_hierarchy",
    "plan_hierarchy",
];
const BACKENDS: &[&str] = &["data_hash", "lookup_key", "data_dig", "hiera3_backend"];
const LOCATIONS: &[&str] = &[
    "path",
    "paths",
    "glob",
    "globs",
    "uri",
    "uris",
    "mapped_paths",
];
const DEFAULTS: &[&str] = &[
    "datadir",
    "options",
    "data_hash",
    "lookup_key",
    "data_dig",
    "hiera3_backend",
];
/// Hiera's built-in backend functions (and hiera-eyaml's, which Puppet ships).
const BUILT_IN: &[&str] = &["yaml_data", "json_data", "hocon_data", "eyaml_lookup_key"];

impl Rule for HieraConfig {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        if *cx.kind != YamlKind::HieraConfig {
            return;
        }
        let Some(root) = cx.file.root() else {
            return;
        };
        // A Hiera 3 file outside a module or environment is a global configuration (the
        // `hiera_config` setting), which Puppet 7 still reads: not this rule's business.
        let dir = cx.path.parent().unwrap_or(Path::new("."));
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        let layer = ["manifests", "metadata.json", "environment.conf"]
            .iter()
            .any(|n| dir.join(n).exists());
        if root.get("version").is_none() && !layer {
            return;
        }
        let mut out = Vec::new();
        check(root, &mut out);
        for d in out {
            cx.report(d);
        }
    }
}

fn check(root: &Node, out: &mut Vec<Diagnostic>) {
    let Some(entries) = root.as_map() else {
        out.push(Diagnostic::new(
            root.span,
            format!("hiera.yaml must be a mapping, not {}", root.describe()),
        ));
        return;
    };
    match root.get("version") {
        None => {
            let hiera3 = entries
                .iter()
                .any(|e| e.key.as_str().is_some_and(|k| k.starts_with(':')));
            let span = entries.first().map_or(root.span, |e| e.key.span);
            let message = if hiera3 {
                "a Hiera 3 configuration: modules and environments need `version: 5`"
            } else {
                "no `version`: a Hiera 5 configuration starts with `version: 5`"
            };
            out.push(Diagnostic::new(span, message));
            return;
        }
        Some(v) if v.as_str() != Some("5") => {
            out.push(Diagnostic::new(
                v.span,
                format!(
                    "unsupported version '{}': Hiera 5 needs `version: 5`",
                    v.as_str().unwrap_or("?")
                ),
            ));
        }
        Some(_) => {}
    }
    unknown_keys(root, TOP, "hiera.yaml", out);
    let defaults = root.get("defaults");
    if let Some(d) = defaults {
        if d.as_map().is_none() && !d.is_null() {
            out.push(Diagnostic::new(
                d.span,
                format!("`defaults` must be a mapping, not {}", d.describe()),
            ));
        } else {
            unknown_keys(d, DEFAULTS, "defaults", out);
            backends(d, out);
            typed(d, "datadir", out);
        }
    }
    let default_backend = defaults.is_some_and(|d| BACKENDS.iter().any(|b| d.get(b).is_some()));
    for key in ["hierarchy", "default_hierarchy", "plan_hierarchy"] {
        let Some(h) = root.get(key) else { continue };
        let Some(levels) = h.as_seq() else {
            if !h.is_null() {
                out.push(Diagnostic::new(
                    h.span,
                    format!("`{key}` must be a sequence of levels, not {}", h.describe()),
                ));
            }
            continue;
        };
        let mut names: Vec<(&str, &Node)> = Vec::new();
        for level in levels {
            check_level(level, key, default_backend, &mut names, out);
        }
    }
}

fn check_level<'a>(
    level: &'a Node,
    key: &str,
    default_backend: bool,
    names: &mut Vec<(&'a str, &'a Node)>,
    out: &mut Vec<Diagnostic>,
) {
    if level.as_map().is_none() {
        out.push(Diagnostic::new(
            level.span,
            format!(
                "a level of `{key}` must be a mapping, not {}",
                level.describe()
            ),
        ));
        return;
    }
    let mut allowed: Vec<&str> = vec!["name", "datadir", "options"];
    allowed.extend(BACKENDS);
    allowed.extend(LOCATIONS);
    unknown_keys(level, &allowed, "a hierarchy level", out);
    match level.get("name") {
        Some(n) => match n
            .as_str()
            .filter(|_| n.as_scalar().is_some() && !n.is_null())
        {
            Some(name) => {
                if let Some((_, first)) = names.iter().find(|(m, _)| *m == name) {
                    let _ = first;
                    out.push(Diagnostic::new(
                        n.span,
                        format!("the level name '{name}' is used by an earlier level of `{key}`"),
                    ));
                }
                names.push((name, n));
            }
            None => out.push(Diagnostic::new(
                n.span,
                format!("a level's `name` must be a string, not {}", n.describe()),
            )),
        },
        None => out.push(Diagnostic::new(
            level.span,
            "a hierarchy level without a `name`",
        )),
    }
    let given: Vec<&str> = BACKENDS
        .iter()
        .copied()
        .filter(|b| level.get(b).is_some())
        .collect();
    if given.len() > 1 {
        let e = level.entry(given[1]).map_or(level.span, |e| e.key.span);
        out.push(Diagnostic::new(
            e,
            format!(
                "a level has one backend: `{}` and `{}` are both given",
                given[0], given[1]
            ),
        ));
    }
    if given.is_empty() && !default_backend {
        let at = level.entry("name").map_or(level.span, |e| e.key.span);
        out.push(Diagnostic::new(at, "a level without a backend (`data_hash`, `lookup_key` or `data_dig`), and `defaults` gives none"));
    }
    backends(level, out);
    let locations: Vec<&str> = LOCATIONS
        .iter()
        .copied()
        .filter(|l| level.get(l).is_some())
        .collect();
    if locations.len() > 1 {
        let e = level.entry(locations[1]).map_or(level.span, |e| e.key.span);
        out.push(Diagnostic::new(
            e,
            format!(
                "a level has one kind of location: `{}` and `{}` are both given",
                locations[0], locations[1]
            ),
        ));
    }
    for l in ["path", "glob", "uri", "datadir"] {
        typed(level, l, out);
    }
    for l in ["paths", "globs", "uris"] {
        if let Some(v) = level.get(l) {
            match v.as_seq() {
                Some(items) => items
                    .iter()
                    .filter(|i| i.as_scalar().is_none() || i.is_null())
                    .for_each(|i| {
                        out.push(Diagnostic::new(
                            i.span,
                            format!("the items of `{l}` are strings, not {}", i.describe()),
                        ));
                    }),
                None => out.push(Diagnostic::new(
                    v.span,
                    format!("`{l}` must be a sequence of strings, not {}", v.describe()),
                )),
            }
        }
    }
    if let Some(m) = level.get("mapped_paths") {
        let ok = m.as_seq().is_some_and(|s| {
            s.len() == 3 && s.iter().all(|i| i.as_scalar().is_some() && !i.is_null())
        });
        if !ok {
            out.push(Diagnostic::new(
                m.span,
                "`mapped_paths` must be three strings: [variable, key, path]",
            ));
        }
    }
}

/// The keys of `map` that are not `allowed`, with the closest allowed name.
fn unknown_keys(map: &Node, allowed: &[&str], what: &str, out: &mut Vec<Diagnostic>) {
    for e in map.as_map().unwrap_or(&[]) {
        let Some(k) = e.key.as_str() else { continue };
        if !allowed.contains(&k) {
            let mut d = Diagnostic::new(e.key.span, format!("unknown key '{k}' in {what}"));
            if let Some(c) = closest(k, allowed.iter().copied()) {
                d = d.with_help(format!("did you mean `{c}`?"));
            }
            out.push(d);
        }
    }
}

/// A backend given as something other than a function name, or a misspelt built-in one.
fn backends(map: &Node, out: &mut Vec<Diagnostic>) {
    for b in BACKENDS {
        let Some(v) = map.get(b) else { continue };
        match v.as_string() {
            None => out.push(Diagnostic::new(
                v.span,
                format!("`{b}` names a function, not {}", v.describe()),
            )),
            Some(name) if !BUILT_IN.contains(&name) && !name.contains("::") => {
                if let Some(c) = closest(name, BUILT_IN.iter().copied()) {
                    out.push(
                        Diagnostic::new(v.span, format!("unknown backend function '{name}'"))
                            .with_help(format!("did you mean `{c}`?")),
                    );
                }
            }
            Some(_) => {}
        }
    }
}

/// `key` of `map`, when given, must be a string.
fn typed(map: &Node, key: &str, out: &mut Vec<Diagnostic>) {
    if let Some(v) = map.get(key) {
        if !matches!(v.kind, NodeKind::Scalar(_)) || v.is_null() {
            out.push(Diagnostic::new(
                v.span,
                format!("`{key}` must be a string, not {}", v.describe()),
            ));
        }
    }
}
