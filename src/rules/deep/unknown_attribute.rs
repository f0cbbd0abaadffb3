//! `unknown_attribute`: an attribute a resource type does not have
//! (`file { '/x': bogus => 1 }`). Puppet's validator accepts it; applying the catalog fails
//! with "no parameter named 'bogus'". Core types (schemas in [`crate::eval::schema`]), the
//! closed custom types of the modules on the file's module path
//! ([`crate::eval::custom_types`]), the defined types of the run ([`crate::eval::project`])
//! or of the module path, and the parameters of classes declared with `class { }`.

use crate::eval::loader;
use crate::eval::project::Define;
use crate::eval::schema::{core_types, Attribute};
use crate::rules::resources::{attributes, type_name};
use crate::rules::{Category, Context, Diagnostic, FixKind, Level, NodeKind, Rule, RuleMeta};
use crate::syntax::suggest::closest;
use crate::syntax::{Expr, ExprKind, ResourceBody, ResourceExpr};

pub struct UnknownAttribute;

static META: RuleMeta = RuleMeta {
    name: "unknown_attribute",
    level: Level::Error,
    category: Category::Deep,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "An attribute that the resource type (or class) does not have.",
    doc: include_str!("../../../rules/unknown_attribute.md"),
    kinds: &[NodeKind::Resource],
    options: &[],
};

impl UnknownAttribute {
    /// A custom type of the file's own module (`lib/puppet/type/<ty>.rb` next to its
    /// `manifests`), when its attributes are all known.
    fn check_custom(&self, ty: &str, r: &ResourceExpr, cx: &mut Context<'_>) {
        let custom = cx.module_path().custom_type(ty);
        let Some(custom) = custom else {
            if ty == "class" {
                self.check_class(r, cx);
            } else {
                self.check_define(ty, r, cx);
            }
            return;
        };
        let metaparameters = &core_types().metaparameters;
        let on = format!("the `{ty}` type");
        let otherwise = format!("the type is defined in lib/puppet/type/{ty}.rb");
        let mut found = Vec::new();
        for body in &r.bodies {
            unknown_attributes(
                body,
                |n| is_metaparameter(n) || custom.takes(n) != Some(false),
                || {
                    custom
                        .attributes
                        .iter()
                        .chain(metaparameters)
                        .map(String::as_str)
                },
                (&on, &otherwise),
                &mut found,
            );
        }
        for d in found {
            cx.report(d);
        }
    }
}

impl UnknownAttribute {
    /// `class { 'name': ... }`: the parameters of a class of the file or the module path.
    fn check_class(&self, r: &ResourceExpr, cx: &mut Context<'_>) {
        let metaparameters = &core_types().metaparameters;
        let mut found = Vec::new();
        for body in &r.bodies {
            let key = match &body.title.kind {
                ExprKind::String { value, .. } | ExprKind::QualifiedName(value) => {
                    value.trim_start_matches("::").to_ascii_lowercase()
                }
                _ => continue,
            };
            let loaded;
            let class = match cx.local_class(&key) {
                Some(c) => c,
                None => {
                    let Some(file) = cx.module_path().manifest_for(&key) else {
                        continue;
                    };
                    let Some(l) = cx.module_path().load(&file) else {
                        continue;
                    };
                    loaded = l;
                    match loader::find_class(loaded.program(), &key) {
                        Some(c) => c,
                        None => continue,
                    }
                }
            };
            unknown_attributes(
                body,
                |n| is_metaparameter(n) || class.params.iter().any(|p| p.name.name == n),
                || {
                    let params = class.params.iter().map(|p| p.name.name.as_str());
                    params.chain(metaparameters.iter().map(String::as_str))
                },
                (
                    &format!("class `{key}`"),
                    &format!("the parameters of class `{key}` are in its definition"),
                ),
                &mut found,
            );
        }
        for d in found {
            cx.report(d);
        }
    }

    /// A defined type of the run (or of the file, checked alone), else of the module path.
    fn check_define(&self, ty: &str, r: &ResourceExpr, cx: &mut Context<'_>) {
        let loaded;
        let define = match cx.project().define(ty) {
            Some(d) => d,
            None => {
                let Some(file) = cx.module_path().manifest_for(ty) else {
                    return;
                };
                let Some(l) = cx.module_path().load(&file) else {
                    return;
                };
                let Some(d) = loader::find_define(l.program(), ty) else {
                    return;
                };
                loaded = Define::of(d);
                &loaded
            }
        };
        let metaparameters = &core_types().metaparameters;
        let mut found = Vec::new();
        let on = format!("the defined type `{}`", define.name);
        let otherwise = format!("the parameters of `{}` are its define's", define.name);
        for body in &r.bodies {
            unknown_attributes(
                body,
                |n| n == "name" || is_metaparameter(n) || define.param(n).is_some(),
                || {
                    let params = define.params.iter().map(|p| p.name.as_str());
                    params.chain(metaparameters.iter().map(String::as_str))
                },
                (&on, &otherwise),
                &mut found,
            );
        }
        for d in found {
            cx.report(d);
        }
    }
}

