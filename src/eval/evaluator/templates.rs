//! Calls of templates: `epp('mod/file.epp', {...})`, `inline_epp('text', {...})` and
//! `template('mod/file.erb', ...)`, checked as Puppet checks them when it renders them.
//!
//! A template reference `mod/sub/file.epp` names `<mod>/templates/sub/file.epp` in module
//! `mod` of the module path (`epp` adds `.epp` when the name has no extension); a reference
//! without `/` is never found. It is certainly missing when the module is on the path and
//! the file is not in it, or when the module path is complete (`--modulepath`) and the
//! module is not on it (`unknown_template`). An absolute path is not checked: the file is
//! looked for on the machine that compiles the catalog.
//!
//! The parameters given to an EPP template are checked against its header `<%- | ... | -%>`
//! (a template without one takes anything): a parameter without a default that is not given
//! (`epp_missing_parameter`), a key that is not a parameter (`epp_unknown_parameter`), and a
//! value whose type is known not to match the parameter's type, or a key that is not a
//! word (`type_mismatch`). `template()` (ERB) is checked for the file only: rein never runs
//! Ruby. What the template renders is not evaluated; the template itself is checked as a
//! file of its own.

use std::sync::Arc;

use super::findings::Related;
use super::state::{place, Evaluator, R};
use crate::eval::module_store::Loaded;
use crate::eval::types::{self, PType};
use crate::eval::value::{flatten, Value};
use crate::syntax::{CallExpr, Expr, ExprKind, Parameter, Span};

/// The file name of `inline_epp()` text (Puppet's).
const INLINE: &str = "inlined-epp-text";

/// How many `inline_epp()` texts a root keeps parsed (texts built from values may all
/// differ: past these, each is parsed when called).
const INLINE_TEMPLATES: usize = 64;

/// What a template reference names, as Puppet looks it up.
enum Lookup {
    /// The file exists.
    Found(std::path::PathBuf),
    /// Puppet cannot find it.
    Missing,
    /// rein cannot tell (an absolute path, a module it does not see, an odd name).
    Unknown,
}

impl<'a> Evaluator<'a> {
    /// Whether `name` (normalised) is a template function this module checks.
    pub(super) fn is_template_call(name: &str) -> bool {
        matches!(name, "epp" | "inline_epp" | "template")
    }

    /// Evaluates the call `call` of `epp`, `inline_epp` or `template` (`name`, normalised)
    /// whose arguments evaluated to `args`: the checks of the module documentation; the
    /// rendered text is an unknown string.
    pub(super) fn call_template(&mut self, name: &str, call: &CallExpr, args: &[Value]) -> R {
        let rendered = Ok(Value::unknown(PType::string()));
        let name_span = call.functor.span;
        match name {
            "template" => {
                for (i, v) in flatten(args).iter().enumerate() {
                    if let Value::Str(reference) = v {
                        let at = call.args.get(i).map_or(name_span, |a| a.span);
                        if let Lookup::Missing = self.find_template(reference) {
                            self.report_missing_template(reference, at);
                        }
                    }
                }
                rendered
            }
            "epp" => {
                let Some(Value::Str(reference)) = args.first() else {
                    return rendered;
                };
                let mut reference = reference.to_string();
                if !reference.ends_with(".epp") {
                    reference.push_str(".epp");
                }
                let at = call.args.first().map_or(name_span, |a| a.span);
                match self.find_template(&reference) {
                    Lookup::Missing => self.report_missing_template(&reference, at),
                    Lookup::Found(path) => {
                        let loaded = self.modulepath.load(&path);
                        if let Some(loaded) = loaded {
                            let what = format!("epp('{reference}')");
                            self.check_template_args("epp", &what, &loaded, call, args);
                        }
                    }
                    Lookup::Unknown => {}
                }
                rendered
            }
            _ => {
                let Some(Value::Str(text)) = args.first() else {
                    return rendered;
                };
                match self.inline_template(text) {
                    Ok(loaded) => {
                        self.check_template_args("inline_epp", "inline_epp()", &loaded, call, args);
                    }
                    Err(message) => {
                        let at = call.args.first().map_or(name_span, |a| a.span);
                        self.report("evaluation_error", at, message);
                    }
                }
                rendered
            }
        }
    }

    /// The template of `inline_epp()` text `text`, or the message of its syntax error:
    /// parsed once per root and text (a function calling itself may render the same text
    /// a million times), for the first [`INLINE_TEMPLATES`] texts.
    fn inline_template(&mut self, text: &str) -> Result<Arc<Loaded>, String> {
        if let Some(known) = self.inline_templates.get(text) {
            return known.clone();
        }
        let parsed = crate::syntax::epp::parse(text);
        let template = match parsed.first_error() {
            Some((line, column, e)) => Err(format!(
                "inline_epp(): Invalid EPP: {} (line: {line}, column: {column})",
                e.message
            )),
            None => Ok(Arc::new(Loaded::new(
                std::path::PathBuf::from(INLINE),
                Arc::new(parsed),
            ))),
        };
        if self.inline_templates.len() < INLINE_TEMPLATES {
            self.inline_templates
                .insert(text.to_string(), template.clone());
        }
        template
    }

