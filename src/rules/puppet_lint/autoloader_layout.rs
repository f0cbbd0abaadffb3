//! `autoloader_layout` (puppet-lint): a class or defined type that is not in the file where
//! Puppet's autoloader looks for it (`<module>/manifests/<path>.pp`, `init.pp` for the
//! module's main class).

use crate::rules::class_or_define::definition;
use crate::rules::context::ModuleLayout;
use crate::rules::{
    Category, Context, Diagnostic, FixKind, Level, NodeKind, OptionKind, Rule, RuleMeta, RuleOption,
};
use crate::syntax::Expr;

pub struct AutoloaderLayout;

static META: RuleMeta = RuleMeta {
    name: "autoloader_layout",
    level: Level::Error,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: Some("autoloader_layout"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A class or defined type that is not in the file the autoloader looks in.",
    doc: include_str!("../../../rules/autoloader_layout.md"),
    kinds: &[NodeKind::Class, NodeKind::Define],
    options: &[RuleOption {
        name: "relative",
        kind: OptionKind::Bool,
        default: "false",
        doc: "Compare only the path below the module directory (`manifests/...`), so the \
              module directory may have any name (puppet-lint's `--relative`).",
    }],
};

/// Whether a definition named `name` is where the autoloader looks for it in a file with
/// `layout`; with `relative`, the module directory's name is not compared.
fn in_layout(name: &str, layout: &ModuleLayout, relative: bool) -> bool {
    let mut parts = name.split("::");
    let module = parts.next().unwrap_or("");
    let mut rest: Vec<&str> = parts.collect();
    if rest.is_empty() {
        rest.push("init");
    }
    // The directory must be named as the module: Puppet does not load the module `ntp` from
    // `puppetlabs-ntp/` (a checkout named so needs `relative`, as with puppet-lint).
    let dir_is_module = layout.module == module;
    (relative || dir_is_module)
        && layout.sub_path.len() == rest.len()
        && layout.sub_path.iter().zip(&rest).all(|(a, b)| a == b)
}

/// The current directory as the shell names it: `$PWD` when it is the current directory
/// (it keeps the names of symbolic links such as `/etc/puppet/code/modules/ntp`, as
/// puppet-lint uses it), else the operating system's current directory.
fn current_dir() -> Option<std::path::PathBuf> {
    let real = std::env::current_dir().ok()?;
    match std::env::var_os("PWD").map(std::path::PathBuf::from) {
        Some(p) if p.is_absolute() && std::fs::canonicalize(&p).ok().as_ref() == Some(&real) => {
            Some(p)
        }
        _ => Some(real),
    }
}

/// `path` made absolute: a relative path is taken from [`current_dir`], and `.` and `..`
/// are resolved lexically.
fn absolute(path: &str) -> Option<String> {
    use std::path::{Component, Path, PathBuf};
    let p = Path::new(path);
    let joined = if p.is_absolute() {
        p.to_path_buf()
    } else {
        current_dir()?.join(p)
    };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    Some(out.to_string_lossy().into_owned())
}

impl Rule for AutoloaderLayout {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some(def) = definition(expr) else { return };
        let relative = cx.option_bool("relative").unwrap_or(false);
        let path = cx.file.path;
        if path.is_empty() || path == "-" {
            return;
        }
        let layout = cx
            .module_layout()
            .filter(|l| l.module != "." && l.module != "..")
            .cloned()
            .or_else(|| absolute(path).and_then(|p| ModuleLayout::of(&p)));
        // A file outside a `manifests` directory (`site.pp`, an example) is not autoloaded:
        // where its definitions should be is unknown.
        let Some(layout) = layout else { return };
        if in_layout(def.name, &layout, relative) {
            return;
        }
        cx.report(
            Diagnostic::new(
                def.name_span,
                format!("{} not in autoload module layout", def.name),
            )
            .with_help(
                "put each class or defined type `mod::a::b` in `mod/manifests/a/b.pp` \
                 (the class `mod` in `mod/manifests/init.pp`)",
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::findings_at;

    #[test]
    fn module_class_belongs_in_init_pp() {
        let src = "class ntp {\n}\n";
        assert!(findings_at("autoloader_layout", "m/ntp/manifests/init.pp", src).is_empty());
        assert_eq!(
            findings_at("autoloader_layout", "m/ntp/manifests/foo.pp", src),
            vec!["1:7 ntp not in autoload module layout"]
        );
        assert_eq!(
            findings_at("autoloader_layout", "m/other/manifests/init.pp", src),
            vec!["1:7 ntp not in autoload module layout"]
        );
    }

    #[test]
    fn sub_classes_and_defines_follow_their_names() {
        let src = "define ntp::a::b (\n) {\n}\n";
        assert!(findings_at("autoloader_layout", "/x/ntp/manifests/a/b.pp", src).is_empty());
        assert_eq!(
            findings_at("autoloader_layout", "/x/ntp/manifests/a.pp", src),
            vec!["1:8 ntp::a::b not in autoload module layout"]
        );
        // `ntp::init` is looked for in init.pp too (as puppet-lint does).
        assert!(findings_at(
            "autoloader_layout",
            "ntp/manifests/init.pp",
            "class ntp::init {}\n"
        )
        .is_empty());
    }

    #[test]
    fn nested_classes_use_their_full_name() {
        let src = "class ntp {\n  class inner {}\n}\n";
        assert_eq!(
            findings_at("autoloader_layout", "ntp/manifests/init.pp", src),
            vec!["2:9 ntp::inner not in autoload module layout"]
        );
    }

    #[test]
    fn a_file_outside_manifests_is_not_checked() {
        assert!(findings_at("autoloader_layout", "site.pp", "class ntp {}\n").is_empty());
        assert!(
            findings_at("autoloader_layout", "/x/examples/init.pp", "class ntp {}\n").is_empty()
        );
    }

    #[test]
    fn relative_ignores_the_module_directory_name() {
        let parsed = crate::syntax::parse("class ntp::server {}\n");
        let mut options = toml::Table::new();
        options.insert("relative".into(), toml::Value::Boolean(true));
        let rule = crate::rules::registry::find("autoloader_layout").unwrap();
        let rules =
            crate::rules::engine::RuleSet::new(vec![(rule, crate::rules::Level::Error, options)]);
        let found =
            crate::rules::engine::check_file("puppet-ntp/manifests/server.pp", &parsed, &rules);
        assert!(found.is_empty(), "{found:?}");
        let found =
            crate::rules::engine::check_file("puppet-ntp/manifests/client.pp", &parsed, &rules);
        assert_eq!(found.len(), 1);
    }

    #[test]
    fn an_owner_prefixed_module_directory_is_not_the_module() {
        // Puppet only loads `ntp` from a directory named `ntp`; puppet-lint agrees.
        let src = "class ntp::server {}\n";
        assert_eq!(
            findings_at(
                "autoloader_layout",
                "puppetlabs-ntp/manifests/server.pp",
                src
            ),
            vec!["1:7 ntp::server not in autoload module layout"]
        );
        assert_eq!(
            findings_at("autoloader_layout", "/m/saz-ntp/manifests/server.pp", src),
            vec!["1:7 ntp::server not in autoload module layout"]
        );
        assert!(findings_at("autoloader_layout", "/m/ntp/manifests/server.pp", src).is_empty());
    }

    #[test]
    fn dot_components_are_resolved() {
        let src = "class ntp::server {}\n";
        assert!(findings_at(
            "autoloader_layout",
            "/m/ntp/./manifests/../manifests/server.pp",
            src
        )
        .is_empty());
        assert_eq!(
            super::absolute("/a/./b/../c.pp").as_deref(),
            Some("/a/c.pp")
        );
    }
}
