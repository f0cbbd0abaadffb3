//! Declaring classes (`include`, `class { }`, `contain`, ...): the class of the file or of
//! the module path evaluated once with its parameters, duplicate resource-like
//! declarations, and unknown classes.

use std::path::Path;

use super::findings::Related;
use super::state::{capitalize, norm, related, Attrs, Decl, Evaluator, Flow};
use crate::eval::loader::find_class;
use crate::eval::types::PType;
use crate::eval::value::Value;
use crate::syntax::suggest::closest;
use crate::syntax::{ClassDef, ExprKind, Span};

impl<'a> Evaluator<'a> {
    pub(super) fn declare_class_value(&mut self, v: &Value, span: Span) {
        match v {
            Value::Str(s) => {
                let s = s.to_string();
                self.declare_class(&s, None, span, false);
            }
            Value::Type(t) => match &**t {
                PType::Class(Some(n)) => {
                    let n = n.clone();
                    self.declare_class(&n, None, span, false);
                }
                PType::Resource {
                    type_name: Some(t),
                    title: Some(n),
                } if t.eq_ignore_ascii_case("class") => {
                    let n = n.clone();
                    self.declare_class(&n, None, span, false);
                }
                _ => self.open = true,
            },
            _ => self.open = true,
        }
    }

    /// Declares class `name` (with `params` for `class { name: ... }`) and evaluates it
    /// when rein can find it.
    pub(super) fn declare_class(
        &mut self,
        name: &str,
        params: Option<Attrs<'_>>,
        span: Span,
        resource_like: bool,
    ) {
        let key = norm(name);
        if key.is_empty() {
            return;
        }
        if self.declared_classes.contains_key(&key) {
            self.note_declared_again(&key);
            let path = self.path_cond.clone();
            // Only a resource-like declaration asks (an `include` of a class declared
            // before, again and again in a loop or a recursive function, does not scan
            // every path it was declared under).
            let certain = resource_like
                && self
                    .class_paths
                    .get(&key)
                    .is_some_and(|paths| paths.iter().any(|p| related(p, &path)));
            self.push_class_path(key.clone(), path);
            if resource_like && certain {
                // Puppet names the first declaration when it was resource-like too.
                let first = self.class_decls.get(&key).and_then(|decls| {
                    decls
                        .iter()
                        .find(|d| related(&d.path, &self.path_cond))
                        .map(|d| d.place())
                });
                let shown = format!("Class[{}]", capitalize(&key));
                let before = self.findings.len();
                self.report(
                    "duplicate_resource",
                    span,
                    format!("Duplicate declaration: {shown} is already declared; cannot redeclare"),
                );
                if let Some(place) = first {
                    let message = format!("{shown} is first declared here");
                    self.with_related(before, Related { place, message });
                }
            }
            self.record_class_decl(&key, span, resource_like);
            return;
        }
        if params.is_none() && !resource_like {
            // Recorded, or replayed from a recording ([`super::memo`]).
            self.declare_new_class(key, span);
        } else {
            self.declare_fresh(key, params, span, resource_like);
        }
    }

    /// Declares class `key`, not declared before, and evaluates it when rein can find it.
    /// Whether it reported (or would have, outside the checked file) that it cannot find
    /// it: a finding at the declaration, kept or not as the declaration is in the checked
    /// file or not.
    pub(super) fn declare_fresh(
        &mut self,
        key: String,
        params: Option<Attrs<'_>>,
        span: Span,
        resource_like: bool,
    ) -> bool {
        self.note_fresh_class(&key);
        self.push_class_path(key.clone(), self.path_cond.clone());
        self.record_class_decl(&key, span, resource_like);
        self.set_declared(key.clone(), false);
        let local = self.locals.class(&key);
        self.note_local_name(&key, local.is_some());
        if let Some(c) = local {
            let complete = self.in_definition(self.here, |ev| ev.run_class(c, params, span));
            self.set_declared(key, complete);
            return false;
        }
        // From the module path.
        if let Some(l) = self.manifests.get(self.modulepath, &key) {
            let found = find_class(l.program(), &key);
            if let Some(c) = found {
                let origin = Some(l.clone());
                let complete = self.in_definition(false, |ev| {
                    ev.in_file(origin, |ev| ev.run_class(c, params, span))
                });
                self.set_declared(key, complete);
                return false;
            }
        }
        self.open = true;
        if self.options.project.class(&key) {
            return false;
        }
        let file = self.modulepath.manifest_for(&key);
        let message = format!("Could not find class ::{key}");
        if self.class_missing(&key, file.as_deref()) {
            let before = self.findings.len();
            self.report("unknown_class", span, message);
            // The help is looked for only when the finding is kept.
            if self.findings.len() > before {
                let module = key.split("::").next().unwrap_or_default();
                let names = self.modulepath.manifest_names(module);
                let help = closest(&key, names.iter().map(String::as_str))
                    .map(|c| format!("did you mean `{c}`?"));
                self.with_help(before, help);
            }
        } else if file.is_none() && !key.contains("::") {
            // Un-namespaced, and no module of that name: missing with a complete module
            // path, likely missing without one.
            self.report_unseen("unknown_class", span, message);
        } else {
            return false;
        }
        true
    }

