//! `hiera_unknown_key`: a key of Hiera data that names a class parameter
//! (`module::class::param`) of a module on the module path, where the module has no such
//! class, or the class no such parameter: automatic parameter lookup never reads it.
//! Keys the module's code reads itself (`lookup('module::key')`: the key's text appears in
//! one of its manifests) are left alone.

use std::path::Path;

use crate::eval::loader::{
    environment_modulepath, find_class, is_environment, module_name, ModulePath,
};
use crate::eval::project::Project;
use crate::rules::yaml_context::{YamlContext, YamlKind};
use crate::rules::{Category, Diagnostic, FixKind, Level, Rule, RuleMeta};
use crate::syntax::suggest::closest;

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
        let modules = layer_modules(config.parent().unwrap_or(Path::new("")), project);
        let mut found = Vec::new();
        for e in root {
            let Some(key) = e.key.as_string() else {
                continue;
            };
            if key == "lookup_options" || key.contains("%{") {
                continue;
            }
            let Some((class, param)) = key.rsplit_once("::") else {
                continue;
            };
            let class = class.trim_start_matches("::").to_ascii_lowercase();
            let module = class.split("::").next().unwrap_or("");
            let Some(module_root) = modules.module(module) else {
                continue;
            };
            let Some(file) = modules.manifest_for(&class) else {
                continue;
            };
            let loaded = modules
                .is_file(&file)
                .then(|| modules.load(&file))
                .flatten();
            let def = loaded.as_ref().and_then(|l| find_class(&l.program, &class));
            let message = match def {
                Some(def) => {
                    if def.params.iter().any(|p| p.name.name == param) {
                        continue;
                    }
                    let mut d = Diagnostic::new(
                        e.key.span,
                        format!("class '{class}' has no parameter '{param}'"),
                    );
                    if let Some(c) = closest(param, def.params.iter().map(|p| p.name.name.as_str()))
                    {
                        d = d.with_help(format!("did you mean `{class}::{c}`?"));
                    }
                    d
                }
                None if loaded.is_some() || !modules.is_file(&file) => {
                    let mut d = Diagnostic::new(
                        e.key.span,
                        format!("module '{module}' has no class '{class}'"),
                    );
                    let names = modules.manifest_names(module);
                    if let Some(c) = closest(&class, names.iter().map(String::as_str)) {
                        d = d.with_help(format!("did you mean `{c}::{param}`?"));
                    }
                    d
                }
                None => continue,
            };
            if read_by_code(&module_root, key) {
                continue;
            }
            found.push(message);
        }
        for d in found {
            cx.report(d);
        }
    }
}

/// Where the Hiera layer at `layer` finds classes: a module layer its own module (and the
/// run's `--modulepath`), an environment layer its module path (`environment.conf`'s, else
/// `site` and `modules`), or the run's `--modulepath`.
fn layer_modules(layer: &Path, project: &Project) -> ModulePath {
    let dir = if layer.as_os_str().is_empty() {
        Path::new(".")
    } else {
        layer
    };
    let store = project.store.clone();
    let own = (dir.join("manifests").is_dir() || dir.join("metadata.json").is_file())
        .then(|| dir.canonicalize().ok())
        .flatten()
        .and_then(|c| Some((module_name(&c)?, dir.to_path_buf())));
    let environment = is_environment(dir, &store);
    let own = own.filter(|_| !environment);
    let dirs = if !project.modulepath.is_empty() {
        project.modulepath.clone()
    } else if environment {
        environment_modulepath(dir)
    } else {
        Vec::new()
    };
    ModulePath::new(dirs, own, store)
}

/// Whether the text `key` appears in a manifest of the module at `root` (a `lookup()`
/// of it, a `hiera()` call...).
fn read_by_code(root: &Path, key: &str) -> bool {
    let quoted = [format!("'{key}'"), format!("\"{key}\"")];
    walk_pp(&root.join("manifests"), &mut |text| {
        quoted.iter().any(|q| text.contains(q.as_str()))
    })
}

fn walk_pp(dir: &Path, f: &mut impl FnMut(&str) -> bool) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if walk_pp(&p, f) {
                return true;
            }
        } else if p.extension().is_some_and(|x| x == "pp")
            && std::fs::read_to_string(&p).is_ok_and(|t| f(&t))
        {
            return true;
        }
    }
    false
}
