//! Hover and go to definition on the names of a manifest (see [`super::locate`]): a core
//! resource type's attributes and their valid values (the type schema), a module's custom
//! type's attributes, a class's or defined type's parameters with their types and
//! defaults; the definition of a class, defined type, function or type alias found on the
//! module path (as Puppet's autoloader would, the document's own file first) and of a
//! variable within the document (its parameter or first assignment).

use std::path::{Path, PathBuf};

use super::locate::Target;
use crate::eval::loader::{find_class, find_define, ModulePath};
use crate::eval::project::Project;
use crate::eval::schema::core_types;
use crate::syntax::visit::for_each_child;
use crate::syntax::{Expr, ExprKind, Parameter, Program, Span};

/// A definition: its file and the span of its name in that file's text.
#[derive(Debug, PartialEq, Eq)]
pub struct Place {
    pub path: PathBuf,
    pub span: Span,
    pub text: String,
}

/// The module path of the document `path` with the session's `modulepath` and workspace
/// `folders` (the checked roots).
pub fn module_path(path: &Path, modulepath: &[PathBuf], folders: &[PathBuf]) -> ModulePath {
    let mut project = Project::default();
    project.modulepath = modulepath.to_vec();
    project.roots = folders.to_vec();
    ModulePath::for_file(path, &project)
}

/// The Markdown of a hover on `target`, with the document's `program` and `text`.
pub fn hover(target: &Target, mp: &ModulePath, program: &Program, text: &str) -> Option<String> {
    match target {
        Target::ResourceType(t) => resource_type(t, mp, program, text),
        Target::Attribute { type_name, name } => attribute(type_name, name, mp, program, text),
        Target::Class(c) => {
            let (params, src) = definition_params(c, mp, program, text, true)?;
            Some(format!("**class {c}**\n\n{}", render_params(&params, &src)))
        }
        Target::Define(d) => {
            let (params, src) = definition_params(d, mp, program, text, false)?;
            Some(format!(
                "**define {d}**\n\n{}",
                render_params(&params, &src)
            ))
        }
        _ => None,
    }
}

fn resource_type(t: &str, mp: &ModulePath, program: &Program, text: &str) -> Option<String> {
    let core = core_types();
    if let Some(schema) = core.get(t) {
        let mut s = format!("**{t}** (core resource type)\n\nAttributes:\n");
        for a in &schema.attributes {
            s.push_str(&format!("- `{a}`"));
            if let Some(v) = schema.values.get(a) {
                s.push_str(&format!(": {}", quote_all(v)));
            }
            s.push('\n');
        }
        if !schema.namevars.is_empty() {
            s.push_str(&format!("\nNamevars: {}\n", quote_all(&schema.namevars)));
        }
        s.push_str(&format!(
            "\nMetaparameters: {}\n",
            quote_all(&core.metaparameters)
        ));
        return Some(s);
    }
    if let Some(ct) = mp.custom_type(t) {
        let file = mp.custom_type_file(t).map(|p| p.display().to_string());
        let mut s = format!("**{t}** (custom resource type");
        if let Some(f) = file {
            s.push_str(&format!(", `{f}`"));
        }
        s.push_str(")\n\nAttributes: ");
        s.push_str(&quote_all(&ct.attributes));
        if !ct.closed {
            s.push_str(" (and others the Ruby code adds)");
        }
        s.push('\n');
        return Some(s);
    }
    let (params, src) = definition_params(t, mp, program, text, false)?;
    Some(format!(
        "**define {t}**\n\n{}",
        render_params(&params, &src)
    ))
}

