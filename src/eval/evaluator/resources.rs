//! Resources: declarations (titles, attributes, duplicates across compatible branches),
//! defined types instantiated with their parameters, resource references and
//! relationships, and parameter defaults checked against their types.

use super::findings::Related;
use super::recording::Op;
use super::state::{
    capitalize, norm, place, related, same_origin, Decl, Evaluator, Flow, InstanceSite, RefKind,
    Reference, ResourceKey, R,
};
use crate::eval::ops;
use crate::eval::schema::core_types;
use crate::eval::types::{self, PType};
use crate::eval::value::{flatten, Value};
use crate::syntax::{AttributeOp, DefineDef, Expr, ExprKind, ResourceExpr, ResourceForm, Span};

fn shown_ref(v: &Value) -> String {
    match v {
        Value::Type(t) => match &**t {
            PType::Resource {
                type_name: Some(tn),
                title: Some(title),
            } => format!("{tn}[{title}]"),
            PType::Class(Some(n)) => format!("Class[{}]", capitalize(n)),
            _ => String::new(),
        },
        _ => String::new(),
    }
}

fn literal_title(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::String { .. } | ExprKind::QualifiedName(_) | ExprKind::Default => true,
        ExprKind::Array(items) => items.iter().all(literal_title),
        _ => false,
    }
}

impl<'a> Evaluator<'a> {
    pub(super) fn eval_attribute_value(&mut self, op: &AttributeOp) -> R {
        match op {
            AttributeOp::Attribute { value, .. } | AttributeOp::Splat { value, .. } => {
                self.eval(value)
            }
        }
    }

    pub(super) fn eval_resource(&mut self, r: &ResourceExpr, span: Span) -> R {
        let type_name = match &r.type_name.kind {
            ExprKind::QualifiedName(n) => norm(n),
            ExprKind::QualifiedReference(n) => norm(n),
            _ => {
                let _ = self.eval(&r.type_name)?;
                self.open = true;
                for b in &r.bodies {
                    self.eval(&b.title)?;
                    for op in &b.ops {
                        self.eval_attribute_value(op)?;
                    }
                }
                return Ok(Value::unknown(PType::array()));
            }
        };
        let mut refs = Vec::new();
        let literal_titles = r.bodies.iter().all(|b| literal_title(&b.title));
        for body in &r.bodies {
            let title = self.eval(&body.title)?;
            let mut attrs: Vec<(String, Value, Span)> = Vec::new();
            for op in &body.ops {
                match op {
                    AttributeOp::Attribute {
                        name, value, span, ..
                    } => {
                        let v = self.eval(value)?;
                        attrs.push((name.name.clone(), v, *span));
                    }
                    AttributeOp::Splat { value, span } => match self.eval(value)? {
                        Value::Hash(h) => {
                            for (k, v) in h.iter() {
                                if let Some(k) = k.as_str() {
                                    attrs.push((k.to_string(), v.clone(), *span));
                                }
                            }
                        }
                        _ => self.open = true,
                    },
                }
            }
            let titles = flatten(std::slice::from_ref(&title));
            for t in titles {
                let t = match t {
                    Value::Str(s) => s.to_string(),
                    Value::Default => continue,
                    Value::Type(ref ty) if type_name == "class" => match &**ty {
                        PType::Class(Some(n)) => n.clone(),
                        _ => {
                            self.open = true;
                            continue;
                        }
                    },
                    _ => {
                        self.open = true;
                        continue;
                    }
                };
                if type_name == "class" {
                    // `@class` is invalid (`class_not_virtualizable`).
                    if r.form != ResourceForm::Regular {
                        continue;
                    }
                    self.declare_class(&t, Some(&attrs), body.span, true);
                    refs.push(Value::ty(PType::Class(Some(norm(&t)))));
                    continue;
                }
                if r.form != ResourceForm::Regular {
                    // Virtual and exported resources are in the catalog once realized or
                    // collected: references to them are not reported.
                    self.add_virtual(ResourceKey::new(&type_name, &t));
                    continue;
                }
                self.declare_resource(&type_name, &t, body.title.span, span, literal_titles);
                self.record_metaparams(&attrs);
                refs.push(Value::ty(PType::Resource {
                    type_name: Some(capitalize(&type_name)),
                    title: Some(t.clone()),
                }));
                self.instantiate(&type_name, &t, &attrs, r.type_name.span);
            }
        }
        Ok(Value::array(refs))
    }

    fn declare_resource(
        &mut self,
        type_name: &str,
        title: &str,
        span: Span,
        expr: Span,
        literal: bool,
    ) {
        let key = ResourceKey::new(type_name, title);
        let decl = Decl {
            span,
            path: self.path_cond.clone(),
            expr,
            literal,
            origin: self.origin.clone(),
            instance: self.instance,
        };
        self.add_resource(key, decl, Some((type_name, title)));
    }

