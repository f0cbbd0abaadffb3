//! Hiera keys and the classes they set parameters of: where a Hiera layer finds classes
//! (its own module, its environment's module path, `--modulepath`), and what a key
//! `module::class::param` names there ([`resolve`]). What is read for a data file is
//! recorded in the run's log of that file (when the run keeps one: the cache's).

use std::path::Path;
use std::sync::Arc;

use crate::eval::loader::{
    environment_modulepath, find_class, is_environment, module_name, ModulePath,
};
use crate::eval::module_store::Loaded;
use crate::eval::project::Project;
use crate::eval::reads::Read;
use crate::syntax::suggest::closest;

/// What a data key names.
pub enum Resolved {
    /// Parameter `param` of class `class`, defined in `file`.
    Param {
        class: String,
        param: String,
        file: Arc<Loaded>,
    },
    /// A module on the module path without the class, or a class without the parameter:
    /// the message and a did-you-mean.
    Missing {
        message: String,
        help: Option<String>,
    },
    /// Not a class parameter key, or one rein cannot check (the module is not on the module
    /// path, its manifest does not parse, its code reads the key itself).
    Unknown,
}

/// What `key` names on `modules`.
pub fn resolve(modules: &ModulePath, key: &str) -> Resolved {
    if key.contains("%{") {
        return Resolved::Unknown;
    }
    let Some((class, param)) = key.rsplit_once("::") else {
        return Resolved::Unknown;
    };
    let class = class.trim_start_matches("::").to_ascii_lowercase();
    let module = class.split("::").next().unwrap_or("");
    let (Some(module_root), Some(file)) = (modules.module(module), modules.manifest_for(&class))
    else {
        return Resolved::Unknown;
    };
    let exists = modules.is_file(&file);
    let loaded = exists.then(|| modules.load(&file)).flatten();
    let def = loaded
        .as_ref()
        .and_then(|l| find_class(l.program(), &class));
    let missing = match (def, &loaded) {
        (Some(def), Some(loaded)) => {
            if def.params.iter().any(|p| p.name.name == param) {
                return Resolved::Param {
                    class,
                    param: param.to_string(),
                    file: loaded.clone(),
                };
            }
            let help = closest(param, def.params.iter().map(|p| p.name.name.as_str()))
                .map(|c| format!("did you mean `{class}::{c}`?"));
            Resolved::Missing {
                message: format!("class '{class}' has no parameter '{param}'"),
                help,
            }
        }
        (None, Some(_)) | (None, None) if loaded.is_some() || !exists => {
            let names = modules.manifest_names(module);
            let help = closest(&class, names.iter().map(String::as_str))
                .map(|c| format!("did you mean `{c}::{param}`?"));
            Resolved::Missing {
                message: format!("module '{module}' has no class '{class}'"),
                help,
            }
        }
        _ => return Resolved::Unknown,
    };
    if read_by_code(&module_root, key, modules) {
        return Resolved::Unknown;
    }
    missing
}

/// Where the Hiera layer at `layer` finds classes: a module layer its own module (and the
/// run's `--modulepath`), an environment layer its module path (`environment.conf`'s, else
/// `site` and `modules`), or the run's `--modulepath`; what is read through it is recorded
/// as read for the data file `file`.
pub fn layer_modules(layer: &Path, project: &Project, file: &Path) -> ModulePath {
    let dir = if layer.as_os_str().is_empty() {
        Path::new(".")
    } else {
        layer
    };
    let store = project.store.clone();
    let probes = &project.probes;
    let own = (probes.is_dir(&dir.join("manifests")) || dir.join("metadata.json").is_file())
        .then(|| probes.canonical(dir))
        .flatten()
        .and_then(|c| Some((module_name(&c)?, dir.to_path_buf())));
    let environment = is_environment(dir, &store, &project.probes);
    let own = own.filter(|_| !environment);
    let dirs = if !project.modulepath.is_empty() {
        project.modulepath.clone()
    } else if environment {
        environment_modulepath(dir, project.allow_outside_modulepath)
    } else {
        Vec::new()
    };
    let log = project.reads.as_ref().and_then(|r| r.log_for(file));
    if let Some(log) = &log {
        // The layer's layout is in the cache's key; its module path is read here.
        log.record(Read::File(dir.join("environment.conf")));
    }
    ModulePath::new(dirs, own, store).recording(log)
}

/// Whether the text `key` appears in a manifest of the module at `root` (a `lookup()`
/// of it, a `hiera()` call...); each manifest read is recorded as read through `modules`.
fn read_by_code(root: &Path, key: &str, modules: &ModulePath) -> bool {
    let quoted = [format!("'{key}'"), format!("\"{key}\"")];
    walk_pp(&root.join("manifests"), &mut |path, text| {
        modules.note(Read::File(path.to_path_buf()));
        quoted.iter().any(|q| text.contains(q.as_str()))
    })
}

fn walk_pp(dir: &Path, f: &mut impl FnMut(&Path, &str) -> bool) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    for e in entries.flatten() {
        let p = e.path();
        // Links to directories are not followed: a link back up would loop.
        if e.file_type().is_ok_and(|t| t.is_dir()) {
            if walk_pp(&p, f) {
                return true;
            }
        } else if p.extension().is_some_and(|x| x == "pp")
            && std::fs::read_to_string(&p).is_ok_and(|t| f(&p, &t))
        {
            return true;
        }
    }
    false
}