fn attribute(
    type_name: &str,
    name: &str,
    mp: &ModulePath,
    program: &Program,
    text: &str,
) -> Option<String> {
    let core = core_types();
    if let Some(schema) = core.get(type_name) {
        if core.metaparameters.iter().any(|m| m == name) {
            return Some(format!("**{name}** (metaparameter of every resource type)"));
        }
        if schema.attributes.iter().all(|a| a != name) && name != "name" {
            return Some(format!("**{type_name}** has no attribute `{name}`"));
        }
        let mut s = format!("**{type_name}**.**{name}**");
        if schema.namevars.iter().any(|n| n == name) {
            s.push_str(" (namevar)");
        }
        if let Some(v) = schema.values.get(name) {
            s.push_str(&format!("\n\nValid values: {}", quote_all(v)));
        }
        return Some(s);
    }
    if let Some(ct) = mp.custom_type(type_name) {
        return Some(match ct.takes(name) {
            Some(false) => format!("**{type_name}** has no attribute `{name}`"),
            _ => format!("**{type_name}**.**{name}** (custom resource type)"),
        });
    }
    let is_class = type_name != "class" && find_def(type_name, program, true).is_some();
    let (params, src) = definition_params(type_name, mp, program, text, is_class)
        .or_else(|| definition_params(type_name, mp, program, text, !is_class))?;
    let p = params.iter().find(|p| p.name.name == name)?;
    Some(format!(
        "**{type_name}**.**{name}**\n\n{}",
        render_params(std::slice::from_ref(p), &src)
    ))
}