    /// Records the resource `key` declared as `decl`; `names` (its type and title) when a
    /// duplicate is reported (not in a replayed recording: its code reports nothing).
    pub(super) fn add_resource(
        &mut self,
        key: ResourceKey,
        decl: Decl,
        names: Option<(&str, &str)>,
    ) {
        self.journal(|| Op::Resource(key.clone(), decl.clone()));
        // A duplicate is looked for only where it would be reported.
        let report = names.is_some() && self.here;
        let mut duplicate = None;
        // The same declaration made again (a loop, a function called many times) is not
        // recorded again: the list stays as long as the distinct declarations.
        let mut known = false;
        if let Some(prev) = self.resources.get(&key) {
            for d in prev {
                let same_code = d.expr == decl.expr
                    && d.instance == decl.instance
                    && same_origin(d.origin.as_deref(), decl.origin.as_deref());
                known |= same_code
                    && d.span == decl.span
                    && d.literal == decl.literal
                    && d.path == decl.path;
                if !report || duplicate.is_some() || !related(&d.path, &decl.path) {
                    continue;
                }
                // Two literal titles in one expression are `duplicate_title`'s (the same
                // expression in two instances of a defined type is a duplicate).
                if same_code && d.literal && decl.literal {
                    continue;
                }
                duplicate = Some(d.place());
            }
        }
        if let (Some(first), Some((type_name, title))) = (duplicate, names) {
            let shown = format!("{}[{}]", capitalize(type_name), title);
            let before = self.findings.len();
            self.report(
                "duplicate_resource",
                decl.span,
                format!("Duplicate declaration: {shown} is already declared; cannot redeclare"),
            );
            self.with_related(
                before,
                Related {
                    place: first,
                    message: format!("{shown} is first declared here"),
                },
            );
            // Declared again by an instance of a defined type: which one.
            if let Some(site) = self.instance_site.clone() {
                let place = place(site.origin.as_deref(), site.span);
                let message = format!("{shown} is declared again by {} here", site.shown);
                self.with_related(before, Related { place, message });
            }
        }
        self.budget.declare();
        if known {
            return;
        }
        self.resources
            .entry(key)
            .or_insert_with(|| Vec::with_capacity(1))
            .push(decl);
    }

    fn record_metaparams(&mut self, attrs: &[(String, Value, Span)]) {
        for (name, v, span) in attrs {
            if !matches!(name.as_str(), "require" | "before" | "notify" | "subscribe") {
                continue;
            }
            for r in flatten(std::slice::from_ref(v)) {
                self.record_reference(&r, *span, name.clone(), RefKind::Dependency);
            }
        }
    }

    pub(super) fn record_reference(&mut self, r: &Value, span: Span, from: String, kind: RefKind) {
        if !self.here {
            return;
        }
        self.poison("a reference in the file");
        match r {
            Value::Type(t) => match &**t {
                PType::Resource {
                    type_name: Some(tn),
                    title: Some(title),
                } => {
                    let tn = norm(tn);
                    if tn == "class" {
                        self.references.push(Reference {
                            type_name: "class".into(),
                            title: norm(title),
                            span,
                            from,
                            kind,
                        });
                    } else {
                        self.references.push(Reference {
                            type_name: tn,
                            title: title.clone(),
                            span,
                            from,
                            kind,
                        });
                    }
                }
                PType::Class(Some(n)) => self.references.push(Reference {
                    type_name: "class".into(),
                    title: norm(n),
                    span,
                    from,
                    kind,
                }),
                _ => {}
            },
            Value::Str(_) | Value::Undef => {}
            _ => {}
        }
    }

    /// Evaluates a defined type's instance (when rein has its definition) and checks the
    /// types of the values given to its parameters.
    fn instantiate(
        &mut self,
        type_name: &str,
        title: &str,
        attrs: &[(String, Value, Span)],
        span: Span,
    ) {
        if core_types().get(type_name).is_some() {
            return;
        }
        let site = InstanceSite {
            span,
            origin: self.origin.clone(),
            shown: format!("{}[{title}]", capitalize(type_name)),
        };
        let saved = self.instance_site.replace(site);
        self.instantiate_known(type_name, title, attrs, span);
        self.instance_site = saved;
    }

    /// [`Self::instantiate`] once the instance's site is recorded.
    fn instantiate_known(
        &mut self,
        type_name: &str,
        title: &str,
        attrs: &[(String, Value, Span)],
        span: Span,
    ) {
        let local = self.locals.define(type_name);
        self.note_local_name(type_name, local.is_some());
        if let Some(d) = local {
            let _ = self.in_definition(self.here, |ev| {
                ev.run_define(d, Value::str(title), attrs, false, span)
            });
            return;
        }
        if let Some(l) = self.manifests.get(self.modulepath, type_name) {
            let found = l.program().body.iter().find_map(|s| match &s.kind {
                ExprKind::Define(d) if norm(&d.name) == type_name => Some(&**d),
                _ => None,
            });
            if let Some(d) = found {
                let _ = self.in_definition(false, |ev| {
                    ev.in_file(Some(l.clone()), |ev| {
                        ev.run_define(d, Value::str(title), attrs, false, span)
                    })
                });
                return;
            }
        }
        match self.resource_type_known(type_name) {
            Some(true) => {
                if !self.modulepath.has_custom_type(type_name) {
                    // A defined type rein could not evaluate.
                    self.open = true;
                }
            }
            Some(false) => {
                self.open = true;
                self.report(
                    "unknown_resource_type",
                    span,
                    format!("Unknown resource type: '{type_name}'"),
                );
            }
            None => {
                self.open = true;
                // Un-namespaced: a custom type of any module.
                if !type_name.contains("::") {
                    let message = format!("Unknown resource type: '{type_name}'");
                    self.report_unseen("unknown_resource_type", span, message);
                }
            }
        }
    }