    /// Records a resource-like declaration of class `key` (`class { 'a': }`) at `span`.
    fn record_class_decl(&mut self, key: &str, span: Span, resource_like: bool) {
        if !resource_like {
            return;
        }
        let decl = Decl {
            span,
            path: self.path_cond.clone(),
            expr: span,
            literal: false,
            origin: self.origin.clone(),
            instance: self.instance,
        };
        self.push_class_decl(key.to_string(), decl);
    }

    /// Whether class `key` certainly does not exist: its module is on the module path and
    /// the file that would define it does not define it.
    fn class_missing(&self, key: &str, file: Option<&Path>) -> bool {
        let Some(file) = file else {
            return false;
        };
        if !self.modulepath.is_file(file) {
            return true;
        }
        match self.modulepath.load(file) {
            // A manifest without any class or define (generated, say) is not judged.
            Some(l) => {
                find_class(l.program(), key).is_none()
                    && l.program()
                        .body
                        .iter()
                        .any(|s| matches!(s.kind, ExprKind::Class(_) | ExprKind::Define(_)))
            }
            None => false,
        }
    }

    /// Evaluates a class body; returns whether the evaluation was complete.
    fn run_class(&mut self, c: &ClassDef, params: Option<Attrs<'_>>, span: Span) -> bool {
        if self.too_deep() {
            self.open = true;
            return false;
        }
        self.depth += 1;
        let key = norm(&c.name);
        let mut parent_scope = self.node_scope.unwrap_or(0);
        // A parent rein could not evaluate completely hides variables.
        let mut parent_complete = true;
        if let Some(p) = &c.parent {
            let pkey = norm(&p.name);
            self.declare_class(&pkey, None, p.span, false);
            if let Some(&s) = self.class_scopes.get(&pkey) {
                parent_scope = s;
            }
            parent_complete = self.declared_classes.get(&pkey) == Some(&true);
        }
        let saved = self.current;
        self.current = self.push_scope(Some(parent_scope));
        // Room for `$title`, `$name`, `$module_name` and the parameters.
        self.reserve_vars(3 + c.params.len());
        self.set_class_scope(key.clone(), self.current);
        self.set_var("title", Value::str(key.as_str()));
        self.set_var("name", Value::str(key.as_str()));
        self.set_module_name(&key);
        let given: Attrs<'_> = params.unwrap_or(&[]);
        for p in &c.params {
            let t = self.param_type(p);
            let v = if let Some((_, v, vspan)) = given.iter().find(|(n, _, _)| *n == p.name.name) {
                let what = || format!("Class[{}]: parameter '{}'", capitalize(&key), p.name.name);
                self.at_caller(|ev| ev.check_type(&t, v.clone(), *vspan, &what))
            } else {
                if let Some(d) = &p.default {
                    let dv = self.eval(d).unwrap_or_else(|_| Value::any());
                    let owner = || format!("Class[{}]", capitalize(&key));
                    // At the declaration only in a main manifest: elsewhere Hiera may give
                    // the class a value.
                    let at = (span != Span::default() && self.main).then_some(span);
                    self.check_default(&t, &dv, d.span, &owner, &p.name.name, at, &owner);
                }
                // A caller or Hiera may set it: only its type is known.
                Value::unknown(t)
            };
            self.set_var(&p.name.name, v);
        }
        let r = self.eval_body(&c.body);
        self.current = saved;
        self.depth -= 1;
        parent_complete && !matches!(r, Err(Flow::Abort))
    }
}