fn quote_all(v: &[String]) -> String {
    v.iter()
        .map(|x| format!("`{x}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `- Type $name = default` lines of `params`, their text taken from `src`.
fn render_params(params: &[Parameter], src: &str) -> String {
    if params.is_empty() {
        return "No parameters.".into();
    }
    let slice = |e: &Expr| src.get(e.span.start()..e.span.end()).unwrap_or("").trim();
    let mut s = String::from("Parameters:\n");
    for p in params {
        s.push_str("- `");
        if let Some(t) = &p.type_expr {
            s.push_str(slice(t));
            s.push(' ');
        }
        if p.captures_rest {
            s.push('*');
        }
        s.push('$');
        s.push_str(&p.name.name);
        if let Some(d) = &p.default {
            s.push_str(" = ");
            s.push_str(slice(d));
        }
        s.push_str("`\n");
    }
    s
}

/// The parameters of class (or defined type) `name` and the text they are written in:
/// from the document when it defines it, else from its file on the module path.
pub fn definition_params(
    name: &str,
    mp: &ModulePath,
    program: &Program,
    text: &str,
    class: bool,
) -> Option<(Vec<Parameter>, String)> {
    let params = |p: &Program| -> Option<Vec<Parameter>> {
        if class {
            find_class(p, name).map(|c| c.params.clone())
        } else {
            find_define(p, name).map(|d| d.params.clone())
        }
    };
    if let Some(ps) = params(program) {
        return Some((ps, text.to_string()));
    }
    let path = mp.manifest_for(name)?;
    let src = std::fs::read_to_string(&path).ok()?;
    let parsed = crate::syntax::parse(&src);
    Some((params(&parsed.program)?, src))
}

/// Where class (`class`) or defined type `name` is defined in `program`.
fn find_def(name: &str, program: &Program, class: bool) -> Option<Span> {
    if class {
        find_class(program, name).map(|c| c.name_span)
    } else {
        find_define(program, name).map(|d| d.name_span)
    }
}

/// The definition of `target` (at `offset` of the document `path` with `program` and
/// `text`).
pub fn definition(
    target: &Target,
    offset: usize,
    path: &Path,
    mp: &ModulePath,
    program: &Program,
    text: &str,
) -> Option<Place> {
    let here = |span: Span| Place {
        path: path.to_path_buf(),
        span,
        text: text.to_string(),
    };
    match target {
        Target::Class(n) | Target::Define(n) | Target::ResourceType(n) => {
            let both = |p: &Program| find_def(n, p, true).or_else(|| find_def(n, p, false));
            if let Some(span) = both(program) {
                return Some(here(span));
            }
            let file = mp.manifest_for(n)?;
            elsewhere(&file, both)
        }
        Target::Function(n) => {
            let find = |p: &Program| {
                named(p, n, |e| match &e.kind {
                    ExprKind::Function(f) => Some((f.name.as_str(), f.name_span)),
                    _ => None,
                })
            };
            if let Some(span) = find(program) {
                return Some(here(span));
            }
            elsewhere(&mp.autoload_file(n, "functions")?, find)
        }
        Target::TypeRef(n) => {
            let find = |p: &Program| {
                named(p, n, |e| match &e.kind {
                    ExprKind::TypeAlias(a) => Some((a.name.name.as_str(), a.name.span)),
                    _ => None,
                })
            };
            if let Some(span) = find(program) {
                return Some(here(span));
            }
            elsewhere(&mp.autoload_file(n, "types")?, find)
        }
        Target::Variable(v) => match v.trim_start_matches("::").rsplit_once("::") {
            // `$mod::class::var`: a parameter or variable of that class, in this document
            // or in the class's file on the module path.
            Some((class, var)) => {
                let find = |p: &Program| class_variable(p, class, var);
                if let Some(span) = find(program) {
                    return Some(here(span));
                }
                elsewhere(&mp.manifest_for(class)?, find)
            }
            None => variable(program, v, offset).map(here),
        },
        Target::Attribute { .. } => None,
    }
}

/// The definition of `find` in the file `path`.
fn elsewhere(path: &Path, find: impl Fn(&Program) -> Option<Span>) -> Option<Place> {
    let text = std::fs::read_to_string(path).ok()?;
    let parsed = crate::syntax::parse(&text);
    let span = find(&parsed.program)?;
    Some(Place {
        path: path.to_path_buf(),
        span,
        text,
    })
}

/// The span of the top-level definition that `get` finds named `name` (case-insensitive,
/// without a leading `::`).
fn named(
    program: &Program,
    name: &str,
    get: impl Fn(&Expr) -> Option<(&str, Span)>,
) -> Option<Span> {
    let want = name.trim_start_matches("::");
    program.body.iter().find_map(|e| {
        let (n, span) = get(e)?;
        n.trim_start_matches("::")
            .eq_ignore_ascii_case(want)
            .then_some(span)
    })
}

/// Where the class `class` of `program` sets its variable `name`: the parameter, else the
/// first assignment in its body.
fn class_variable(program: &Program, class: &str, name: &str) -> Option<Span> {
    let c = find_class(program, class)?;
    if let Some(p) = c.params.iter().find(|p| p.name.name == name) {
        return Some(p.name.span);
    }
    let mut found = None;
    for stmt in &c.body.statements {
        first_assignment(stmt, name, &mut found);
    }
    found
}

/// The first assignment to `$name` in `e` (lambdas and nested definitions included: Puppet
/// has no block scope but a lambda's; good enough to jump to).
fn first_assignment(e: &Expr, name: &str, found: &mut Option<Span>) {
    if found.is_some() {
        return;
    }
    if let ExprKind::Assignment { lhs, .. } = &e.kind {
        if matches!(&lhs.kind, ExprKind::Variable(v) if v == name) {
            *found = Some(lhs.span);
            return;
        }
    }
    for_each_child(e, &mut |c, _| first_assignment(c, name, found));
}

/// Where variable `name` is set in `program`: a parameter of the definition that holds
/// `offset`, else the last assignment before `offset`, else the first one.
fn variable(program: &Program, name: &str, offset: usize) -> Option<Span> {
    let name = name.trim_start_matches("::");
    fn walk(
        e: &Expr,
        name: &str,
        offset: usize,
        acc: &mut (Option<Span>, Option<Span>, Option<Span>),
    ) {
        let inside = e.span.start() <= offset && offset <= e.span.end();
        let ps: &[Parameter] = match &e.kind {
            ExprKind::Class(c) => &c.params,
            ExprKind::Define(d) => &d.params,
            ExprKind::Function(f) => &f.params,
            ExprKind::Plan(p) => &p.params,
            _ => &[],
        };
        if inside {
            if let Some(p) = ps.iter().find(|p| p.name.name == name) {
                acc.0 = Some(p.name.span);
            }
        }
        if let ExprKind::Assignment { lhs, .. } = &e.kind {
            if matches!(&lhs.kind, ExprKind::Variable(v) if v == name) {
                if acc.2.is_none() {
                    acc.2 = Some(lhs.span);
                }
                if lhs.span.end() <= offset {
                    acc.1 = Some(lhs.span);
                }
            }
        }
        for_each_child(e, &mut |c, _| walk(c, name, offset, acc));
    }
    let mut acc = (None, None, None);
    for e in &program.body {
        walk(e, name, offset, &mut acc);
    }
    let (param, before, first) = acc;
    param.or(before).or(first)
}