    pub(super) fn run_define(
        &mut self,
        d: &DefineDef,
        title: Value,
        attrs: &[(String, Value, Span)],
        standalone: bool,
        span: Span,
    ) -> R {
        if self.too_deep() || self.budget.declarations_spent() {
            self.open = true;
            return Ok(Value::Undef);
        }
        let key = norm(&d.name);
        // An instance declaring itself (the same title: a duplicate declaration) is not
        // evaluated again; a title that is not known is never the same.
        let active = (!title.is_unknown())
            .then(|| ops::to_s(&title))
            .flatten()
            .map(|t| format!("{key}[{t}]"));
        if let Some(a) = &active {
            self.note_instance(a);
            if self.active_instances.contains(a) {
                self.open = true;
                return Ok(Value::Undef);
            }
        }
        self.depth += 1;
        // Each instance is numbered: the same declaration in two instances is a duplicate.
        self.instances += 1;
        let instance = std::mem::replace(&mut self.instance, self.instances);
        // `Type[title]`, written only for a finding.
        let shown = {
            let title = title.clone();
            let key = &key;
            move || {
                format!(
                    "{}[{}]",
                    capitalize(key),
                    ops::to_s(&title).unwrap_or_default()
                )
            }
        };
        let pushed = active.map(|a| self.active_instances.push(a)).is_some();
        let local = self.enter_local(self.node_scope.unwrap_or(0));
        // Room for `$title`, `$name`, `$module_name` and the parameters.
        self.reserve_vars(3 + d.params.len());
        self.set_var("title", title.clone());
        self.set_var("name", title);
        self.set_module_name(&key);
        for p in &d.params {
            let t = self.param_type(p);
            let v = if let Some((_, v, vspan)) = attrs.iter().find(|(n, _, _)| *n == p.name.name) {
                let what = || format!("{}: parameter '{}'", shown(), p.name.name);
                self.at_caller(|ev| ev.check_type(&t, v.clone(), *vspan, &what))
            } else if let Some(d) = &p.default {
                let dv = self.eval(d).unwrap_or_else(|_| Value::any());
                let at = (!standalone).then_some(span);
                let owner = || capitalize(&key);
                let declared = &shown;
                self.check_default(&t, &dv, d.span, &owner, &p.name.name, at, declared);
                if standalone {
                    Value::unknown(t)
                } else {
                    dv
                }
            } else {
                Value::unknown(t)
            };
            self.set_var(&p.name.name, v);
        }
        let r = self.eval_body(&d.body);
        if pushed {
            self.active_instances.pop();
        }
        self.leave_local(local);
        self.instance = instance;
        self.depth -= 1;
        match r {
            Err(Flow::Abort) => Err(Flow::Abort),
            _ => Ok(Value::Undef),
        }
    }

    /// Checks a parameter's default against its type: reported at the default (of
    /// `owner`) and, when `at` is the declaration that used it, there too (in the
    /// declaring code's file, as `declared`). The names are written only for a finding.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check_default(
        &mut self,
        t: &PType,
        dv: &Value,
        default_span: Span,
        owner: &dyn Fn() -> String,
        param: &str,
        at: Option<Span>,
        declared: &dyn Fn() -> String,
    ) {
        if types::instance_of(t, dv, &self.aliases, self.regexes) != Some(false) {
            return;
        }
        let m = types::mismatch(t, dv, &self.aliases);
        self.report(
            "type_mismatch",
            default_span,
            format!(
                "{}: parameter '{param}' expects {m} (the default value)",
                owner()
            ),
        );
        if let Some(span) = at {
            let message = format!("{}: parameter '{param}' expects {m}", declared());
            self.at_caller(|ev| ev.report("type_mismatch", span, message));
        }
    }

    pub(super) fn eval_relationship(&mut self, lhs: &Expr, rhs: &Expr) -> R {
        let l = self.eval(lhs)?;
        let r = self.eval(rhs)?;
        let from = flatten(std::slice::from_ref(&l))
            .first()
            .map(shown_ref)
            .unwrap_or_default();
        for (v, e) in [(&l, lhs), (&r, rhs)] {
            if matches!(e.kind, ExprKind::Collect(_)) {
                continue;
            }
            for item in flatten(std::slice::from_ref(v)) {
                self.record_reference(&item, e.span, from.clone(), RefKind::Relationship);
            }
        }
        Ok(r)
    }
}