impl Rule for UnknownAttribute {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Resource(r) = &expr.kind else {
            return;
        };
        let Some(ty) = type_name(&r.type_name) else {
            return;
        };
        let types = core_types();
        let Some(schema) = types.get(ty) else {
            self.check_custom(ty, r, cx);
            return;
        };
        let on = format!("the `{ty}` type");
        let otherwise = format!("`puppet describe {ty}` lists the attributes of the type");
        let mut found = Vec::new();
        for body in &r.bodies {
            unknown_attributes(
                body,
                |n| types.attribute(ty, n) != Some(Attribute::Unknown),
                || {
                    schema
                        .attributes
                        .iter()
                        .chain(&types.metaparameters)
                        .map(String::as_str)
                },
                (&on, &otherwise),
                &mut found,
            );
        }
        for d in found {
            cx.report(d);
        }
    }
}

/// Whether `name` is a metaparameter, which every resource takes.
fn is_metaparameter(name: &str) -> bool {
    core_types().metaparameters.iter().any(|m| m == name)
}

/// Adds to `out` a finding for each attribute of `body` that `takes` rejects: "no
/// parameter named 'x' on ON", with the closest of `candidates` as help, else OTHERWISE
/// (`(on, otherwise)`). A name no type can have (`a::b`) is `attribute_name`'s finding.
fn unknown_attributes<'c, I: Iterator<Item = &'c str>>(
    body: &ResourceBody,
    takes: impl Fn(&str) -> bool,
    candidates: impl Fn() -> I,
    (on, otherwise): (&str, &str),
    out: &mut Vec<Diagnostic>,
) {
    for (_, name, _) in attributes(body) {
        if name.name.contains("::") || takes(&name.name) {
            continue;
        }
        let help = match closest(&name.name, candidates()) {
            Some(c) => format!("did you mean `{c}`?"),
            None => otherwise.to_string(),
        };
        out.push(
            Diagnostic::new(
                name.span,
                format!("no parameter named '{}' on {on}", name.name),
            )
            .with_help(help),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::run;
    use crate::syntax::suggest::edit_distance;

    const NAME: &str = "unknown_attribute";

    #[test]
    fn flags_attributes_core_types_do_not_have() {
        let src = "file { '/a':\n  ensure  => file,\n  contnet => 'x',\n  name    => '/b',\n  require => Package['p'],\n  *       => $extra,\n}\nexec { 'e': command => '/bin/true', provider => shell, title => 'x' }\nmy::thing { 'x': bogus => 1 }\n@@notify { 'n': mesage => 'hi' }\n";
        let found: Vec<(String, Option<String>)> = run(NAME, src)
            .into_iter()
            .map(|d| (d.message.into_owned(), d.help.map(|h| h.into_owned())))
            .collect();
        assert_eq!(
            found,
            vec![
                (
                    "no parameter named 'contnet' on the `file` type".into(),
                    Some("did you mean `content`?".into())
                ),
                (
                    "no parameter named 'title' on the `exec` type".into(),
                    Some("`puppet describe exec` lists the attributes of the type".into())
                ),
                (
                    "no parameter named 'mesage' on the `notify` type".into(),
                    Some("did you mean `message`?".into())
                ),
            ]
        );
    }

    #[test]
    fn flags_attributes_a_defined_type_does_not_have() {
        let src = "define motd::line(String $text, $order = 10) {}\nmotd::line { 'a':\n  text   => 'x',\n  ordre  => 1,\n  name   => 'b',\n  notify => File['f'],\n}\nother::thing { 'b': anything => 1 }\n";
        let found: Vec<(String, Option<String>)> = run(NAME, src)
            .into_iter()
            .map(|d| (d.message.into_owned(), d.help.map(|h| h.into_owned())))
            .collect();
        assert_eq!(
            found,
            vec![(
                "no parameter named 'ordre' on the defined type `motd::line`".into(),
                Some("did you mean `order`?".into())
            )]
        );
    }

    #[test]
    fn distances() {
        assert_eq!(edit_distance("contnet", "content"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("mode", "mode"), 0);
        assert_eq!(edit_distance("mesage", "message"), 1);
    }
}
