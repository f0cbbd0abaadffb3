//! The namespace a module file's definitions must be in, from the file's path.

use std::path::Path;

use crate::eval::probes::Probes;

/// The namespace that the definitions of the manifest at `path` must be in when Puppet
/// loads it from a module (`mymod/manifests/sub/file.pp` → `mymod::sub::file`,
/// `mymod/manifests/init.pp` → `mymod`; also `functions/`, `types/` and `plans/`), in
/// lower case as Puppet compares it. `None` when the path is not in a module.
///
/// Puppet only checks this for files below the configured module path, which rein does not
/// know, so the module is taken from the path: the directory above `manifests` (or
/// `functions`, `types`, `plans`), when it is in a directory named `modules`, `site`,
/// `site-modules` or `dist` or has a `metadata.json`. A checkout named `owner-name` or
/// `puppet-name` stands for module `name`; a directory that is not a valid module name after
/// that is not a module, nor is an environment or control repository (`environment.conf` or
/// `Puppetfile` next to `manifests`, or a parent directory named `environments`), nor a
/// `site.pp`, nor the test manifests of `spec/fixtures/manifests`. Whether a file exists,
/// and the current directory, are asked through the run's `probes`.
pub fn module_namespace(path: &str, probes: &Probes) -> Option<String> {
    let exists = |p: &Path| probes.exists(p);
    let (root, parts) = absolute_parts(path, probes);
    let (last, _) = parts.split_last()?;
    let stem = last.strip_suffix(".pp")?;
    let m = parts.iter().rposition(|p| p == "manifests").or_else(|| {
        parts
            .iter()
            .rposition(|p| matches!(p.as_str(), "functions" | "types" | "plans"))
    })?;
    let module_dir = parts.get(m.checked_sub(1)?)?;
    let sub = parts.get(m + 1..parts.len().checked_sub(1)?)?;
    if m >= 2
        && parts
            .get(m - 2)
            .is_some_and(|p| p == "environments" || p == "spec")
    {
        return None;
    }
    if sub.is_empty() && stem == "site" && parts.get(m).is_some_and(|p| p == "manifests") {
        return None;
    }
    let module = module_name(module_dir)?;
    let mut dir = root;
    for c in parts.get(..m)? {
        dir.push(c);
    }
    if exists(&dir.join("environment.conf")) || exists(&dir.join("Puppetfile")) {
        return None;
    }
    // A directory of manifests applied with `puppet apply` looks like a module too; ask for
    // evidence that this one is: a module path directory above it, or a `metadata.json`.
    let in_module_path = m >= 2
        && parts
            .get(m - 2)
            .is_some_and(|p| matches!(p.as_str(), "modules" | "site" | "site-modules" | "dist"));
    if !in_module_path && !exists(&dir.join("metadata.json")) {
        return None;
    }
    let mut names = vec![module];
    names.extend(sub.iter().map(|s| s.to_ascii_lowercase()));
    if !(sub.is_empty() && stem.eq_ignore_ascii_case("init")) {
        names.push(stem.to_ascii_lowercase());
    }
    Some(names.join("::"))
}

/// `path` split into its root and its names, with `.` and `..` resolved textually (symbolic
/// links are kept: Puppet sees a module under the name of its directory in the module
/// path). A relative path is first made absolute against the current directory, so that the
/// module is found whatever directory rein runs in (`init.pp` checked from a module's
/// `manifests` directory, as an editor does, or `manifests/init.pp` from the module's).
fn absolute_parts(path: &str, probes: &Probes) -> (std::path::PathBuf, Vec<String>) {
    let given = std::path::Path::new(path);
    match probes.current_dir() {
        Some(cwd) if given.is_relative() => lexical_parts(&cwd.join(given)),
        _ => lexical_parts(given),
    }
}

/// The root and names of `path` with `.` and `..` resolved, and whether a `..` went above
/// its start.
fn lexical_parts(path: &std::path::Path) -> (std::path::PathBuf, Vec<String>) {
    use std::path::{Component, PathBuf};
    let mut root = PathBuf::new();
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            Component::Prefix(_) | Component::RootDir => root.push(c.as_os_str()),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop();
            }
            Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
        }
    }
    (root, parts)
}

/// The module a directory stands for: its name, or `name` for `owner-name`, when that is a
/// valid module name (`[a-z][a-z0-9_]*`, compared in lower case as Puppet does).
fn module_name(dir: &str) -> Option<String> {
    let name = dir.split_once('-').map_or(dir, |(_, n)| n);
    let name = name.to_ascii_lowercase();
    let mut chars = name.chars();
    let ok = chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    ok.then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_namespaces() {
        let probes = Probes::default();
        let ns = |p: &str| module_namespace(p, &probes);
        assert_eq!(
            ns("x/modules/mymod/manifests/init.pp").as_deref(),
            Some("mymod")
        );
        assert_eq!(
            ns("site/mymod/manifests/a/b.pp").as_deref(),
            Some("mymod::a::b")
        );
        assert_eq!(
            ns("/m/modules/Mx/manifests/init/x.pp").as_deref(),
            Some("mx::init::x")
        );
        assert_eq!(
            ns("modules/puppetlabs-ntp/manifests/init.pp").as_deref(),
            Some("ntp")
        );
        assert_eq!(ns("dist/m/functions/f.pp").as_deref(), Some("m::f"));
        assert_eq!(ns("modules/heini-wait-for/manifests/init.pp"), None);
        assert_eq!(ns("modules/control/manifests/site.pp"), None);
        assert_eq!(ns("environments/production/manifests/a.pp"), None);
        assert_eq!(ns("modules/m/examples/init.pp"), None);
        assert_eq!(ns("modules/m/spec/fixtures/manifests/end_to_end.pp"), None);
        assert_eq!(
            ns("m/spec/fixtures/modules/demo/manifests/init.pp").as_deref(),
            Some("demo")
        );
        // No evidence of a module: a directory of manifests for `puppet apply`.
        assert_eq!(ns("home/puppet/manifests/nodes.pp"), None);
        assert_eq!(ns("site.pp"), None);
        assert_eq!(ns("a/b.pp"), None);
        assert_eq!(ns("/manifests/init.pp"), None);
        assert_eq!(
            ns("/x/modules/m/manifests/../manifests/./a.pp").as_deref(),
            Some("m::a")
        );
        // A module with a metadata.json, checked from its directory (the crate has one
        // when its directory is a module; here it has none, so there is no namespace).
        assert_eq!(ns("manifests/init.pp"), None);
    }
}