    /// Where Puppet finds the template `reference` (`mod/path/in/templates`).
    fn find_template(&self, reference: &str) -> Lookup {
        if reference.starts_with('/') || reference.is_empty() {
            return Lookup::Unknown;
        }
        let Some((module, file)) = reference.split_once('/') else {
            // Puppet splits a reference at its first `/`: without one there is no module.
            return Lookup::Missing;
        };
        if file.is_empty() || file.split('/').any(|p| p == "..") {
            return Lookup::Unknown;
        }
        match self.modulepath.module(module) {
            Some(root) => {
                let path = root.join("templates").join(file);
                if self.modulepath.is_file(&path) {
                    Lookup::Found(path)
                } else {
                    Lookup::Missing
                }
            }
            None if self.options.modulepath_complete() => Lookup::Missing,
            None => Lookup::Unknown,
        }
    }

    fn report_missing_template(&mut self, reference: &str, at: Span) {
        let message = format!("Could not find template '{reference}'");
        self.report("unknown_template", at, message);
    }

    /// Checks the parameters a call of `function` gives the template `loaded` against its
    /// header. `what` names the call in messages.
    fn check_template_args(
        &mut self,
        function: &str,
        what: &str,
        loaded: &Arc<Loaded>,
        call: &CallExpr,
        args: &[Value],
    ) {
        let name_span = call.functor.span;
        let Some(params) = crate::syntax::epp::parameters(loaded.program()) else {
            return;
        };
        let given: Vec<(Value, Value)> = match args.get(1) {
            None => Vec::new(),
            Some(Value::Hash(entries)) => entries.to_vec(),
            // Not a hash, or not known: nothing to check here.
            Some(_) => return,
        };
        let literal = call.args.get(1);
        let mut all_keys_known = true;
        for (key, value) in &given {
            let Value::Str(key) = key else {
                all_keys_known = false;
                continue;
            };
            let (key_span, value_span) =
                entry_spans(literal, key).unwrap_or((name_span, name_span));
            if !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || key.is_empty() {
                let message = format!(
                    "'{function}' parameter 'parameters' key of entry '{key}' expects a match for Pattern[/^\\w+$/], got '{key}'"
                );
                self.report("type_mismatch", key_span, message);
                continue;
            }
            let Some(param) = params.iter().find(|p| p.name.name == **key) else {
                let message = format!("{what}: the template has no parameter named '{key}'");
                self.report("epp_unknown_parameter", key_span, message);
                continue;
            };
            // `undef` for a parameter with a default gives the default.
            if matches!(value, Value::Undef) && param.default.is_some() {
                continue;
            }
            let t = self.template_param_type(loaded, param);
            if types::instance_of(&t, value, &self.aliases, self.regexes) == Some(false) {
                let m = types::mismatch(&t, value, &self.aliases);
                let message = format!("{what}: parameter '{key}' expects {m}");
                let before = self.findings.len();
                self.report("type_mismatch", value_span, message);
                self.relate_declaration(before, loaded, param);
            }
        }
        if !all_keys_known {
            return;
        }
        for p in params {
            if p.default.is_some() || p.captures_rest {
                continue;
            }
            let name = &p.name.name;
            let is_given = given
                .iter()
                .any(|(k, _)| k.as_str().is_some_and(|k| k == name));
            if !is_given {
                let message = format!("{what}: expects a value for parameter '{name}'");
                let before = self.findings.len();
                self.report("epp_missing_parameter", name_span, message);
                self.relate_declaration(before, loaded, p);
            }
        }
    }

    /// Points the finding reported since there were `before` findings at the declaration
    /// of `param` in the template file `loaded` (not for `inline_epp()` text).
    fn relate_declaration(&mut self, before: usize, loaded: &Arc<Loaded>, param: &Parameter) {
        if loaded.path.as_os_str() != INLINE {
            let related = Related {
                place: place(Some(loaded), param.span),
                message: format!("`${}` is declared here", param.name.name),
            };
            self.with_related(before, related);
        }
    }

    /// The type of a parameter of the template `loaded` (evaluated as code of that file).
    fn template_param_type(&mut self, loaded: &Arc<Loaded>, p: &Parameter) -> PType {
        self.in_file(Some(loaded.clone()), |ev| ev.param_type(p))
    }
}

/// The spans of the key and of the value of the entry `key` of a literal hash argument.
fn entry_spans(literal: Option<&Expr>, key: &str) -> Option<(Span, Span)> {
    let ExprKind::Hash { entries, .. } = &literal?.kind else {
        return None;
    };
    entries.iter().rev().find_map(|e| match &e.key.kind {
        ExprKind::String { value, .. } if value == key => Some((e.key.span, e.value.span)),
        ExprKind::QualifiedName(n) if n == key => Some((e.key.span, e.value.span)),
        _ => None,
    })
}
