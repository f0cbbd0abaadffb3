//! Types in the evaluator: the type a type expression denotes (aliases of the file and of
//! the module path, resource types rein knows), checking a value against a parameter's
//! type, and comparing types (`<`, `<=`, ...).

use std::sync::Arc;

use super::state::{norm, Evaluator};
use crate::eval::names::{has_colons, trim_colons};
use crate::eval::schema::{core_types, VENDORED_TYPES};
use crate::eval::types::{self, Aliases, PType};
use crate::eval::value::Value;
use crate::syntax::{BinaryOp, Expr, ExprKind, Parameter, Span};

impl<'a> Evaluator<'a> {
    /// The type a type expression denotes (`Integer[1]`, `Optional[String]`).
    pub(super) fn type_of_expr(&mut self, e: &Expr) -> PType {
        let v = self.with_here(false, |ev| ev.eval(e));
        match v {
            Ok(Value::Type(t)) => Arc::try_unwrap(t).unwrap_or_else(|t| (*t).clone()),
            _ => PType::Other("?".into()),
        }
    }

    pub(super) fn param_type(&mut self, p: &Parameter) -> PType {
        match &p.type_expr {
            Some(t) => self.type_of_expr(t),
            None => PType::Any,
        }
    }

    /// The aliases the code sees (the resolved names are forgotten).
    pub(super) fn set_aliases(&mut self, aliases: Arc<Aliases>) {
        self.aliases = aliases;
        self.resolved.clear();
    }

    /// The type named by a capitalised reference: a core type, an alias, a resource type
    /// rein knows; any other name is a type rein does not know. Remembered until the
    /// aliases change: nothing else it depends on changes during an evaluation (the
    /// module path's files, the project's definitions, the file's own).
    pub(super) fn resolve_type(&mut self, name: &str) -> PType {
        if !self.recorders.is_empty() {
            self.note_type(name);
        }
        if let Some(t) = self.resolved.get(name) {
            return t.clone();
        }
        let t = self.resolve_type_anew(name);
        self.resolved.insert(name.to_string(), t.clone());
        t
    }

    fn resolve_type_anew(&mut self, name: &str) -> PType {
        let bare = trim_colons(name);
        if self.aliases.get(bare).is_none() && has_colons(bare) {
            self.load_alias(bare);
        }
        match types::from_reference(bare, &self.aliases) {
            PType::Resource {
                type_name: Some(t),
                title: None,
            } => {
                if self.resource_type_known(&norm(&t)) == Some(true) {
                    PType::Resource {
                        type_name: Some(t),
                        title: None,
                    }
                } else {
                    PType::Other(bare.to_string())
                }
            }
            t => t,
        }
    }

    fn load_alias(&mut self, name: &str) {
        let Some(file) = self.modulepath.autoload_file(name, "types") else {
            return;
        };
        let Some(l) = self.modulepath.load(&file) else {
            return;
        };
        let found = l.program().body.iter().find_map(|s| match &s.kind {
            ExprKind::TypeAlias(t) if t.name.name.eq_ignore_ascii_case(name) => Some(&t.value),
            _ => None,
        });
        if let Some(value) = found {
            // Guard against an alias that refers to itself while it is being read.
            Arc::make_mut(&mut self.aliases)
                .insert(name.to_string(), PType::Other(name.to_string()));
            self.resolved.clear();
            let t = self.type_of_expr(value);
            Arc::make_mut(&mut self.aliases).insert(name.to_string(), t);
            self.resolved.clear();
        }
    }

    /// Whether `name` (lower case) is a resource type: `Some(false)` only when certain.
    pub(super) fn resource_type_known(&mut self, name: &str) -> Option<bool> {
        if core_types().get(name).is_some()
            || VENDORED_TYPES.contains(&name)
            || matches!(name, "class" | "node" | "stage" | "component" | "whit")
        {
            return Some(true);
        }
        let local = self.locals.define(name).is_some();
        self.note_local_name(name, local);
        if local || self.options.project.has_define(name) {
            return Some(true);
        }
        if !has_colons(name) {
            // A custom type of some module.
            if self.modulepath.has_custom_type(name) {
                return Some(true);
            }
            return if self.modulepath.is_known() && self.options.modulepath_complete() {
                Some(false)
            } else {
                None
            };
        }
        // `a::b`: a defined type of module `a`.
        let file = self.modulepath.manifest_for(name)?;
        if !self.modulepath.is_file(&file) {
            return Some(false);
        }
        let l = self.modulepath.load(&file)?;
        let defined = l.program().body.iter().any(|s| match &s.kind {
            ExprKind::Define(d) => norm(&d.name) == name,
            _ => false,
        });
        if defined {
            Some(true)
        } else {
            None
        }
    }

    /// Checks `v` against `t`; the value to bind: `v`, or an unknown of type `t` when it does
    /// not match (Puppet stops there: what follows is not held against the bad value).
    /// `what` names the value in the message (written only when there is one).
    pub(super) fn check_type(
        &mut self,
        t: &PType,
        v: Value,
        span: Span,
        what: &dyn Fn() -> String,
    ) -> Value {
        if types::instance_of(t, &v, &self.aliases, self.regexes) == Some(false) {
            let m = types::mismatch(t, &v, &self.aliases);
            self.report("type_mismatch", span, format!("{} expects {m}", what()));
            return Value::unknown(t.clone());
        }
        v
    }

    pub(super) fn compare_types(&self, op: BinaryOp, a: &PType, b: &PType) -> Value {
        let al = &self.aliases;
        let r = match op {
            BinaryOp::Eq => Some(a == b),
            BinaryOp::Ne => Some(a != b),
            BinaryOp::Le => types::assignable(b, a, al, self.regexes),
            BinaryOp::Ge => types::assignable(a, b, al, self.regexes),
            BinaryOp::Lt => match (types::assignable(b, a, al, self.regexes), a == b) {
                (Some(x), eq) => Some(x && !eq),
                _ => None,
            },
            BinaryOp::Gt => match (types::assignable(a, b, al, self.regexes), a == b) {
                (Some(x), eq) => Some(x && !eq),
                _ => None,
            },
            _ => None,
        };
        match r {
            Some(b) => Value::Bool(b),
            None => Value::any(),
        }
    }
}
